/**
 * Orders rest across candles (issue 30, point 5): the rules that say which of a bot's order records
 * answer the model's fills, which may stay on the exchange as they are, and what to cancel and place
 * so that the exchange holds what the model wants resting. Pure: runner.ts does the I/O.
 *
 * A resting order used to live for one candle: every close cancelled it and placed the next candle's
 * anew, ~6 request weight per order per candle whether anything changed or not. Now an order the
 * model still wants (same side, kind, level, size) stays where it is, so a candle where nothing moved
 * costs nothing; and an order may fill in any candle after the one it was placed for. So a model fill
 * is matched against every order record at its level, whatever candle the order was placed for or
 * filled in; one matched nowhere is what the executor sends at market. Matching too narrowly would
 * send a level that already filled a second time: the one thing that must never happen.
 */
import type { RestingOrder } from '#engine/live/decide';
import type { BotOrderItem } from './store';

/** What locates a level: the model's order, or one of its legs. */
export interface Level {
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  price: number;
}

export const sameLevel = (o: Pick<BotOrderItem, 'side' | 'type' | 'price'>, level: Level) =>
  o.side === level.side &&
  o.type === level.type &&
  Math.abs((o.price ?? 0) - level.price) <= level.price * 1e-9;

/** An order that may still be on the exchange: sent (or being sent) and not known to be over. */
export const isLive = (o: BotOrderItem) =>
  o.type !== 'market' && (o.status === 'open' || o.status === 'placing');

/**
 * The candle an order's fill belongs to: a market order's, the candle that closed before it was
 * sent; a resting order's, the model's candle it answered, else the candle its exchange fill time
 * falls in, else (a record from before fill times were kept) its own candle.
 */
export const fillCandleOf = (o: BotOrderItem, step: number): number =>
  o.type === 'market'
    ? o.candle
    : (o.modelCandle ?? (o.filledAt !== undefined ? o.filledAt - (o.filledAt % step) : o.candle));

/**
 * Whether record `o` answers the model's fill of its level on candle `t`: it was placed for `t` or
 * before, it answered no other model fill (or this one, on an earlier attempt), and it is either still live (the exchange is asked), or
 * filled within a candle of `t` (a fill stamped on the boundary of two candles, or one after the
 * close the model saw, before the executor acted), or whatever became of an order (or the record of
 * why none was sent: skipped, refused) of that very candle.
 */
export const answers = (o: BotOrderItem, t: number, step: number): boolean => {
  // A record that answered this very fill answers it again: the candle acted on anew (its last
  // write found the deployment moved, or a crash) must find it, not send the level at market.
  if (o.type === 'market' || o.candle > t || (o.modelCandle !== undefined && o.modelCandle !== t))
    return false;
  if (isLive(o)) return true;
  if (o.status === 'filled') return Math.abs(fillCandleOf(o, step) - t) <= step;
  return o.candle === t;
};

export const ALREADY_FILLED = 'not placed again: this level filled on the exchange after its candle closed';

/**
 * Whether a level the model wants resting on candle `next` filled already: an order at that level
 * filled after the last candle closed (at `next` or later) and answered no model fill yet. The
 * model will fill the level on `next`, and that record will answer it.
 */
export const filledAhead = (orders: readonly BotOrderItem[], level: Level, next: number, step: number) =>
  orders.some(
    (o) =>
      o.status === 'filled' &&
      o.type !== 'market' &&
      o.modelCandle === undefined &&
      fillCandleOf(o, step) >= next &&
      sameLevel(o, level),
  );

/** One order the model wants resting, sized for the exchange (the size it would be sent with). */
export interface WantedLeg extends Level {
  /** The leg's client order id suffix ("r0", "r0o"). */
  leg: string;
  size: number;
  reduceOnly: boolean;
}

/**
 * What to do so that the exchange rests `wanted`, given the live orders known to rest there: an
 * order equal to a wanted leg (side, kind, level, size, reduce-only) is kept; every other live order
 * is cancelled and every wanted leg not kept is placed.
 */
export const diffResting = <T extends WantedLeg>(
  wanted: readonly T[],
  live: readonly BotOrderItem[],
): { keep: BotOrderItem[]; cancel: BotOrderItem[]; place: T[] } => {
  const unmatched = [...live];
  const keep: BotOrderItem[] = [];
  const place: T[] = [];
  for (const w of wanted) {
    const k = unmatched.findIndex(
      (o) =>
        sameLevel(o, w) &&
        Math.abs(o.size - w.size) <= w.size * 1e-9 &&
        Boolean(o.reduceOnly) === w.reduceOnly,
    );
    if (k < 0) place.push(w);
    else keep.push(...unmatched.splice(k, 1));
  }
  return { keep, cancel: unmatched, place };
};

/** The model's resting orders as the levels the exchange can hold (spot stops are taken at the close). */
export const restableOn = (market: 'spot' | 'futures', resting: readonly RestingOrder[]) =>
  market === 'spot' ? resting.filter((r) => r.type !== 'stop') : resting;

/** How long after its stream connected an order must have been placed for the stream to vouch for it. */
export const STREAM_SETTLE_MS = 5_000;
/**
 * A stream status older than this is not believed: its service may have died without saying so
 * (the service writes it every 5 minutes at least, functions/streams/service.ts).
 */
export const STREAM_STALE_MS = 11 * 60_000;

/**
 * Whether a member's user data stream has heard everything that happened to an order known to rest
 * since `since` (wall clock, ms): it has been connected, without a gap, since before then (by a
 * margin, for its subscription to take), and its service saw it lately.
 */
export const streamCovers = (
  status: { upSince?: number; seenAt: number } | null,
  since: number,
  now: number,
): boolean =>
  status?.upSince !== undefined &&
  status.upSince + STREAM_SETTLE_MS <= since &&
  now - status.seenAt <= STREAM_STALE_MS;
