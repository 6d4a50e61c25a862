import { ZScore } from '../indicators/bands';
import { RollingMoments } from '../indicators/rolling';
import { NO_ORDERS, type ShippedStrategy } from '../types';
import { closeOrder, enterOrders, positionDirection } from './orders';
import { Regime, regimeWarmUp, type RegimeParams } from './regime';

export interface QuantParams extends RegimeParams {
  readonly zPeriod: number;
  /** Enter when |z| exceeds this, against the move. */
  readonly entryZ: number;
  /** Exit once |z| is back under this. */
  readonly exitZ: number;
  /**
   * Give up when the price stretches this many standard deviations from the mean at entry (the move
   * is a trend, not noise): the protective stop, fixed in price at entry.
   */
  readonly stopZ: number;
  /** Loss at the stop, in percent of equity: sizes the position. */
  readonly riskPct: number;
  readonly volPeriod: number;
  /** Annualised volatility the position aims for. */
  readonly targetVol: number;
  /**
   * Trade the stretch's way instead of against it (design quant/v3): long when the close is `entryZ`
   * deviations above its mean, out when it is back under `exitZ`, the stop `stopZ` deviations below
   * the entry price. false: mean reversion.
   */
  readonly follow: boolean;
  /** Margin leverage of the account, also the cap on exposure. */
  readonly leverage: number;
  readonly fraction: number;
}

interface QuantState {
  readonly params: QuantParams;
  readonly z: ZScore;
  readonly returns: RollingMoments;
  readonly regime: Regime;
  previousClose: number;
  previousTime: number;
  barsPerYear: number;
  stop: number;
}

const YEAR_MS = 365 * 86_400_000;

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
 * Quant: z-score mean reversion with volatility targeting. A close more than `entryZ` standard
 * deviations below its `zPeriod` mean goes long (above: short); the position closes when |z| is back
 * under `exitZ`, or at the protective stop `stopZ` standard deviations from the mean at entry (the
 * risk guard enforces it). Its size loses `riskPct` % of equity at the stop, and its exposure
 * targets `targetVol` from the recent volatility of log returns, never above the leverage.
 */
export const quantStrategy: ShippedStrategy<QuantParams, QuantState> = {
  init(params) {
    return {
      params,
      z: new ZScore(params.zPeriod),
      returns: new RollingMoments(params.volPeriod),
      regime: new Regime(params),
      previousClose: Number.NaN,
      previousTime: Number.NaN,
      barsPerYear: 0,
      stop: 0,
    };
  },

  onCandle(state, c, i, account) {
    const { params } = state;
    const close = c.close[i];
    const z = state.z.update(close);
    state.regime.update(close);
    if (!Number.isNaN(state.previousClose)) {
      state.returns.push(Math.log(close / state.previousClose));
      // The candle interval, learnt from the first two candles (1h and 15m data both work).
      if (state.barsPerYear === 0) state.barsPerYear = YEAR_MS / (c.time[i] - state.previousTime);
    }
    state.previousClose = close;
    state.previousTime = c.time[i];
    if (Number.isNaN(z) || !state.returns.isFull) return NO_ORDERS;

    // Following a stretch is reverting its mirror image: flip the sign of z and the rules are the same.
    const stretch = params.follow ? -z : z;
    const held = positionDirection(account);
    if (held !== 0) {
      const back = held > 0 ? stretch > -params.exitZ : stretch < params.exitZ;
      return back ? [closeOrder(account, 'market', close, 'back to the mean')] : NO_ORDERS;
    }
    const direction = stretch < -params.entryZ ? 1 : stretch > params.entryZ ? -1 : 0;
    if (direction === 0 || !state.regime.allows(direction, close)) return NO_ORDERS;
    const vol = Math.sqrt(state.returns.variance());
    const exposure = volatilityTargetExposure(vol, state.barsPerYear, params.targetVol, params.leverage);
    // Reverting, the stop lies beyond the stretch; following, it lies `stopZ` deviations behind the entry.
    const from = params.follow ? close : state.z.mean;
    state.stop = from - direction * params.stopZ * state.z.sd;
    const reason = `z-score ${z.toFixed(2)}`;
    return enterOrders(account, direction, close, state.stop, { ...params, exposure }, reason);
  },

  inputs: (state) => [{ name: 'Z-score', value: state.z.value, unit: 'number' }],

  stopLevel: (state) => state.stop,

  // `volPeriod` log returns take one close more.
  warmUp: (p) => Math.max(p.zPeriod, p.volPeriod + 1, regimeWarmUp(p)),
};
