/**
 * Prices that replay the shipped 15-minute Binance candles (data/market) at a configurable speed.
 *
 * Clock: replay position (in candles) = start candle + (wall - anchor) × speed / 15 min, where
 * `anchor` is the 15-minute grid line at or before the wall-clock start, so at speed 1 a candle
 * boundary of the replay falls on every 15-minute boundary of the exchange's clock. The start
 * candle is the one holding `startAt` (an open time of the data, epoch ms) or, without it, the one
 * `startDaysBeforeEnd` days (30) before the end of the data. The replay wraps around at the end.
 * The clock (`ReplayClock`) is kept with the accounts: a restarted exchange given it goes on from
 * where the replay would be now, as if it had never stopped (a restart at another speed re-anchors
 * at the restart, so neither the price path nor the candles' times jump back).
 *
 * Path inside a candle (as the backtester assumes, engine/backtest/account.ts): open, then the
 * extreme on the far side of the move, then the other extreme, then close (open→low→high→close for
 * a rising candle, open→high→low→close for a falling one), each leg a third of the candle and
 * linear; between a close and the next open the price jumps. `path` lists those points so that the
 * book can see every level a candle traded at (a resting order at a candle's low fills in it), and
 * where the price jumped (a stop passed by a jump fills at the price after it). Candles are served
 * with times shifted so that the candle being replayed is the one open "now".
 */
import { loadCandles } from '#engine/data/load-candles';
import type { Candles } from '#engine/types';

export const CANDLE_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
/** A catch-up longer than this many candles only walks its last ones (an idle week at speed 60). */
const MAX_WALK_CANDLES = 20_000;

interface Kline {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  closeTime: number;
}

/** A point of the replayed path: `jump` when the price got there by a gap from the point before. */
export interface PathPoint {
  time: number;
  price: number;
  jump: boolean;
}

/**
 * What a replay's clock is, kept between restarts: the exchange-clock `anchor` where the replay
 * stood at the start candle, the time `label` that candle is served with, the speed, and per
 * symbol the start candle's open time in the data (a time, not an index, so more data appended to
 * data/market does not move the clock).
 */
export interface ReplayClock {
  anchor: number;
  label: number;
  speed: number;
  start: Record<string, number>;
}

export interface ReplayOptions {
  /** Replay speed against the exchange's clock: 60 plays one 15-minute candle in 15 seconds. */
  speed: number;
  /** Open time (epoch ms of the data) of the candle the replay starts at; wins over the next. */
  startAt?: number;
  /** How many days before the end of the data the replay starts (without `startAt`; 30). */
  startDaysBeforeEnd?: number;
  /** Exchange-clock time (ms) of the start. */
  startedAt: number;
  /** The clock of an earlier run to go on with (wins over `startAt` and `startDaysBeforeEnd`). */
  clock?: ReplayClock;
}

const LEG = 1 / 3;

export class Replay {
  private readonly series = new Map<string, Candles>();
  /** Unwrapped index of each symbol's candle at `anchor`. */
  private readonly startIndexes = new Map<Candles, number>();
  private readonly anchor: number;
  private readonly label: number;
  private readonly speed: number;

