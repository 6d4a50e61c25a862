import { Atr } from '../indicators/oscillators';
import { Adx, Macd } from '../indicators/trend';
import { NO_ORDERS, type ShippedStrategy } from '../types';
import { closeOrder, enterOrders, exitWithoutFlip, positionDirection } from './orders';
import { Regime, regimeWarmUp, type RegimeParams } from './regime';
import {
  entrySizing,
  filterInputs,
  volatilityFor,
  volatilityWarmUp,
  type RealisedVolatility,
  type VolatilityParams,
} from './volatility';

export interface NeroParams extends RegimeParams, VolatilityParams {
  readonly fastPeriod: number;
  readonly slowPeriod: number;
  readonly signalPeriod: number;
  readonly adxPeriod: number;
  /** Trade only when ADX is above this (a trending market). */
  readonly adxMin: number;
  readonly atrPeriod: number;
  readonly stopAtr: number;
  /** Loss at the stop, in percent of equity: sizes the position. */
  readonly riskPct: number;
  readonly leverage: number;
  readonly fraction: number;
}

interface NeroState {
  readonly params: NeroParams;
  readonly macd: Macd;
  readonly adx: Adx;
  /** The stop's ATR; null when it has the ADX's period, whose own ATR is then read (computed once). */
  readonly atr: Atr | null;
  readonly regime: Regime;
  readonly volatility: RealisedVolatility | null;
  previousHistogram: number;
  stop: number;
}

/**
 * Nero: MACD momentum with an ADX filter. The histogram turning positive with ADX above `adxMin`
 * and +DI above -DI goes long; turning negative with -DI above +DI goes short. A position closes
 * when the histogram turns against it, or at the protective stop `stopAtr` ATRs from entry (the
 * risk guard enforces it). Sized so that the stop loses `riskPct` % of equity.
 */
export const neroStrategy: ShippedStrategy<NeroParams, NeroState> = {
  init(params) {
    return {
      params,
      macd: new Macd(params.fastPeriod, params.slowPeriod, params.signalPeriod),
      adx: new Adx(params.adxPeriod),
      atr: params.atrPeriod === params.adxPeriod ? null : new Atr(params.atrPeriod),
      regime: new Regime(params),
      volatility: volatilityFor(params),
      previousHistogram: Number.NaN,
      stop: 0,
    };
  },

  onCandle(state, c, i, account) {
    const { params, adx } = state;
    const close = c.close[i];
    state.macd.next(c, i);
    adx.next(c, i);
    state.regime.update(c, i);
    state.volatility?.update(c, i);
    const histogram = state.macd.histogram;
    const strength = adx.value;
    const atr = state.atr === null ? adx.atr : state.atr.update(c.high[i], c.low[i], close);
    const previous = state.previousHistogram;
    state.previousHistogram = histogram;
    const held = positionDirection(account);

    const trending = strength > params.adxMin;
    const direction =
      previous <= 0 && histogram > 0 && trending && adx.plusDI > adx.minusDI
        ? 1
        : previous >= 0 && histogram < 0 && trending && adx.minusDI > adx.plusDI
          ? -1
          : 0;
    if (direction !== 0 && direction !== held && !Number.isNaN(atr)) {
      const reason = `MACD histogram turned ${direction > 0 ? 'up' : 'down'}, ADX ${strength.toFixed(1)}`;
      // Sized only when the filters allow the entry: the volatility is computed when read.
      const sizing = state.regime.allows(direction, close) ? entrySizing(params, state.volatility) : null;
      if (sizing === null) return exitWithoutFlip(account, close, reason);
      state.stop = close - direction * params.stopAtr * atr;
      return enterOrders(account, direction, close, state.stop, sizing, reason);
    }
    const faded = (held > 0 && histogram < 0) || (held < 0 && histogram > 0);
    return faded ? [closeOrder(account, 'market', close, 'momentum faded')] : NO_ORDERS;
  },

  inputs: (state) => [
    { name: 'MACD histogram', value: state.macd.histogram, unit: 'number' },
    { name: 'ADX', value: state.adx.value, unit: 'number' },
    ...filterInputs(state.regime, state.volatility),
  ],

  stopLevel: (state) => state.stop,

  // The histogram needs the slow EMA and then the signal EMA over it, and one before to turn; the
  // ADX averages `adxPeriod` DX values, which start once the directional averages are seeded.
  warmUp: (p) =>
    Math.max(
      p.slowPeriod + p.signalPeriod,
      p.fastPeriod,
      2 * p.adxPeriod,
      p.atrPeriod,
      regimeWarmUp(p),
      volatilityWarmUp(p),
    ),
};
