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
  private bucket = Number.NaN;
  /** The last bucket that entered the EMA (a bucket enters it once). */
  private completed = Number.NaN;
  private close = Number.NaN;
  private lastTime = Number.NaN;
  /** The candles' duration: the smallest spacing seen (0 until two candles have been seen). */
  private step = 0;

  constructor(
    private readonly bucketMs: number,
    period: number,
  ) {
    if (!(bucketMs > 0)) throw new RangeError(`bucketMs must be > 0, got ${bucketMs}`);
    this.ema = new Ema(period);
  }

  /** Feeds candle i (its open time and close); returns the EMA as known at that candle's close. */
  update(time: number, close: number): number {
    const spacing = time - this.lastTime;
    if (spacing > 0 && (this.step === 0 || spacing < this.step)) this.step = spacing;
    this.lastTime = time;
    const bucket = Math.floor(time / this.bucketMs);
    // A candle of a later bucket while the previous one is still open: candles were missing.
    if (bucket !== this.bucket && !Number.isNaN(this.close)) this.complete();
    this.bucket = bucket;
    if (bucket === this.completed) return this.value;
    this.close = close;
    if (this.step > 0 && time + this.step >= (bucket + 1) * this.bucketMs) this.complete();
    return this.value;
  }

  /**
   * +1 when the last completed close is above the EMA, -1 below it, 0 on it or while it warms up.
   * (A close above the EMA it just entered has pulled it up: the EMA is rising too.)
   */
  get direction(): 1 | -1 | 0 {
    return this.lastClose > this.value ? 1 : this.lastClose < this.value ? -1 : 0;
  }

  private complete(): void {
    this.value = this.ema.update(this.close);
    this.lastClose = this.close;
    this.close = Number.NaN;
    this.completed = this.bucket;
  }
}
