import { Ema } from '../indicators/moving-averages';
import { Atr } from '../indicators/oscillators';
import { NO_ORDERS, type ShippedStrategy } from '../types';
import { enterOrders, exitWithoutFlip, positionDirection } from './orders';
import { Regime, regimeWarmUp, type RegimeParams } from './regime';
import {
  entrySizing,
  filterInputs,
  volatilityFor,
  volatilityWarmUp,
  type RealisedVolatility,
  type VolatilityParams,
} from './volatility';

export interface ZenoParams extends RegimeParams, VolatilityParams {
  readonly fastPeriod: number;
  readonly slowPeriod: number;
  readonly atrPeriod: number;
  /** Trailing stop distance in ATRs from the best close since entry. */
  readonly trailAtr: number;
  /** Loss at the initial stop, in percent of equity: sizes the position. */
  readonly riskPct: number;
  readonly leverage: number;
  /** Share of equity committed as margin. */
  readonly fraction: number;
}

interface ZenoState {
  readonly params: ZenoParams;
  readonly fast: Ema;
  readonly slow: Ema;
  readonly atr: Atr;
  readonly regime: Regime;
  readonly volatility: RealisedVolatility | null;
  previousSpread: number;
  stop: number;
}

/**
 * Zeno: EMA fast/slow trend following, long and short. A cross of the fast EMA above the slow opens
 * (or flips to) a long, a cross below a short. A trailing stop follows the close at `trailAtr` ATRs
 * and only ever tightens (the risk guard closes the position there); once stopped out the bot waits
 * for the next cross. Sized so that the initial stop loses `riskPct` % of equity.
 */
export const zenoStrategy: ShippedStrategy<ZenoParams, ZenoState> = {
  init(params) {
    return {
      params,
      fast: new Ema(params.fastPeriod),
      slow: new Ema(params.slowPeriod),
      atr: new Atr(params.atrPeriod),
      regime: new Regime(params),
      volatility: volatilityFor(params),
      previousSpread: Number.NaN,
      stop: 0,
    };
  },

  onCandle(state, c, i, account) {
    const { params } = state;
    const close = c.close[i];
    const spread = state.fast.update(close) - state.slow.update(close);
    const atr = state.atr.update(c.high[i], c.low[i], close);
    state.regime.update(c, i);
    state.volatility?.update(c, i);
    const previous = state.previousSpread;
    state.previousSpread = spread;
    const held = positionDirection(account);
    if (held > 0) state.stop = Math.max(state.stop, close - params.trailAtr * atr);
    if (held < 0) state.stop = Math.min(state.stop, close + params.trailAtr * atr);

    const direction = previous <= 0 && spread > 0 ? 1 : previous >= 0 && spread < 0 ? -1 : 0;
    if (direction === 0 || direction === held || Number.isNaN(atr)) return NO_ORDERS;
    const reason =
      direction > 0
        ? `EMA ${params.fastPeriod} crossed above EMA ${params.slowPeriod}`
        : `EMA ${params.fastPeriod} crossed below EMA ${params.slowPeriod}`;
    // Sized only when the filters allow the entry: the volatility is computed when read.
    const sizing = state.regime.allows(direction, close) ? entrySizing(params, state.volatility) : null;
    if (sizing === null) return exitWithoutFlip(account, close, reason);
    state.stop = close - direction * params.trailAtr * atr;
    return enterOrders(account, direction, close, state.stop, sizing, reason);
  },

  inputs: (state) => {
    const fast = state.fast.value;
    const slow = state.slow.value;
    return [
      { name: `EMA ${state.params.fastPeriod}`, value: fast, unit: 'price' },
      { name: `EMA ${state.params.slowPeriod}`, value: slow, unit: 'price' },
      { name: 'Gap', value: ((fast - slow) / slow) * 100, unit: 'pct' },
      ...filterInputs(state.regime, state.volatility),
    ];
  },

  stopLevel: (state) => state.stop,

  // A cross needs the spread of the candle before: both EMAs defined one candle early.
  warmUp: (p) => Math.max(p.fastPeriod, p.slowPeriod, p.atrPeriod, regimeWarmUp(p), volatilityWarmUp(p)),
};
