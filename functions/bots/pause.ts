/**
 * The member's cockpit, write side: pause and resume a bot, and read a kill-switch stop (resume from
 * the bot's equity now, or leave it stopped). A pause cancels the bot's resting orders and keeps its
 * position under its protective stop (exchange gateway now, the executor on every paused candle);
 * the deploy gates, the exchange balance check and the ledger are those of a deploy.
 */
import { nowIso } from '#core/clock';
import { badRequest, conflict } from '#core/errors';
import { logger } from '#core/logger';
import { holdOnExchange, intervalMs, memberTradingAccount } from '#functions/exchange/service';
import { notifyBotEvent } from '#functions/notifications/service';
import { BOT_NAMES } from '#api/bots';
import { decisionOf, guardLevels, ownDeployment } from './cockpit';
import { DCA_FAMILY } from './gates';
import { holdPaused } from './runner';
import { checkBalance } from './amount';
import { checkGates } from './service';
import {
  claimPageBotItem,
  deploymentClosedTrades,
  getCandles,
  getDeployment,
  replaceDeployment,
  type DeploymentItem,
} from './store';

export const pauseMessages = {
  paused: 'Bot paused. Its resting orders are cancelled; its position is kept with its protective stop.',
  resumed:
    'Bot resumed. It trades again from the next candle; a position its signal no longer holds is closed then.',
  restarted: 'Bot resumed. Its kill switch now measures the drawdown from its equity today.',
  leftStopped: 'Noted. The bot stays stopped.',
  notRunning: 'This bot is not running.',
  alreadyPaused: 'This bot is paused already.',
  notPaused: 'This bot is not paused.',
  notKilled: 'This bot was not stopped by the kill switch.',
  nothingLeft: 'This bot has no capital left to trade.',
  busy: 'The bot is busy trading. Try again in a moment.',
} as const;

/**
 * Writes the member's deployment as `next` makes it (which may refuse), reading it again when a tick
 * moved it meanwhile.
 */
const change = async (
  memberId: string,
  id: string,
  next: (d: DeploymentItem) => Promise<DeploymentItem>,
): Promise<DeploymentItem> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const d = await ownDeployment(memberId, id);
    const n = await next(d);
    const claim = d.status === 'killed' && n.status === 'active' && !DCA_FAMILY.includes(d.bot);
    if (await replaceDeployment(d, n, claim ? [claimPageBotItem(n)] : [])) return n;
  }
  throw conflict('TRY_AGAIN', pauseMessages.busy);
};

/** The member's own act, told like every bot event (the feed, the live bell, the e-mail they chose). */
const tellPausedOrResumed = (d: DeploymentItem, message: string) =>
  notifyBotEvent({
    memberId: d.memberId,
    deploymentId: d.id,
    bot: d.bot,
    type: 'paused-resumed',
    message: `${BOT_NAMES[d.bot]}: ${message}`,
  }).catch((error: unknown) =>
    logger.warn('bot notification failed', { deploymentId: d.id, error: (error as Error).message }),
  );

export const pauseBot = async (memberId: string, id: string) => {
  const paused = await change(memberId, id, async (d) => {
    if (d.status !== 'active') throw badRequest('NOT_RUNNING', pauseMessages.notRunning);
    if (d.paused) throw badRequest('PAUSED', pauseMessages.alreadyPaused);
    const item = await getCandles(d.market, d.symbol, d.interval);
    const levels = guardLevels(d, decisionOf(d, item));
    const last = d.lastCandle ?? item?.t.at(-1) ?? 0;
    // The kept stop is the model's protective stop, else the kill switch's level.
    const stop = levels.stop ?? levels.kill ?? undefined;
    return {
      ...d,
      paused: {
        at: nowIso(),
        candle: last + intervalMs(d.interval),
        ...(stop === undefined ? {} : { stop }),
      },
    };
  });
  try {
    await holdOnExchange(id);
  } catch (error) {
    // The executor holds it at the next candle.
    logger.warn('pause left to the executor', { deploymentId: id, error: (error as Error).message });
  }
  await tellPausedOrResumed(paused, pauseMessages.paused);
  return { message: pauseMessages.paused };
};

/** The exchange gateway's half of a pause. */
export const finishPause = async (deploymentId: string): Promise<void> => {
  const d = await getDeployment(deploymentId);
  if (!d?.paused || d.status !== 'active') return;
  const account = await memberTradingAccount(d.memberId, d.market);
  if (account) await holdPaused(d, account);
};

export const resumeBot = async (memberId: string, id: string) => {
  const resumed = await change(memberId, id, async (d) => {
    if (d.status !== 'active') throw badRequest('NOT_RUNNING', pauseMessages.notRunning);
    if (!d.paused) throw badRequest('NOT_PAUSED', pauseMessages.notPaused);
    // The kept stop is settled by the executor with the next candle's orders.
    return { ...d, paused: undefined, resumed: nowIso() };
  });
  await tellPausedOrResumed(resumed, pauseMessages.resumed);
  return { message: pauseMessages.resumed };
};

/** The bot's equity now: its capital and what it realised since it last started (micro-USDT). */
const equityNow = async (d: DeploymentItem) => {
  const since = d.restartedAt ?? d.deployedAt;
  const trades = await deploymentClosedTrades(d.id);
  return d.capital + trades.filter((t) => t.exitDate > since).reduce((s, t) => s + t.profit, 0);
};

export const acknowledgeKill = async (memberId: string, input: { id: string; resume: boolean }) => {
  await change(memberId, input.id, async (d) => {
    if (d.status !== 'killed' || d.killAcknowledgedAt)
      throw badRequest('NOT_KILLED', pauseMessages.notKilled);
    if (!input.resume) return { ...d, killAcknowledgedAt: nowIso() };
    // Trading again is a deploy: the plan and conflict gates, then the exchange balance.
    await checkGates(memberId, d.bot, true, true);
    const capital = await equityNow(d);
    if (capital <= 0) throw badRequest('NOTHING_LEFT', pauseMessages.nothingLeft);
    await checkBalance(memberId, d.market, d.quote, capital);
    // A new start: the model replays from the next candle with this capital, so its peak is today's equity.
    return {
      ...d,
      status: 'active',
      capital,
      tradeFrom: undefined,
      stoppedAt: undefined,
      stopReason: undefined,
      attention: undefined,
      restartedAt: nowIso(),
    };
  });
  return { message: input.resume ? pauseMessages.restarted : pauseMessages.leftStopped };
};
