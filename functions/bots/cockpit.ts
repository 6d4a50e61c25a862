/**
 * The member's cockpit, read side: the running bots with their state, one bot's state with its
 * signal and position, its order journal and its live equity next to the model's. Every read is of
 * the member's own deployment; another member's answers as a made-up id does (404).
 */
import { BOT_NAMES } from '#api/bots';
import { MICRO_PER_USDT, usdt } from '#api/money';
import type { Cockpit, JournalOrder, LiveVersusModel, RunningBot } from '#api/schemas/cockpit';
import { notFound } from '#core/errors';
import { liquidationPrice } from '#engine/backtest/account';
import type { LiveDecision } from '#engine/live/decide';
import { getBot } from '#engine/strategies/registry';
import { intervalMs } from '#functions/exchange/service';
import { decide, modelOf } from './model';
import { isRunning, view } from './service';
import { stateOf, unrealisedOf } from './state';
import {
  deploymentOrders,
  getCandles,
  getDeployment,
  memberDeployments,
  pageDeploymentOrders,
  type BotOrderItem,
  type CandlesItem,
  type DeploymentItem,
} from './store';
import { liveVersusModel } from './versus';

export const botNotFound = 'This bot does not exist.';

/** The member's own deployment; another member's is as absent as a made-up id. */
export const ownDeployment = async (memberId: string, id: string): Promise<DeploymentItem> => {
  const d = await getDeployment(id);
  if (!d || d.memberId !== memberId) throw notFound(botNotFound);
  return d;
};

const finite = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);

/** The candles of each market a list of deployments trades, read once per market. */
const candlesOfAll = () => {
  const reads = new Map<string, Promise<CandlesItem | null>>();
  return (d: DeploymentItem) => {
    const key = `${d.market}|${d.symbol}|${d.interval}`;
    if (!reads.has(key)) reads.set(key, getCandles(d.market, d.symbol, d.interval));
    return reads.get(key)!;
  };
};

/**
 * The running bots, and each kill-switch stop until the member has read it (or deployed that bot
 * again): the dashboard's "Running bots", newest first.
 */
export const getRunningBots = async (memberId: string): Promise<{ bots: RunningBot[] }> => {
  const deployments = await memberDeployments(memberId);
  const listed = deployments.filter(
    (d, k) =>
      isRunning(d) ||
      (d.status === 'killed' &&
        !d.killAcknowledgedAt &&
        !deployments.slice(0, k).some((newer) => newer.bot === d.bot)),
  );
  const candles = candlesOfAll();
  return {
    bots: await Promise.all(
      listed.map(async (d): Promise<RunningBot> => {
        const price = (await candles(d))?.price;
        return {
          id: d.id,
          bot: d.bot,
          name: BOT_NAMES[d.bot],
          symbol: d.symbol,
          market: d.market,
          capital: d.capital,
          quote: d.quote,
          state: stateOf(d),
          openPnl: d.position && price !== undefined ? usdt(unrealisedOf(d, price)) : null,
        };
      }),
    ),
  };
};

/**
 * Where the kill switch closes the real position: the price at which it has lost the bot's maximum
 * drawdown of its capital (the model's own level is used when the model holds the same side).
 */
const realKillLevel = (d: DeploymentItem): number | null => {
  const p = d.position;
  if (!p || p.size === 0) return null;
  const loss = ((d.capital / MICRO_PER_USDT) * modelOf(d).config.maxDrawdownPct) / 100;
  const level = p.entry - loss / p.size;
  return level > 0 ? level : null;
};

/** The protective stop and kill-switch levels of the real position. */
export const guardLevels = (
  d: DeploymentItem,
  decision: LiveDecision | null,
): { stop: number | null; kill: number | null } => {
  const held = d.position?.size ?? 0;
  if (held === 0) return { stop: null, kill: null };
  const sameSide = decision !== null && Math.sign(decision.position) === Math.sign(held);
  return {
    stop: sameSide ? finite(decision.stopLevel) : null,
    kill: (sameSide ? finite(decision.killLevel) : null) ?? realKillLevel(d),
  };
};

