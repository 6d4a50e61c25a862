import { RollingExtreme, RollingMoments } from './rolling';
import { mapSeries } from './series';

export interface BandSeries {
  readonly upper: Float64Array;
  readonly middle: Float64Array;
  readonly lower: Float64Array;
}

/** Bollinger bands: SMA(period) ± multiplier × population standard deviation. */
export class Bollinger {
  middle = Number.NaN;
  upper = Number.NaN;
  lower = Number.NaN;
  private readonly moments: RollingMoments;

  constructor(
    readonly period = 20,
    readonly multiplier = 2,
  ) {
    this.moments = new RollingMoments(period);
  }

  /** Returns the middle band (NaN while warming up); upper and lower are fields. */
  update(close: number): number {
    this.moments.push(close);
    if (this.moments.isFull) {
      const width = this.multiplier * Math.sqrt(this.moments.variance());
      this.middle = this.moments.mean();
      this.upper = this.middle + width;
      this.lower = this.middle - width;
    }
    return this.middle;
  }
}

/** Donchian channel: highest high and lowest low of the last `period` candles, current included. */
export class Donchian {
  upper = Number.NaN;
  lower = Number.NaN;
  middle = Number.NaN;
  private readonly highs: RollingExtreme;
  private readonly lows: RollingExtreme;

  constructor(readonly period = 20) {
    this.highs = new RollingExtreme(period, 'max');
    this.lows = new RollingExtreme(period, 'min');
  }

  /** Returns the middle line (NaN while warming up); upper and lower are fields. */
  update(high: number, low: number): number {
    const upper = this.highs.push(high);
    const lower = this.lows.push(low);
    if (this.highs.isFull) {
      this.upper = upper;
      this.lower = lower;
      this.middle = (upper + lower) / 2;
    }
    return this.middle;
  }
}

/** z-score of the latest value against the last `period` values (population standard deviation). */
export class ZScore {
  value = Number.NaN;
  private readonly moments: RollingMoments;

  constructor(readonly period = 20) {
    this.moments = new RollingMoments(period);
  }

  update(x: number): number {
    this.moments.push(x);
    if (this.moments.isFull) {
      const sd = Math.sqrt(this.moments.variance());
      // A flat window has no dispersion: call it "at the mean" rather than divide by zero.
      this.value = sd === 0 ? 0 : (x - this.moments.mean()) / sd;
    }
    return this.value;
  }
}

export function bollinger(close: Float64Array, period = 20, multiplier = 2): BandSeries {
  const b = new Bollinger(period, multiplier);
  const upper = new Float64Array(close.length);
  const lower = new Float64Array(close.length);
  const middle = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) {
    middle[i] = b.update(close[i]);
    upper[i] = b.upper;
    lower[i] = b.lower;
  }
  return { upper, middle, lower };
}

export function donchian(high: Float64Array, low: Float64Array, period = 20): BandSeries {
  const d = new Donchian(period);
  const upper = new Float64Array(high.length);
  const lower = new Float64Array(high.length);
  const middle = new Float64Array(high.length);
  for (let i = 0; i < high.length; i++) {
    middle[i] = d.update(high[i], low[i]);
    upper[i] = d.upper;
    lower[i] = d.lower;
  }
  return { upper, middle, lower };
}

export const zscore = (src: Float64Array, period = 20): Float64Array => mapSeries(src, new ZScore(period));
