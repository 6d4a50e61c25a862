/**
 * Prices that replay the shipped 15-minute Binance candles (data/market) at a configurable speed.
 * Replay time v runs `speed` times faster than the wall clock from a start point some days before
 * the end of the data and wraps around at the end. Inside a candle the price moves linearly from
 * its open to its close, so the ticker changes every few seconds. Candles are served with times
 * shifted so that the candle being replayed is the one open "now".
 */
import { loadCandles } from '#engine/data/load-candles';
import type { Candles } from '#engine/types';

export const CANDLE_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

interface Kline {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  closeTime: number;
}

interface ReplayOptions {
  /** Replay speed against the wall clock: 60 plays one 15-minute candle in 15 seconds. */
  speed: number;
  /** How many days before the end of the data the replay starts. */
  startDaysBeforeEnd?: number;
  /** Wall-clock start (ms). */
  startedAt: number;
}

export class Replay {
  private readonly series = new Map<string, Candles>();

  constructor(
    private readonly options: ReplayOptions,
    load: (symbol: string) => Candles = (symbol) => loadCandles(symbol, '15m'),
    symbols: string[] = ['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'BNBUSDT'],
  ) {
    for (const symbol of symbols) this.series.set(symbol, load(symbol));
  }

  has(symbol: string) {
    return this.series.has(symbol);
  }

  private candles(symbol: string): Candles {
    const c = this.series.get(symbol);
    if (!c) throw new Error(`no replay for ${symbol}`);
    return c;
  }

  /** Replay position in candles (fractional) at a wall-clock time, counted from the data's start. */
  private position(c: Candles, wall: number): number {
    const startIndex = Math.max(0, c.length - ((this.options.startDaysBeforeEnd ?? 30) * DAY_MS) / CANDLE_MS);
    const elapsed = ((wall - this.options.startedAt) * this.options.speed) / CANDLE_MS;
    const span = c.length - 1;
    return (((startIndex + elapsed) % span) + span) % span;
  }

  private at(c: Candles, pos: number): number {
    const i = Math.floor(pos);
    const f = pos - i;
    return c.open[i] + (c.close[i] - c.open[i]) * f;
  }

  price(symbol: string, wall: number): number {
    const c = this.candles(symbol);
    return this.at(c, this.position(c, wall));
  }

  /** Lowest and highest replayed price between two wall-clock times (for resting orders). */
  range(symbol: string, from: number, to: number): { low: number; high: number } {
    const c = this.candles(symbol);
    const a = this.position(c, from);
    const b = this.position(c, to);
    let low = Math.min(this.at(c, a), this.at(c, b));
    let high = Math.max(this.at(c, a), this.at(c, b));
    if (b >= a && b - a < 5000)
      for (let i = Math.ceil(a); i <= Math.floor(b); i++) {
        low = Math.min(low, c.open[i]);
        high = Math.max(high, c.open[i]);
      }
    return { low, high };
  }

  /** The candles up to `wall` (the last one partial), with times shifted to wall-clock time. */
  klines(symbol: string, wall: number, intervalMs: number, limit: number): Kline[] {
    const c = this.candles(symbol);
    const pos = this.position(c, wall);
    const current = Math.floor(pos);
    // Wall-clock open time of the current 15-minute candle, aligned to the grid.
    const currentOpen = Math.floor(wall / CANDLE_MS) * CANDLE_MS;
    const per = Math.max(1, Math.round(intervalMs / CANDLE_MS));
    // Group whole 15-minute candles into the asked interval, aligned on the shifted grid.
    const groupStart = (i: number) =>
      i - ((((Math.floor(currentOpen / CANDLE_MS) - (current - i)) % per) + per) % per);
    const out: Kline[] = [];
    let end = current;
    while (out.length < limit && end >= 0) {
      const start = Math.max(0, groupStart(end));
      let open = c.open[start];
      let high = -Infinity;
      let low = Infinity;
      let close = 0;
      let volume = 0;
      for (let i = start; i <= end; i++) {
        const isCurrent = i === current;
        const last = isCurrent ? this.at(c, pos) : c.close[i];
        const part = isCurrent ? pos - current : 1;
        high = Math.max(high, isCurrent ? Math.max(c.open[i], last) : c.high[i]);
        low = Math.min(low, isCurrent ? Math.min(c.open[i], last) : c.low[i]);
        close = last;
        volume += c.volume[i] * part;
        if (i === start) open = c.open[i];
      }
      const openTime = currentOpen - (current - start) * CANDLE_MS;
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
