/**
 * Naive indicators for the baseline: each call computes one value from plain arrays of the history
 * (a window slice, a reduce), the way a first implementation would. Same conventions as
 * engine/indicators (SMA-seeded EMA and Wilder averages, population standard deviation).
 */

export const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
export const mean = (xs: number[]): number => sum(xs) / xs.length;
export const last = (xs: number[], n: number): number[] => xs.slice(Math.max(0, xs.length - n));

/** Population standard deviation, two passes. */
export function stdev(xs: number[]): number {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
}

/** An exponential average of `values` at its last index, given its value one step earlier. */
function smoothed(values: number[], period: number, previous: number, k: number): number {
  if (values.length < period) return NaN;
  if (values.length === period) return sum(values) / period;
  const x = values[values.length - 1];
  return (x - previous) * k + previous;
}

/** EMA, k = 2 / (period + 1), seeded with the SMA of the first `period` values. */
export const ema = (values: number[], period: number, previous: number): number =>
  smoothed(values, period, previous, 2 / (period + 1));

/** Wilder's average (RMA), k = 1 / period, seeded with the SMA of the first `period` values. */
export const wilder = (values: number[], period: number, previous: number): number =>
  smoothed(values, period, previous, 1 / period);

export function trueRange(high: number, low: number, previousClose: number | undefined): number {
  if (previousClose === undefined) return high - low;
  return Math.max(high - low, Math.abs(high - previousClose), Math.abs(low - previousClose));
}

/** z-score of the last value against the last `period` values (0 for a flat window). */
export function zscore(values: number[], period: number): number {
  if (values.length < period) return NaN;
  const window = last(values, period);
  const sd = stdev(window);
  return sd === 0 ? 0 : (values[values.length - 1] - mean(window)) / sd;
}

/** Running ATR: the true ranges and their Wilder average, one candle at a time. */
export class NaiveAtr {
  readonly ranges: number[] = [];
  readonly values: number[] = [];

  constructor(readonly period: number) {}

  next(high: number, low: number, previousClose: number | undefined): number {
    this.ranges.push(trueRange(high, low, previousClose));
    const value = wilder(this.ranges, this.period, this.values[this.values.length - 1]);
    this.values.push(value);
    return value;
  }
}

/** Running EMA over a growing list of inputs. */
export class NaiveEma {
  readonly inputs: number[] = [];
  readonly values: number[] = [];

  constructor(readonly period: number) {}

  next(x: number): number {
    this.inputs.push(x);
    const value = ema(this.inputs, this.period, this.values[this.values.length - 1]);
    this.values.push(value);
    return value;
  }
}

/** Running RSI: Wilder averages of the gains and losses of close-to-close changes. */
export class NaiveRsi {
  readonly gains: number[] = [];
  readonly losses: number[] = [];
  gain = NaN;
  loss = NaN;

  constructor(readonly period: number) {}

  next(close: number, previousClose: number | undefined): number {
    if (previousClose === undefined) return NaN;
    const change = close - previousClose;
    this.gains.push(Math.max(change, 0));
    this.losses.push(Math.max(-change, 0));
    this.gain = wilder(this.gains, this.period, this.gain);
    this.loss = wilder(this.losses, this.period, this.loss);
    return this.loss === 0 ? 100 : 100 - 100 / (this.gain / this.loss + 1);
  }
}
