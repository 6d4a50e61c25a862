import type { Candles } from '../types';
import { Ema, ema } from './moving-averages';
import { trueRange } from './oscillators';

/**
 * MACD: EMA(fast) - EMA(slow), signal = EMA(signal) of the MACD line, histogram = MACD - signal.
 * The EMAs are SMA-seeded (see Ema); the MACD line starts at index slow - 1 and the signal
 * `signalPeriod - 1` values later, as in `technicalindicators` MACD with EMA oscillators.
 */
export class Macd {
  macd = Number.NaN;
  signal = Number.NaN;
  histogram = Number.NaN;
  private readonly fast: Ema;
  private readonly slow: Ema;
  private readonly signalEma: Ema;
  /** `update`'s close, as a one-slot column, so that it runs `next`'s code. */
  private readonly one = { close: new Float64Array(1) };

  constructor(fast = 12, slow = 26, signal = 9) {
    this.fast = new Ema(fast);
    this.slow = new Ema(slow);
    this.signalEma = new Ema(signal);
  }

  /**
   * Feeds candle i's close; the histogram, macd and signal are then read from the fields. For a
   * bot's loop: the candles and the index, and nothing returned, because a number passed to or
   * returned from a call V8 did not inline is boxed on the heap (so the work is here, not in
   * `update`).
   */
  next(c: Pick<Candles, 'close'>, i: number): void {
    const close = c.close[i];
    const fast = this.fast.update(close);
    const slow = this.slow.update(close);
    if (Number.isNaN(slow)) return;
    this.macd = fast - slow;
    this.signal = this.signalEma.update(this.macd);
    this.histogram = this.macd - this.signal;
  }

  /** Returns the histogram (NaN while warming up); macd and signal are fields. */
  update(close: number): number {
    this.one.close[0] = close;
    this.next(this.one, 0);
    return this.histogram;
  }
}

/** The columns ADX reads. */
type CandleRanges = Pick<Candles, 'high' | 'low' | 'close'>;

/**
 * Wilder's ADX with +DI and -DI (in percent), with the warm-up of `trading-signals`: the first
 * candle contributes its high - low to the ATR and a zero directional move, DX starts at index
 * period - 1 and ADX (the Wilder average of DX, seeded with the mean of `period` DX values) at
 * index 2 × period - 2. Directional movement follows Wilder: +DM is the rise of the high when it is
 * positive and larger than the fall of the low, -DM the other way round, and a tie credits neither
 * (`trading-signals` credits both on a tie).
 *
 * The ATR and the two directional averages are Wilder averages (as `WilderAverage`, the same
 * arithmetic) kept in this object's own fields: they take the same number of inputs, so they share
 * one count, and a bot's loop reads a few fields instead of following five objects (Nero's candle
 * cost about three times the arithmetic with an `Atr`, a `TrueRange` and three `WilderAverage`s).
 * So is the ADX, the Wilder average of DX: a `WilderAverage` that V8 did not inline into a bot's
 * candle took its DX and returned the ADX as two numbers boxed on the heap, every candle.
 */
export class Adx {
  value = Number.NaN;
  plusDI = Number.NaN;
  minusDI = Number.NaN;
  /** Wilder's ATR of the same period (NaN while it warms up): a bot that needs that ATR reads it here. */
  atr = Number.NaN;
  private up = Number.NaN;
  private down = Number.NaN;
  private previousHigh = Number.NaN;
  private previousLow = Number.NaN;
  private previousClose = Number.NaN;
  /** Inputs the three averages have taken, and their sums while they warm up. */
  private count = 0;
  private atrSeed = 0;
  private upSeed = 0;
  private downSeed = 0;
  private readonly factor: number = 0;
  /** DX values the ADX has taken, and their sum while it warms up. */
  private dxCount = 0;
  private dxSeed = 0;
  /** `update`'s candle, as one-slot columns, so that it runs `next`'s code. */
  private readonly one = { high: new Float64Array(1), low: new Float64Array(1), close: new Float64Array(1) };

  constructor(readonly period = 14) {
    this.factor = 1 / period;
  }

