/**
 * The pure rules of the user stream service (service.ts): which streams a shard keeps (one per
 * bound key and market with running bots), what to open and close to get there, how long to wait
 * before dialling again, and which order updates are fills to record. No I/O.
 */
import type { HeardFill, HeardTrade } from '#functions/exchange/service';

export type StreamMarket = 'spot' | 'futures';

/** A running deployment, as much of it as decides its stream. */
export interface RunningBot {
  id: string;
  memberId: string;
  market: StreamMarket;
}

/** One stream: a member's bound Binance key on one market (spot WebSocket API, or a futures listen key). */
export interface WantedStream {
  memberId: string;
  market: StreamMarket;
  /** The running deployments it carries the fills of. */
  deployments: string[];
}

export const streamIdOf = (s: Pick<WantedStream, 'memberId' | 'market'>) => `${s.memberId}|${s.market}`;

/** Which of `count` shards holds a member's streams: FNV-1a of the member id, so every task agrees. */
export const shardOf = (memberId: string, count: number): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < memberId.length; i++) {
    hash ^= memberId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
};

/** The streams shard `index` of `count` keeps: one per member and market that has running bots. */
export const wantedStreams = (
  bots: readonly RunningBot[],
  shard: { index: number; count: number },
): Map<string, WantedStream> => {
  const wanted = new Map<string, WantedStream>();
  for (const bot of bots) {
    if (shardOf(bot.memberId, shard.count) !== shard.index) continue;
    const id = streamIdOf(bot);
    const stream = wanted.get(id);
    if (stream) stream.deployments.push(bot.id);
    else wanted.set(id, { memberId: bot.memberId, market: bot.market, deployments: [bot.id] });
  }
  return wanted;
};

/** What a stream was opened with: the sealed key it was opened from (a new binding seals anew). */
export interface OpenStream {
  sealed: string;
}

/**
 * What to change: a stream no longer wanted, or whose key was unbound or bound anew, is closed; a
 * wanted one that is not open (or was just closed for its new key) is opened. `sealedKeys` holds
 * the bound key as sealed now (null: none bound) of the members whose key was read this pass: every
 * member without an open stream, and the others only now and then (an open stream of a member not
 * read is kept as it is).
 */
export const streamChanges = (
  open: ReadonlyMap<string, OpenStream>,
  wanted: ReadonlyMap<string, WantedStream>,
  sealedKeys: ReadonlyMap<string, string | null>,
): { close: string[]; open: WantedStream[] } => {
  const close: string[] = [];
  const opening: WantedStream[] = [];
  for (const [id, stream] of open) {
    const want = wanted.get(id);
    if (!want || (sealedKeys.has(want.memberId) && sealedKeys.get(want.memberId) !== stream.sealed))
      close.push(id);
  }
  for (const [id, want] of wanted) {
    if (!sealedKeys.get(want.memberId)) continue;
    if (!open.has(id) || close.includes(id)) opening.push(want);
  }
  return { close, open: opening };
};

/** The members whose bound key a pass reads: those with a wanted stream not open, or all of them when `all`. */
export const keysToRead = (
  open: ReadonlyMap<string, OpenStream>,
  wanted: ReadonlyMap<string, WantedStream>,
  all: boolean,
): string[] => [...new Set([...wanted].filter(([id]) => all || !open.has(id)).map(([, w]) => w.memberId))];

/** Reconnection waits: 0.5 s doubling to 60 s, with up to a fifth more at random so keys do not dial together. */
export const backoffMs = (attempt: number, random: number): number => {
  const base = Math.min(60_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random));
};

/** A trade of an order as ccxt pro parses the stream's event (Binance's t, l, L, n and N). */
export interface StreamedTrade {
  id?: string;
  amount?: number | string;
  price?: number | string;
  fee?: { cost?: number | string; currency?: string };
}

/** An order update as ccxt pro's watchOrders hands it over (the fields read here). */
export interface StreamedOrder {
  id?: string;
  clientOrderId?: string;
  status?: string;
  filled?: number;
  lastTradeTimestamp?: number;
  lastUpdateTimestamp?: number;
  timestamp?: number;
  /**
   * The trades the stream told of this order since the client first heard of it (ccxt adds each
   * TRADE event's trade to the order it already holds; an order first heard at a trade has none).
   */
  trades?: StreamedTrade[];
  /** The event as Binance sent it: a futures conditional order's (ALGO_UPDATE) has `aid` and its status `X`. */
  info?: { aid?: unknown; X?: string };
}

