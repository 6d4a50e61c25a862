import { Bollinger } from '../indicators/bands';
import { Atr, Rsi } from '../indicators/oscillators';
import { NO_ORDERS, type ShippedStrategy } from '../types';
import { closeOrder, enterOrders, positionDirection } from './orders';
import { Regime, regimeWarmUp, type RegimeParams } from './regime';
import {
  entrySizing,
  filterInputs,
  volatilityFor,
  volatilityWarmUp,
  type RealisedVolatility,
  type VolatilityParams,
} from './volatility';

export interface AlphaParams extends RegimeParams, VolatilityParams {
  readonly rsiPeriod: number;
  readonly oversold: number;
  readonly overbought: number;
  readonly bandPeriod: number;
  readonly bandWidth: number;
  readonly atrPeriod: number;
  /** Fixed stop distance from entry, in ATRs. */
  readonly stopAtr: number;
  /** Loss at the stop, in percent of equity: sizes the position. */
  readonly riskPct: number;
  readonly leverage: number;
  readonly fraction: number;
}

interface AlphaState {
  readonly params: AlphaParams;
  readonly rsi: Rsi;
  readonly bands: Bollinger;
  readonly atr: Atr;
  readonly regime: Regime;
  readonly volatility: RealisedVolatility | null;
  stop: number;
}

/**
 * Alpha Intelligence: RSI + Bollinger mean reversion. Long when the close is below the lower band
 * with RSI oversold, short above the upper band with RSI overbought; exit when the close gets back
 * to the middle band, or at the protective stop `stopAtr` ATRs beyond the entry (enforced by the
 * risk guard), sized so that the stop loses `riskPct` % of equity.
 */
export const alphaStrategy: ShippedStrategy<AlphaParams, AlphaState> = {
  init(params) {
    return {
      params,
      rsi: new Rsi(params.rsiPeriod),
      bands: new Bollinger(params.bandPeriod, params.bandWidth),
      atr: new Atr(params.atrPeriod),
      regime: new Regime(params),
      volatility: volatilityFor(params),
      stop: 0,
    };
  },

  onCandle(state, c, i, account) {
    const { params, bands } = state;
    const close = c.close[i];
    const rsi = state.rsi.update(close);
    const middle = bands.update(close);
    const atr = state.atr.update(c.high[i], c.low[i], close);
    state.regime.update(c, i);
    state.volatility?.update(c, i);
    const held = positionDirection(account);
    if (held !== 0) {
      const back = held > 0 ? close >= middle : close <= middle;
      return back ? [closeOrder(account, 'market', close, 'back to the middle band')] : NO_ORDERS;
    }
    if (Number.isNaN(atr) || Number.isNaN(rsi) || Number.isNaN(middle)) return NO_ORDERS;
    const direction =
      close < bands.lower && rsi < params.oversold
        ? 1
        : close > bands.upper && rsi > params.overbought
          ? -1
          : 0;
    if (direction === 0 || !state.regime.allows(direction, close)) return NO_ORDERS;
    const sizing = entrySizing(params, state.volatility);
    if (sizing === null) return NO_ORDERS;
    state.stop = close - direction * params.stopAtr * atr;
    const reason = direction > 0 ? 'below lower band, RSI oversold' : 'above upper band, RSI overbought';
    return enterOrders(account, direction, close, state.stop, sizing, reason);
  },

  inputs: (state) => [
    { name: `RSI ${state.params.rsiPeriod}`, value: state.rsi.value, unit: 'number' },
    { name: 'Lower band', value: state.bands.lower, unit: 'price' },
    { name: 'Upper band', value: state.bands.upper, unit: 'price' },
    ...filterInputs(state.regime, state.volatility),
  ],

  stopLevel: (state) => state.stop,

  // The RSI starts with the first change: one candle more than its period.
  warmUp: (p) => Math.max(p.rsiPeriod + 1, p.bandPeriod, p.atrPeriod, regimeWarmUp(p), volatilityWarmUp(p)),
};
