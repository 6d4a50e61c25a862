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
  /** The window's mean and population standard deviation behind `value`. */
  mean = Number.NaN;
  sd = Number.NaN;
  private readonly moments: RollingMoments;

  constructor(readonly period = 20) {
    this.moments = new RollingMoments(period);
  }

  update(x: number): number {
    this.moments.push(x);
    if (this.moments.isFull) {
      const sd = Math.sqrt(this.moments.variance());
      this.mean = this.moments.mean();
      this.sd = sd;
      // A flat window has no dispersion: call it "at the mean" rather than divide by zero.
      this.value = sd === 0 ? 0 : (x - this.mean) / sd;
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

/**
 * Batch Donchian with the van Herk / Gil-Werman algorithm: the series is cut into blocks of
 * `period`; a window ending at i spans the tail of the previous block (its suffix extreme, kept in
 * a small buffer) and the head of the current one (a running prefix extreme). Three comparisons per
 * value and no deque. Max and min are exact, so the result equals the streaming class (a monotonic
 * deque) value for value.
 */
export function donchian(high: Float64Array, low: Float64Array, period = 20): BandSeries {
  if (!(period >= 1)) throw new RangeError(`period must be >= 1, got ${period}`);
  const upper = rollingExtreme(high, period, 1);
  const lower = rollingExtreme(low, period, -1);
  return { upper, middle: midpoints(upper, lower), lower };
}

function midpoints(upper: Float64Array, lower: Float64Array): Float64Array {
  const middle = new Float64Array(upper.length);
  for (let i = 0; i < upper.length; i++) middle[i] = (upper[i] + lower[i]) / 2;
  return middle;
}

/**
 * Max (sign 1) or min (sign -1) of each window of `period` values, NaN before the first full one.
 * The min is computed as the max of the negated values (negation is exact).
 */
function rollingExtreme(src: Float64Array, period: number, sign: 1 | -1): Float64Array {
  const n = src.length;
  const out = new Float64Array(n);
  out.fill(Number.NaN, 0, Math.min(n, period - 1));
  // tail[k]: extreme of the previous block from its offset k to its end.
  const tail = new Float64Array(period);
  for (let start = 0; start < n; start += period) {
    const end = Math.min(n, start + period);
    let head = -Infinity;
    for (let i = start; i < end; i++) {
      head = Math.max(head, sign * src[i]);
      // The window ending at i starts at offset i - start + 1 of the previous block.
      const k = i - start + 1;
      if (i >= period - 1) out[i] = sign * (k < period ? Math.max(tail[k], head) : head);
    }
    if (end - start < period) break;
    let t = -Infinity;
    for (let k = period - 1; k >= 0; k--) {
      t = Math.max(t, sign * src[start + k]);
      tail[k] = t;
    }
  }
  return out;
}

export const zscore = (src: Float64Array, period = 20): Float64Array => mapSeries(src, new ZScore(period));
