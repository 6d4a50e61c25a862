import { RollingMoments } from './rolling';
import { mapSeries } from './series';

/** Simple moving average over `period` values. NaN until the window is full. */
export class Sma {
  value = Number.NaN;
  private readonly moments: RollingMoments;

  constructor(readonly period: number) {
    this.moments = new RollingMoments(period);
  }

  update(x: number): number {
    this.moments.push(x);
    if (this.moments.isFull) this.value = this.moments.mean();
    return this.value;
  }
}

/**
 * Exponential moving average, k = 2 / (period + 1), seeded with the SMA of the first `period`
 * values (the TA-Lib and `technicalindicators` convention). NaN before index period - 1.
 */
export class Ema {
  value = Number.NaN;
  private count = 0;
  private seedSum = 0;
  private readonly k: number;

  constructor(readonly period: number) {
    this.k = 2 / (period + 1);
  }

  update(x: number): number {
    if (this.count >= this.period) {
      this.value = (x - this.value) * this.k + this.value;
      return this.value;
    }
    this.seedSum += x;
    if (++this.count === this.period) this.value = this.seedSum / this.period;
    return this.value;
  }
}

export const sma = (src: Float64Array, period: number): Float64Array => mapSeries(src, new Sma(period));
export const ema = (src: Float64Array, period: number): Float64Array => mapSeries(src, new Ema(period));
