import type { Candles } from '../types';
import { Ema } from './moving-averages';

/**
 * An EMA over the closes of a higher timeframe (4-hour or daily candles), built inside a bot from the
 * candles it is fed, so an hourly bot can confirm its signals on the daily trend without any other
 * data. Buckets are aligned to UTC (a daily bucket is a UTC day). A bucket's close enters the EMA
 * only once the bucket is over: at the close of its last candle (known from the candle spacing), or,
 * when candles are missing, as soon as a candle of a later bucket arrives. So the value at candle i
 * uses candles 0..i only (no look-ahead), and within a bucket it stays the previous bucket's.
 */
export class HigherTimeframeEma {
  /** The EMA of the completed buckets' closes (NaN during its warm-up). */
  value = Number.NaN;
  /** The close of the last completed bucket. */
  lastClose = Number.NaN;
  private readonly ema: Ema;
  /** The current bucket's bounds [start, end) (empty until the first candle). */
  private start = 0;
  private end = 0;
  /** The current bucket's last close so far (NaN once it entered the EMA). */
  private close = Number.NaN;
  /** Whether the current bucket entered the EMA already (a bucket enters it once). */
  private taken = false;
  private lastTime = Number.NaN;
  /** The candles' duration: the smallest spacing seen (0 until two candles have been seen). */
  private step = 0;
  /** `update`'s candle, as one-slot columns, so that it runs `next`'s code. */
  private readonly one = { time: new Float64Array(1), close: new Float64Array(1) };

  constructor(
    private readonly bucketMs: number,
    period: number,
  ) {
    if (!(bucketMs > 0)) throw new RangeError(`bucketMs must be > 0, got ${bucketMs}`);
    this.ema = new Ema(period);
  }

  /** Feeds one candle by its open time and close; returns the EMA as known at that candle's close. */
  update(time: number, close: number): number {
    const one = this.one;
    one.time[0] = time;
    one.close[0] = close;
    this.next(one, 0);
    return this.value;
  }

  /**
   * Feeds candle i; the EMA as known at its close is then `value`. Kept small, its rare paths in
   * methods of their own, so that a bot's loop inlines it; and it takes the candles and the index
   * and returns nothing, because a number passed to or returned from a call V8 did not inline (its
   * inlining budget for a bot's candle runs out) is boxed on the heap.
   */
  next(c: Pick<Candles, 'time' | 'close'>, i: number): void {
    const time = c.time[i];
    const spacing = time - this.lastTime;
    this.lastTime = time;
    if (spacing > 0 && (spacing < this.step || this.step === 0)) this.step = spacing;
    if (time >= this.end || time < this.start) this.enter(time);
    if (this.taken) return;
    this.close = c.close[i];
    if (this.step > 0 && time + this.step >= this.end) this.complete();
  }

  /**
   * +1 when the last completed close is above the EMA, -1 below it, 0 on it or while it warms up.
   * (A close above the EMA it just entered has pulled it up: the EMA is rising too.)
   */
  get direction(): 1 | -1 | 0 {
    return this.lastClose > this.value ? 1 : this.lastClose < this.value ? -1 : 0;
  }

  /** A candle of another bucket: the open one, if its last candles were missing, is over. */
  private enter(time: number): void {
    if (!this.taken && !Number.isNaN(this.close)) this.complete();
    this.start = Math.floor(time / this.bucketMs) * this.bucketMs;
    this.end = this.start + this.bucketMs;
    this.taken = false;
  }

  private complete(): void {
    this.value = this.ema.update(this.close);
    this.lastClose = this.close;
    this.close = Number.NaN;
    this.taken = true;
  }
}