  constructor(
    private readonly options: ReplayOptions,
    load: (symbol: string) => Candles = (symbol) => loadCandles(symbol, '15m'),
    symbols: string[] = ['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'BNBUSDT'],
  ) {
    for (const symbol of symbols) this.series.set(symbol, load(symbol));
    const saved = options.clock;
    const anchor = saved?.anchor ?? Math.floor(options.startedAt / CANDLE_MS) * CANDLE_MS;
    const from = saved?.speed ?? options.speed;
    for (const [symbol, c] of this.series) {
      const at = saved?.start[symbol];
      this.startIndexes.set(c, at === undefined ? this.firstIndex(c) : this.indexAt(c, at));
    }
    if (from === options.speed) {
      this.anchor = anchor;
      this.label = saved?.label ?? anchor;
      this.speed = from;
      return;
    }
    // Another speed from here on: the candle being replayed now becomes the start, as far
    // through as it was, and keeps its time, so the replay goes on without a jump.
    const played = ((options.startedAt - anchor) * from) / CANDLE_MS;
    const whole = Math.floor(played);
    for (const [c, i] of this.startIndexes) this.startIndexes.set(c, i + whole);
    this.label = (saved?.label ?? anchor) + whole * CANDLE_MS;
    this.speed = options.speed;
    this.anchor = options.startedAt - ((played - whole) * CANDLE_MS) / options.speed;
  }

  /** The clock to keep, so that a restart goes on from here. */
  clock(): ReplayClock {
    const start: Record<string, number> = {};
    for (const [symbol, c] of this.series) start[symbol] = c.time[this.wrap(c, this.startIndex(c))];
    return { anchor: this.anchor, label: this.label, speed: this.speed, start };
  }

  has(symbol: string) {
    return this.series.has(symbol);
  }

  private candles(symbol: string): Candles {
    const c = this.series.get(symbol);
    if (!c) throw new Error(`no replay for ${symbol}`);
    return c;
  }

  private startIndex(c: Candles): number {
    return this.startIndexes.get(c)!;
  }

  /** The start candle of a new replay. */
  private firstIndex(c: Candles): number {
    const { startAt, startDaysBeforeEnd } = this.options;
    if (startAt === undefined)
      return Math.max(0, c.length - ((startDaysBeforeEnd ?? 30) * DAY_MS) / CANDLE_MS);
    return this.indexAt(c, startAt);
  }

  /** The last candle that opened at or before `startAt` (binary search over open times). */
  private indexAt(c: Candles, startAt: number): number {
    let lo = 0;
    let hi = c.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (c.time[mid] <= startAt) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Replay position in candles (fractional, not wrapped) at an exchange-clock time. */
  private position(c: Candles, wall: number): number {
    return this.startIndex(c) + ((wall - this.anchor) * this.speed) / CANDLE_MS;
  }

  /** The exchange-clock time of a replay position (inverse of `position`). */
  private wallOf(c: Candles, pos: number): number {
    return this.anchor + ((pos - this.startIndex(c)) * CANDLE_MS) / this.speed;
  }

  /** Index into the data of the candle at unwrapped index i. */
  private wrap(c: Candles, i: number): number {
    const span = c.length - 1;
    return ((i % span) + span) % span;
  }

  /** The candle's four waypoints: open, first extreme, second extreme, close. */
  private waypoints(c: Candles, i: number): [number, number, number, number] {
    const rising = c.close[i] >= c.open[i];
    return rising
      ? [c.open[i], c.low[i], c.high[i], c.close[i]]
      : [c.open[i], c.high[i], c.low[i], c.close[i]];
  }

  /** Price at a fraction f ∈ [0, 1) of candle i's path. */
  private along(c: Candles, i: number, f: number): number {
    const w = this.waypoints(c, i);
    const leg = Math.min(2, Math.floor(f / LEG));
    const t = (f - leg * LEG) / LEG;
    return w[leg] + (w[leg + 1] - w[leg]) * t;
  }

  /** Lowest and highest price of candle i's path up to fraction f (the partial candle's range). */
  private rangeUpTo(c: Candles, i: number, f: number): { low: number; high: number } {
    const w = this.waypoints(c, i);
    const seen = [w[0], this.along(c, i, f)];
    for (let leg = 1; leg <= 2; leg++) if (f >= leg * LEG) seen.push(w[leg]);
    return { low: Math.min(...seen), high: Math.max(...seen) };
  }

  private at(c: Candles, pos: number): number {
    const i = Math.floor(pos);
    return this.along(c, this.wrap(c, i), pos - i);
  }

  price(symbol: string, wall: number): number {
    const c = this.candles(symbol);
    return this.at(c, this.position(c, wall));
  }

  /**
   * Every point the replayed price went through between two exchange-clock times, in order: the
   * price at `from`, each waypoint and candle open passed (a candle's open marked as a jump from
   * the previous close), and the price at `to`. Between two points the price moves linearly.
   */
  path(symbol: string, from: number, to: number): PathPoint[] {
    const c = this.candles(symbol);
    const b = this.position(c, to);
    const a = Math.max(this.position(c, from), b - MAX_WALK_CANDLES);
    const points: PathPoint[] = [{ time: this.wallOf(c, a), price: this.at(c, a), jump: false }];
    if (b <= a) return points;
    for (let i = Math.floor(a); i <= Math.floor(b); i++) {
      const k = this.wrap(c, i);
      const w = this.waypoints(c, k);
      for (let leg = 0; leg <= 2; leg++) {
        const pos = i + leg * LEG;
        // a candle boundary at `to` itself is walked (close, then the jump to the open)
        if (pos <= a || pos > b) continue;
        if (leg === 0) {
          const before = this.wrap(c, i - 1);
          points.push({ time: this.wallOf(c, pos), price: c.close[before], jump: false });
        }
        points.push({ time: this.wallOf(c, pos), price: w[leg], jump: leg === 0 });
      }
    }
    points.push({ time: to, price: this.at(c, b), jump: false });
    return points;
  }

  /** Lowest and highest replayed price between two exchange-clock times. */
  range(symbol: string, from: number, to: number): { low: number; high: number } {
    const prices = this.path(symbol, from, to).map((p) => p.price);
    return { low: Math.min(...prices), high: Math.max(...prices) };
  }

  /**
   * The last `limit` candles up to `wall` (the last one partial), with times shifted to
   * exchange-clock time; with `until`, the last ones that opened at or before it (whole candles,
   * as Binance's endTime), so that a client can page back through the whole replayed history.
   */
  klines(symbol: string, wall: number, intervalMs: number, limit: number, until = Infinity): Kline[] {
    const c = this.candles(symbol);
    const pos = this.position(c, wall);
    const current = Math.floor(pos);
    // Open time of the current 15-minute candle: the start's label plus 15 minutes per candle
    // replayed. At speed 1 that is the exchange clock's own 15-minute grid; faster, the times run
    // ahead of the clock but each candle keeps its time (a bot's history is never relabelled).
    const currentOpen = this.label + (current - this.startIndex(c)) * CANDLE_MS;
    const per = Math.max(1, Math.round(intervalMs / CANDLE_MS));
    // Group whole 15-minute candles into the asked interval, aligned on the shifted grid.
    const groupStart = (i: number) =>
      i - ((((Math.floor(currentOpen / CANDLE_MS) - (current - i)) % per) + per) % per);
    const out: Kline[] = [];
    const first = current - (c.length - 2);
    // The newest 15-minute candle that opened by `until`, and the end of the interval holding it.
    const last = until >= currentOpen ? current : current - Math.ceil((currentOpen - until) / CANDLE_MS);
    let end = Math.min(current, groupStart(last) + per - 1);
    while (out.length < limit && end >= first) {
      const start = Math.max(first, groupStart(end));
      let high = -Infinity;
      let low = Infinity;
      let close = 0;
      let volume = 0;
      for (let i = start; i <= end; i++) {
        const k = this.wrap(c, i);
        const isCurrent = i === current;
        const part = isCurrent ? pos - current : 1;
        const seen = isCurrent ? this.rangeUpTo(c, k, part) : { low: c.low[k], high: c.high[k] };
        high = Math.max(high, seen.high);
        low = Math.min(low, seen.low);
        close = isCurrent ? this.at(c, pos) : c.close[k];
        volume += c.volume[k] * part;
      }
      const openTime = currentOpen - (current - start) * CANDLE_MS;
      const open = c.open[this.wrap(c, start)];
      out.push({ openTime, open, high, low, close, volume, closeTime: openTime + per * CANDLE_MS - 1 });
      end = start - 1;
    }
    return out.reverse();
  }

  /** Binance's 24-hour rolling statistics at `wall`. */
  stats24h(symbol: string, wall: number) {
    const candles = this.klines(symbol, wall, CANDLE_MS, 97);
    const last = candles[candles.length - 1].close;
    const open = candles[0].open;
    return {
      open,
      last,
      high: Math.max(...candles.map((k) => k.high)),
      low: Math.min(...candles.map((k) => k.low)),
      volume: candles.reduce((s, k) => s + k.volume, 0),
      change: last - open,
      changePercent: ((last - open) / open) * 100,
      openTime: wall - DAY_MS,
      closeTime: wall,
    };
  }
}