/** A fill the stream tells: the client order id and when the exchange filled it. */
export interface StreamedFill {
  clientOrderId: string;
  at: number;
  /** Every trade of the order, when the stream told them all: the fill is recorded with no request. */
  heard?: HeardFill;
}

/** Quantities add up to the exchange's own within this (floating point, not a missing trade). */
const SAME_QTY = 1e-9;

/**
 * The order's fill from the trades the stream told, when they are all of it: each trade once (by
 * its id), and their quantities add up to the order's filled quantity (Binance's cumulative z).
 * A trade told while the stream was down, or before this client heard the order (a restart, a
 * drop), is missing from the sum: undefined, and the fill is looked up as before.
 */
export const heardFillOf = (order: StreamedOrder): HeardFill | undefined => {
  const filled = order.filled ?? 0;
  if (order.id === undefined || !(filled > 0) || !order.trades?.length) return undefined;
  const byId = new Map<string, HeardTrade>();
  for (const t of order.trades) {
    const qty = Number(t.amount);
    const price = Number(t.price);
    if (t.id === undefined || !(qty > 0) || !(price > 0)) return undefined;
    byId.set(String(t.id), { qty, price, ...(t.fee ? { fee: t.fee } : {}) });
  }
  const trades = [...byId.values()];
  const sum = trades.reduce((total, t) => total + t.qty, 0);
  if (Math.abs(sum - filled) > SAME_QTY * Math.max(1, filled)) return undefined;
  return { orderId: String(order.id), filled, trades };
};

/** Our client order ids start so (functions/bots/runner.ts clientOrderIdOf). */
const OURS = /^tx[0-9A-Za-z]{10}/;

/**
 * An update that is a whole fill of one of our orders, with its trades when the stream told them
 * all (heardFillOf): a partial fill waits for the rest (the record of a fill is once per order, and
 * Binance's FILLED event says when the rest came), and an order that ended part-filled is left to
 * the candle-close settlement, which also tells the member who cancelled it. A futures stop's fill
 * is told twice: by the order it became (under our client order id on the paper exchange, with its
 * trades) and by the stop's FINISHED (no trades: looked up, unless recorded already).
 */
export const fillOf = (order: StreamedOrder): StreamedFill | null => {
  const id = order.clientOrderId;
  if (!id || !OURS.test(id) || order.status !== 'closed' || !((order.filled ?? 0) > 0)) return null;
  // A futures stop (an algo order) TRIGGERED is only on its way: the order it became tells its
  // trades next, and the stop's FINISHED comes after them (ccxt calls both "closed").
  if (order.info?.aid !== undefined && order.info.X !== 'FINISHED') return null;
  const at = order.lastTradeTimestamp ?? order.lastUpdateTimestamp ?? order.timestamp;
  if (at === undefined) return null;
  const heard = heardFillOf(order);
  return heard ? { clientOrderId: id, at, heard } : { clientOrderId: id, at };
};

/**
 * An update that changes one of our live orders other than by a whole fill: cancelled, expired or
 * refused (by the member's hands, self-trade prevention, the exchange), or filled in part. The
 * executor asks the exchange about such an order before keeping it resting (runner.ts).
 */
export const changeOf = (order: StreamedOrder): StreamedFill | null => {
  const id = order.clientOrderId;
  if (!id || !OURS.test(id)) return null;
  const ended = order.status === 'canceled' || order.status === 'expired' || order.status === 'rejected';
  const part = order.status === 'open' && (order.filled ?? 0) > 0;
  if (!ended && !part) return null;
  return { clientOrderId: id, at: order.lastUpdateTimestamp ?? order.timestamp ?? Date.now() };
};

/** The deployment a client order id belongs to, among a stream's (the id carries its last ten characters). */
export const deploymentOfOrder = (
  clientOrderId: string,
  deployments: readonly string[],
): string | undefined => deployments.find((id) => clientOrderId.startsWith(`tx${id.slice(-10)}`));
