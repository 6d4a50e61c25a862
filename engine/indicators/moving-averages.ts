/**
 * Simple moving average over `period` values. NaN until the window is full.
 *
 * A running sum (add the new value, subtract the one leaving the window), recomputed exactly from
 * the window, in time order, once every `resumEvery` updates so rounding cannot accumulate: the
 * drift stays under ~1e-13 relative between recomputes. The batch `sma` performs the very same
 * operations in the same order, so both give identical results.
 */
export class Sma {
  value = Number.NaN;
  private readonly window: Float64Array;
  private readonly resumEvery: number;
  private head = 0;
  private count = 0;
  private sum = 0;
  private sinceResum = 0;

  constructor(readonly period: number) {
    if (!(period >= 1)) throw new RangeError(`period must be >= 1, got ${period}`);
    this.window = new Float64Array(period);
    this.resumEvery = resumInterval(period);
  }

  update(x: number): number {
    const { window, period } = this;
    const head = this.head;
    this.head = head + 1 === period ? 0 : head + 1;
    if (this.count < period) {
      window[head] = x;
      this.sum += x;
      if (++this.count === period) this.value = this.sum / period;
      return this.value;
    }
    this.sum += x - window[head];
    window[head] = x;
    if (++this.sinceResum === this.resumEvery) {
      this.sinceResum = 0;
      // Oldest first: the slot after the one just written, round to it.
      let s = 0;
      for (let k = this.head; k < period; k++) s += window[k];
      for (let k = 0; k < this.head; k++) s += window[k];
      this.sum = s;
    }
    this.value = this.sum / period;
    return this.value;
  }
}

/** How often a running sum over `period` values is recomputed exactly (at least every 1024 updates). */
const resumInterval = (period: number): number => Math.max(period, 1024);

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
    if (this.count < this.period) return this.seed(x);
    this.value = (x - this.value) * this.k + this.value;
    return this.value;
  }

  /**
   * One of the first `period` values, in a method of its own: V8 counts every byte of a method
   * against a bot candle's inlining budget, the warm-up's too.
   */
  private seed(x: number): number {
    this.seedSum += x;
    if (++this.count === this.period) this.value = this.seedSum / this.period;
    return this.value;
  }
}

/** Batch SMA: the same arithmetic as `Sma.update`, straight over the array. */
export function sma(src: Float64Array, period: number): Float64Array {
  if (!(period >= 1)) throw new RangeError(`period must be >= 1, got ${period}`);
  const n = src.length;
  const out = new Float64Array(n);
  const warm = Math.min(n, period - 1);
  out.fill(Number.NaN, 0, warm);
  if (n < period) return out;
  let sum = 0;
  for (let i = 0; i < period; i++) sum += src[i];
  out[period - 1] = sum / period;
  const resumEvery = resumInterval(period);
  let since = 0;
  for (let i = period; i < n; i++) {
    sum += src[i] - src[i - period];
    if (++since === resumEvery) {
      since = 0;
      let s = 0;
      for (let j = i - period + 1; j <= i; j++) s += src[j];
      sum = s;
    }
    out[i] = sum / period;
  }
  return out;
}

/** Batch EMA: the same arithmetic as `Ema.update`, straight over the array. */
export function ema(src: Float64Array, period: number): Float64Array {
  const n = src.length;
  const out = new Float64Array(n);
  const k = 2 / (period + 1);
  let seed = 0;
  const warm = Math.min(n, period);
  for (let i = 0; i < warm; i++) {
    seed += src[i];
    out[i] = Number.NaN;
  }
  if (n < period) return out;
  let v = seed / period;
  out[period - 1] = v;
  for (let i = period; i < n; i++) {
    v = (src[i] - v) * k + v;
    out[i] = v;
  }
  return out;
}