  /**
   * Feeds candle i; ADX, +DI, -DI and the ATR are then read from the fields (as Macd.next). The
   * work is here rather than in `update`, so a bot's candle passes no price to it: V8 does not
   * always inline this method into a bot's candle (its inlining budget), and a price handed to a
   * call it did not inline is boxed on the heap.
   */
  next(c: CandleRanges, i: number): void {
    const high = c.high[i];
    const low = c.low[i];
    const higherHigh = high - this.previousHigh;
    const lowerLow = this.previousLow - low;
    // Each move times whether it counts (1 or 0), without a branch: whether a candle's high rose
    // further than its low fell is a coin toss, and branches on it were mispredicted about every
    // other candle. A move that does not count comes out as 0 or -0, which the averages take alike.
    let plusMove = higherHigh * (+(higherHigh > 0) & +(higherHigh > lowerLow));
    let minusMove = lowerLow * (+(lowerLow > 0) & +(lowerLow > higherHigh));
    // Wilder's rule as written, for the moves the product cannot take: not numbers (the first
    // candle, whose previous high and low are NaN: both moves are then 0) or infinite.
    if (Number.isNaN(plusMove + minusMove)) {
      plusMove = higherHigh > 0 && higherHigh > lowerLow ? higherHigh : 0;
      minusMove = lowerLow > 0 && lowerLow > higherHigh ? lowerLow : 0;
    }
    const previousClose = this.previousClose;
    const range = Number.isNaN(previousClose) ? high - low : trueRange(high, low, previousClose);
    this.previousHigh = high;
    this.previousLow = low;
    this.previousClose = c.close[i];
    if (this.count < this.period) {
      if (!this.seed(range, plusMove, minusMove)) return;
    } else {
      const factor = this.factor;
      this.atr = (range - this.atr) * factor + this.atr;
      this.up = (plusMove - this.up) * factor + this.up;
      this.down = (minusMove - this.down) * factor + this.down;
    }
    const atr = this.atr;
    // A series with no range at all (a halted market) has no direction, rather than 0 / 0.
    const plus = atr > 0 ? this.up / atr : 0;
    const minus = atr > 0 ? this.down / atr : 0;
    this.plusDI = plus * 100;
    this.minusDI = minus * 100;
    const sum = plus + minus;
    const dx = sum === 0 ? 0 : (Math.abs(plus - minus) / sum) * 100;
    if (this.dxCount < this.period) this.seedAdx(dx);
    else this.value = (dx - this.value) * this.factor + this.value;
  }

  /** One candle given by its prices (tests, and callers without the columns); returns the ADX. */
  update(high: number, low: number, close: number): number {
    const one = this.one;
    one.high[0] = high;
    one.low[0] = low;
    one.close[0] = close;
    this.next(one, 0);
    return this.value;
  }

  /** One of the first `period` DX values; the ADX is their mean once it has them all. */
  private seedAdx(dx: number): void {
    this.dxSeed += dx;
    if (++this.dxCount === this.period) this.value = this.dxSeed / this.period;
  }

  /** One of the first `period` inputs; true once the averages are defined (on the last of them). */
  private seed(range: number, plusMove: number, minusMove: number): boolean {
    this.atrSeed += range;
    this.upSeed += plusMove;
    this.downSeed += minusMove;
    if (++this.count < this.period) return false;
    this.atr = this.atrSeed / this.period;
    this.up = this.upSeed / this.period;
    this.down = this.downSeed / this.period;
    return true;
  }
}

export interface MacdSeries {
  readonly macd: Float64Array;
  readonly signal: Float64Array;
  readonly histogram: Float64Array;
}

export interface AdxSeries {
  readonly adx: Float64Array;
  readonly plusDI: Float64Array;
  readonly minusDI: Float64Array;
}

/**
 * Batch MACD: the batch EMAs, then the signal EMA of the MACD line in the same loop; the same
 * arithmetic as `Macd.update`, so batch and streaming stay identical.
 */
export function macd(close: Float64Array, fast = 12, slow = 26, signal = 9): MacdSeries {
  const n = close.length;
  const fastEma = ema(close, fast);
  const slowEma = ema(close, slow);
  const out = {
    macd: new Float64Array(n),
    signal: new Float64Array(n),
    histogram: new Float64Array(n),
  };
  const { macd: line, signal: sig, histogram } = out;
  const k = 2 / (signal + 1);
  let count = 0;
  let seed = 0;
  let m = Number.NaN;
  let s = Number.NaN;
  for (let i = 0; i < n; i++) {
    const slowValue = slowEma[i];
    if (!Number.isNaN(slowValue)) {
      m = fastEma[i] - slowValue;
      if (count >= signal) s = (m - s) * k + s;
      else {
        seed += m;
        if (++count === signal) s = seed / signal;
      }
    }
    line[i] = m;
    sig[i] = s;
    histogram[i] = m - s;
  }
  return out;
}

export function adx(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): AdxSeries {
  const a = new Adx(period);
  const columns = { high, low, close };
  const out = {
    adx: new Float64Array(close.length),
    plusDI: new Float64Array(close.length),
    minusDI: new Float64Array(close.length),
  };
  for (let i = 0; i < close.length; i++) {
    a.next(columns, i);
    out.adx[i] = a.value;
    out.plusDI[i] = a.plusDI;
    out.minusDI[i] = a.minusDI;
  }
  return out;
}
