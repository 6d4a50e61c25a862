import { Ema, ema } from './moving-averages';
import { Atr } from './oscillators';
import { WilderAverage } from './rolling';

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

  constructor(fast = 12, slow = 26, signal = 9) {
    this.fast = new Ema(fast);
    this.slow = new Ema(slow);
    this.signalEma = new Ema(signal);
  }

  /** Returns the histogram (NaN while warming up); macd and signal are fields. */
  update(close: number): number {
    const fast = this.fast.update(close);
    const slow = this.slow.update(close);
    if (Number.isNaN(slow)) return this.histogram;
    this.macd = fast - slow;
    this.signal = this.signalEma.update(this.macd);
    this.histogram = this.macd - this.signal;
    return this.histogram;
  }
}

/**
 * Wilder's ADX with +DI and -DI (in percent), with the warm-up of `trading-signals`: the first
 * candle contributes its high - low to the ATR and a zero directional move, DX starts at index
 * period - 1 and ADX (the Wilder average of DX, seeded with the mean of `period` DX values) at
 * index 2 × period - 2. Directional movement follows Wilder: +DM is the rise of the high when it is
 * positive and larger than the fall of the low, -DM the other way round, and a tie credits neither
 * (`trading-signals` credits both on a tie).
 */
export class Adx {
  value = Number.NaN;
  plusDI = Number.NaN;
  minusDI = Number.NaN;
  private previousHigh = Number.NaN;
  private previousLow = Number.NaN;
  private readonly atr: Atr;
  private readonly up: WilderAverage;
  private readonly down: WilderAverage;
  private readonly dx: WilderAverage;

  constructor(readonly period = 14) {
    this.atr = new Atr(period);
    this.up = new WilderAverage(period);
    this.down = new WilderAverage(period);
    this.dx = new WilderAverage(period);
  }

  update(high: number, low: number, close: number): number {
    let plusMove = 0;
    let minusMove = 0;
    if (!Number.isNaN(this.previousHigh)) {
      const higherHigh = high - this.previousHigh;
      const lowerLow = this.previousLow - low;
      plusMove = higherHigh > 0 && higherHigh > lowerLow ? higherHigh : 0;
      minusMove = lowerLow > 0 && lowerLow > higherHigh ? lowerLow : 0;
    }
    this.previousHigh = high;
    this.previousLow = low;
    const range = this.atr.update(high, low, close);
    const up = this.up.update(plusMove);
    const down = this.down.update(minusMove);
    if (Number.isNaN(up)) return this.value;
    // A series with no range at all (a halted market) has no direction, rather than 0 / 0.
    const plus = range > 0 ? up / range : 0;
    const minus = range > 0 ? down / range : 0;
    this.plusDI = plus * 100;
    this.minusDI = minus * 100;
    const sum = plus + minus;
    this.value = this.dx.update(sum === 0 ? 0 : (Math.abs(plus - minus) / sum) * 100);
    return this.value;
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
  const out = {
    adx: new Float64Array(close.length),
    plusDI: new Float64Array(close.length),
    minusDI: new Float64Array(close.length),
  };
  for (let i = 0; i < close.length; i++) {
    out.adx[i] = a.update(high[i], low[i], close[i]);
    out.plusDI[i] = a.plusDI;
    out.minusDI[i] = a.minusDI;
  }
  return out;
}