/** The model over the deployment's candles, when it has started trading. */
export const decisionOf = (d: DeploymentItem, item: CandlesItem | null): LiveDecision | null =>
  item && item.t.length > 0 && d.tradeFrom !== undefined && isRunning(d)
    ? decide(d, item, intervalMs(d.interval))
    : null;

/** Where an isolated futures position would be liquidated; null where it cannot be (a 1x long). */
const liquidationOf = (
  side: 'long' | 'short',
  size: number,
  entry: number,
  leverage: number,
  d: DeploymentItem,
) => {
  const level = liquidationPrice(
    side,
    size,
    entry,
    (size * entry) / leverage,
    modelOf(d).config.maintenanceMarginRate,
  );
  return level > 0 ? level : null;
};

const positionOf = (d: DeploymentItem, decision: LiveDecision | null, price: number | null) => {
  const p = d.position;
  if (!p || p.size === 0) return null;
  const side = p.size > 0 ? 'long' : 'short';
  const size = Math.abs(p.size);
  const levels = guardLevels(d, decision);
  const leverage = getBot(d.bot).leverage;
  return {
    side,
    size,
    entry: p.entry,
    mark: price,
    unrealised: price === null ? null : usdt(unrealisedOf(d, price)),
    stop: d.paused ? (d.paused.stop ?? null) : levels.stop,
    kill: levels.kill,
    liquidation: d.market === 'futures' ? liquidationOf(side, size, p.entry, leverage, d) : null,
  } as const;
};

export const getBotCockpit = async (memberId: string, id: string): Promise<Cockpit> => {
  const d = await ownDeployment(memberId, id);
  const item = await getCandles(d.market, d.symbol, d.interval);
  const decision = decisionOf(d, item);
  const step = intervalMs(d.interval);
  return {
    deployment: view(d),
    state: stateOf(d),
    interval: d.interval,
    lastCandle: d.lastCandle ?? null,
    nextClose: isRunning(d) && d.lastCandle !== undefined ? d.lastCandle + 2 * step : null,
    inputs: (decision?.inputs ?? []).map((i) => ({ ...i, value: finite(i.value) })),
    position: positionOf(d, decision, item?.price ?? null),
    pausedAt: d.paused?.at ?? null,
  };
};

/** An order's outcome in the journal's words. */
const journalStatus = (o: BotOrderItem): JournalOrder['status'] => {
  const part = (o.filled ?? 0) > 0 && (o.filled ?? 0) < o.size * (1 - 1e-9);
  switch (o.status) {
    case 'placing':
      return o.type === 'market' ? 'sending' : 'resting';
    case 'open':
      return 'resting';
    case 'filled':
      return part ? 'partly filled' : 'filled';
    case 'canceled':
      return (o.filled ?? 0) > 0 ? 'partly filled' : 'cancelled';
    case 'failed':
      return 'refused';
    case 'missed':
      return 'missed';
    case 'skipped':
      return 'skipped';
  }
};

const journalRow = (o: BotOrderItem): JournalOrder => ({
  time: o.createdAt,
  clientOrderId: o.clientOrderId,
  orderId: o.orderId ?? null,
  side: o.side,
  type: o.type,
  price: o.average ?? o.price ?? null,
  size: o.size,
  filled: o.filled ?? 0,
  fee: o.fee ?? null,
  status: journalStatus(o),
  reason: o.reason,
  ...(o.error ? { note: o.error } : {}),
});

export const getBotJournal = async (
  memberId: string,
  query: { id: string; limit: number; cursor?: string },
): Promise<{ items: JournalOrder[]; cursor?: string }> => {
  await ownDeployment(memberId, query.id);
  const page = await pageDeploymentOrders(query.id, query.limit, query.cursor);
  return { items: page.items.map(journalRow), ...(page.cursor ? { cursor: page.cursor } : {}) };
};

export const getBotVersusModel = async (memberId: string, id: string): Promise<LiveVersusModel> => {
  const d = await ownDeployment(memberId, id);
  const [item, orders] = await Promise.all([
    getCandles(d.market, d.symbol, d.interval),
    deploymentOrders(d.id),
  ]);
  return liveVersusModel(d, item, orders);
};
