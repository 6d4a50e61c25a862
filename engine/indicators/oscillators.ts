import { WilderAverage } from './rolling';

/**
 * Wilder's RSI. Gains and losses of close-to-close changes are Wilder-smoothed, each seeded with the
 * mean of the first `period` changes (same as `trading-signals` RSI). First value at index `period`;
 * 100 when there was no loss in the window.
 */
export class Rsi {
  private previous = Number.NaN;
  /** The smoothed gain and loss of the last update that had a gain: the value is computed from them. */
  private gain = Number.NaN;
  private loss = Number.NaN;
  private readonly gains: WilderAverage;
  private readonly losses: WilderAverage;

  constructor(readonly period: number) {
    this.gains = new WilderAverage(period);
    this.losses = new WilderAverage(period);
  }

  /**
   * The RSI after the last close (NaN while it warms up), computed when read: a DCA that opens on
   * the RSI reads it only between cycles, and its two divisions were a large share of that bot's
   * candle.
   */
  get value(): number {
    const { gain, loss } = this;
    if (Number.isNaN(gain)) return Number.NaN;
    return loss === 0 ? 100 : 100 - 100 / (gain / loss + 1);
  }

  /** Takes the next close without computing the value. */
  push(close: number): void {
    const previous = this.previous;
    this.previous = close;
    if (Number.isNaN(previous)) return;
    const change = close - previous;
    const gain = this.gains.update(change > 0 ? change : 0);
    const loss = this.losses.update(change > 0 ? 0 : -change);
    if (!Number.isNaN(gain)) {
      this.gain = gain;
      this.loss = loss;
    }
  }

  update(close: number): number {
    this.push(close);
    return this.value;
  }
}

/** True range; the first candle, with no previous close, uses high - low. */
export class TrueRange {
  private previousClose = Number.NaN;

  update(high: number, low: number, close: number): number {
    const pc = this.previousClose;
    this.previousClose = close;
    return Number.isNaN(pc) ? high - low : trueRange(high, low, pc);
  }
}

/**
 * Wilder's ATR: Wilder-smoothed true range, seeded with the mean of the first `period` true ranges
 * (including the first candle's high - low, as `trading-signals`). First value at index period - 1.
 */
export class Atr {
  value = Number.NaN;
  private readonly tr = new TrueRange();
  private readonly average: WilderAverage;

  constructor(readonly period: number) {
    this.average = new WilderAverage(period);
  }

  update(high: number, low: number, close: number): number {
    this.value = this.average.update(this.tr.update(high, low, close));
    return this.value;
  }
}

/** Batch RSI: the same arithmetic as `Rsi.update` (two WilderAverages), straight over the array. */
export function rsi(close: Float64Array, period = 14): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const factor = 1 / period;
  let count = 0;
  let gainSeed = 0;
  let lossSeed = 0;
  let gain = Number.NaN;
  let loss = Number.NaN;
  let value = Number.NaN;
  out[0] = value;
  for (let i = 1; i < n; i++) {
    const change = close[i] - close[i - 1];
    const up = change > 0 ? change : 0;
    const down = change > 0 ? 0 : -change;
    if (count >= period) {
      gain = (up - gain) * factor + gain;
      loss = (down - loss) * factor + loss;
    } else {
      gainSeed += up;
      lossSeed += down;
      if (++count === period) {
        gain = gainSeed / period;
        loss = lossSeed / period;
      }
    }
    if (!Number.isNaN(gain)) value = loss === 0 ? 100 : 100 - 100 / (gain / loss + 1);
    out[i] = value;
  }
  return out;
}

/**
 * Batch ATR: the same arithmetic as `Atr.update` (TrueRange, then WilderAverage), straight over the
 * arrays, so batch and streaming stay identical.
 */
export function atr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const factor = 1 / period;
  const warm = Math.min(n, period);
  let seed = high[0] - low[0];
  out[0] = Number.NaN;
  for (let i = 1; i < warm; i++) {
    seed += trueRange(high[i], low[i], close[i - 1]);
    out[i] = Number.NaN;
  }
  if (n < period) return out;
  let v = seed / period;
  out[period - 1] = v;
  for (let i = period; i < n; i++) {
    v = (trueRange(high[i], low[i], close[i - 1]) - v) * factor + v;
    out[i] = v;
  }
  return out;
}

/**
 * max(high - low, |high - previous close|, |low - previous close|), computed as the one of those
 * differences it always is: from the higher of the high and the previous close down to the lower of
 * the low and the previous close. Bit for bit the same number (each difference is one rounded
 * subtraction of the same two prices, and rounding keeps the order of the exact differences), in
 * a function small enough for V8 to inline into a bot's candle (a number returned from a call it
 * did not inline is boxed on the heap).
 */
export function trueRange(high: number, low: number, previousClose: number): number {
  return Math.max(high, previousClose) - Math.min(low, previousClose);
}
