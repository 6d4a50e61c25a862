import { ZScore } from '../indicators/bands';
import { NO_ORDERS, type ShippedStrategy } from '../types';
import { closeOrder, enterOrders, positionDirection } from './orders';
import { Regime, regimeWarmUp, type RegimeParams } from './regime';
import { RealisedVolatility, type VolatilityParams } from './volatility';

/** Quant's volatility target caps the risk-sized position (it is not the whole of the sizing). */
export interface QuantParams extends RegimeParams, VolatilityParams {
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
  readonly volatility: RealisedVolatility;
  readonly regime: Regime;
  stop: number;
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
      volatility: new RealisedVolatility(params.volPeriod),
      regime: new Regime(params),
      stop: 0,
    };
  },

  onCandle(state, c, i, account) {
    const { params } = state;
    const close = c.close[i];
    const z = state.z.update(close);
    state.regime.update(c, i);
    state.volatility.update(c, i);
    if (Number.isNaN(z) || !state.volatility.isReady) return NO_ORDERS;

    // Following a stretch is reverting its mirror image: flip the sign of z and the rules are the same.
    const stretch = params.follow ? -z : z;
    const held = positionDirection(account);
    if (held !== 0) {
      const back = held > 0 ? stretch > -params.exitZ : stretch < params.exitZ;
      return back ? [closeOrder(account, 'market', close, 'back to the mean')] : NO_ORDERS;
    }
    const direction = stretch < -params.entryZ ? 1 : stretch > params.entryZ ? -1 : 0;
    if (direction === 0 || !state.regime.allows(direction, close)) return NO_ORDERS;
    const exposure = state.volatility.exposure(params.targetVol, params.leverage);
    // Reverting, the stop lies beyond the stretch; following, it lies `stopZ` deviations behind the entry.
    const from = params.follow ? close : state.z.mean;
    state.stop = from - direction * params.stopZ * state.z.sd;
    const reason = `z-score ${z.toFixed(2)}`;
    return enterOrders(account, direction, close, state.stop, { ...params, exposure }, reason);
  },

  inputs: (state) => [{ name: 'Z-score', value: state.z.value, unit: 'number' }, ...state.regime.inputs()],

  stopLevel: (state) => state.stop,

  // `volPeriod` log returns take one close more.
  warmUp: (p) => Math.max(p.zPeriod, p.volPeriod + 1, regimeWarmUp(p)),
};
