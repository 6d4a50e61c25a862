/**
 * A bot's state in the member's words, from what the executor recorded (the deployment: its
 * status, pause, attention and position from real fills). Pure.
 */
import type { BotState } from '#api/schemas/cockpit';
import type { BotAttention, DeploymentItem } from './store';

/** What the member can do about each reason the executor could not trade. */
const todoOf = (a: BotAttention, d: Pick<DeploymentItem, 'market' | 'quote'>): string => {
  switch (a.kind) {
    case 'key':
      return 'On the Exchange page, check that your Binance key still exists, has trading enabled and whitelists our IP address; bind it again if you deleted it. The bot tries again on every candle.';
    case 'funds':
      return `Move ${d.quote} to your Binance ${d.market} account, or pause the bot. It tries again on every candle.`;
    case 'refused':
      return 'The order journal below shows the refused order. Pause the bot if the exchange keeps refusing it.';
  }
};

export type StateFields = Pick<
  DeploymentItem,
  'status' | 'paused' | 'attention' | 'position' | 'stopReason' | 'tradeFrom' | 'market' | 'quote'
>;

export const stateOf = (d: StateFields): BotState => {
  if (d.status === 'killed')
    return {
      name: 'killed',
      label: 'Stopped by the kill switch',
      detail: d.stopReason,
      todo: 'Resume it with the kill switch measured from its equity now, or leave it stopped.',
    };
  if (d.status === 'stopped') return { name: 'stopped', label: 'Stopped', detail: d.stopReason };
  if (d.status === 'stopping')
    return { name: 'stopping', label: 'Stopping', detail: 'Cancelling its orders and closing its position.' };
  if (d.attention)
    return {
      name: 'attention',
      label: 'Needs attention',
      detail: d.attention.reason,
      todo: todoOf(d.attention, d),
    };
  if (d.paused)
    return {
      name: 'paused',
      label: 'Paused',
      detail: d.position
        ? 'No new trades; its position is kept under its protective stop.'
        : 'No new trades until you resume it.',
    };
  if (d.position && d.position.size !== 0) return { name: 'position', label: 'In a position' };
  return {
    name: 'waiting',
    label: 'Waiting for a signal',
    ...(d.tradeFrom === undefined ? { detail: 'It starts with the next candle.' } : {}),
  };
};

/** Unrealised profit of the real position at `price`, in USDT (as the portfolio marks it). */
export const unrealisedOf = (d: Pick<DeploymentItem, 'position'>, price: number): number =>
  d.position ? d.position.size * (price - d.position.entry) : 0;
