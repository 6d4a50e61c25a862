import { RollingMoments } from '../indicators/rolling';
import type { Candles, SignalInput } from '../types';
import type { EntrySizing } from './orders';
import type { Regime } from './regime';

const YEAR_MS = 365 * 86_400_000;

/** Volatility targeting (Quant, and the v4 designs of the trend bots). */
export interface VolatilityParams {
  /** Annualised volatility the position aims for; 0: sized by the risk at the stop alone. */
  readonly targetVol: number;
  /** Candles of log returns the volatility is measured over. */
  readonly volPeriod: number;
}

/** Volatility targeting off (a week of hourly returns, were it switched on). */
export const NO_VOLATILITY_TARGET: VolatilityParams = { targetVol: 0, volPeriod: 168 };

/**
 * Exposure (in multiples of equity) that gives the position `targetVol` annualised volatility,
 * capped at `maxLeverage`: targetVol / (per-candle volatility × sqrt(candles per year)).
 */
export function volatilityTargetExposure(
  perCandleVol: number,
  barsPerYear: number,
  targetVol: number,
  maxLeverage: number,
): number {
  const annual = perCandleVol * Math.sqrt(barsPerYear);
  return annual > 0 ? Math.min(maxLeverage, targetVol / annual) : maxLeverage;
}

/**
 * The recent volatility of log returns, and the exposure it allows for a target.
 *
 * A bot reads it only when it enters (Nero about once every 400 candles), so a candle only keeps its
 * close-to-close ratio in a ring; the logarithms and the rolling moments catch up when read. They
 * are the same numbers as a `RollingMoments` fed every candle's log return: that one recomputes
 * its sums from its window every `volPeriod` returns, so after n returns it depends only on the
 * returns since the window of its last recomputation, which a fresh one fed those returns
 * reproduces operation for operation. The logarithm was the largest single cost of Nero's candle.
 */
export class RealisedVolatility {
  /** Close-to-close ratios by return number, in a ring of a power of two that holds 2 × volPeriod. */
  private readonly ratios: Float64Array;
  private readonly mask: number;
  /** Returns seen (one a candle from the second on). */
  private count = 0;
  /** The moments as of `momentsAt` returns; brought up to `count` when read. */
  private readonly moments: RollingMoments;
  private momentsAt = 0;
  private previousClose = Number.NaN;
  private previousTime = Number.NaN;
  private barsPerYear = 0;

  constructor(private readonly volPeriod: number) {
    this.moments = new RollingMoments(volPeriod);
    let capacity = 2;
    while (capacity < 2 * volPeriod) capacity *= 2;
    this.ratios = new Float64Array(capacity);
    this.mask = capacity - 1;
  }

  /** Feeds candle i (every candle; the candles and the index, so no price is boxed per call). */
  update(c: Candles, i: number): void {
    const close = c.close[i];
    if (this.barsPerYear > 0) this.ratios[this.count++ & this.mask] = close / this.previousClose;
    else if (!Number.isNaN(this.previousClose)) this.learn(close, c.time[i]);
    this.previousClose = close;
    this.previousTime = c.time[i];
  }

  /** The second candle: the first return, and the candle interval (1h and 15m data both work). */
  private learn(close: number, time: number): void {
    this.ratios[this.count++ & this.mask] = close / this.previousClose;
    this.barsPerYear = YEAR_MS / (time - this.previousTime);
  }

  /** Whether a full window of returns has been seen. */
  get isReady(): boolean {
    return this.count >= this.volPeriod;
  }

  /** The yearly volatility, in percent, for the cockpit (NaN, "warming up", until a full window). */
  input(): SignalInput {
    const annual = this.isReady ? Math.sqrt(this.current().variance() * this.barsPerYear) * 100 : Number.NaN;
    return { name: 'Volatility (a year)', value: annual, unit: 'pct' };
  }

  /** The exposure that targets `targetVol` a year, at most `maxLeverage` (call once ready). */
  exposure(targetVol: number, maxLeverage: number): number {
    const vol = Math.sqrt(this.current().variance());
    return volatilityTargetExposure(vol, this.barsPerYear, targetVol, maxLeverage);
  }

  /** The rolling moments of the last `volPeriod` log returns. */
  private current(): RollingMoments {
    const n = this.count;
    const period = this.volPeriod;
    // The first return of the window the moments last recomputed their sums from (every `period`).
    const from = n >= period ? n - (n % period) - period : 0;
    const { moments, ratios, mask } = this;
    if (this.momentsAt < from) {
      moments.clear();
      this.momentsAt = from;
    }
    for (let k = this.momentsAt; k < n; k++) moments.push(Math.log(ratios[k & mask]));
    this.momentsAt = n;
    return moments;
  }
}

/** What a signal bot's trend filters and volatility target read, for its cockpit (v4 designs). */
export const filterInputs = (regime: Regime, volatility: RealisedVolatility | null): SignalInput[] =>
  volatility === null ? regime.inputs() : [...regime.inputs(), volatility.input()];

/** A signal bot's realised volatility, kept only when its design targets a volatility. */
export const volatilityFor = (params: VolatilityParams): RealisedVolatility | null =>
  params.targetVol > 0 ? new RealisedVolatility(params.volPeriod) : null;

/** Candles before a targeted volatility is known: `volPeriod` log returns take one close more (0 when off). */
export const volatilityWarmUp = (params: VolatilityParams): number =>
  params.targetVol > 0 ? params.volPeriod + 1 : 0;

/**
 * How a trend bot sizes an entry: without a volatility target, by the risk at its stop; with one
 * (v4 designs), the whole exposure that targets `targetVol`, capped at the leverage, and no entry
 * (null) until a full window of returns has been seen.
 */
export function entrySizing(
  params: EntrySizing & VolatilityParams,
  volatility: RealisedVolatility | null,
): EntrySizing | null {
  if (volatility === null) return params;
  if (!volatility.isReady) return null;
  return {
    riskPct: params.riskPct,
    leverage: params.leverage,
    fraction: params.fraction,
    exposure: volatility.exposure(params.targetVol, params.leverage),
    sizedByExposure: true,
  };
}
