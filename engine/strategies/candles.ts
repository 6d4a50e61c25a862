import { Ema } from '../indicators/moving-averages';
import { Atr } from '../indicators/oscillators';
import { NO_ORDERS, type ShippedStrategy } from '../types';
import { enterOrders, order, positionDirection } from './orders';
import { Regime, regimeWarmUp, type RegimeParams } from './regime';
import {
  entrySizing,
  filterInputs,
  volatilityFor,
  volatilityWarmUp,
  type RealisedVolatility,
  type VolatilityParams,
} from './volatility';

export interface CandlesParams extends RegimeParams, VolatilityParams {
  readonly trendPeriod: number;
  readonly atrPeriod: number;
  readonly stopAtr: number;
  readonly targetAtr: number;
  /** Loss at the stop, in percent of equity: sizes the position. */
  readonly riskPct: number;
  readonly leverage: number;
  readonly fraction: number;
}

interface CandlesState {
  readonly params: CandlesParams;
  readonly trend: Ema;
  readonly atr: Atr;
  readonly regime: Regime;
  readonly volatility: RealisedVolatility | null;
  previousOpen: number;
  previousClose: number;
  stop: number;
  target: number;
}

interface Ohlc {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** A falling candle followed by a rising one whose body covers it. */
export function isBullishEngulfing(
  prevOpen: number,
  prevClose: number,
  open: number,
  close: number,
): boolean {
  return prevClose < prevOpen && close > open && open <= prevClose && close >= prevOpen;
}

export function isBearishEngulfing(
  prevOpen: number,
  prevClose: number,
  open: number,
  close: number,
): boolean {
  return prevClose > prevOpen && close < open && open >= prevClose && close <= prevOpen;
}

/** Lower wick at least twice the body, small upper wick (no more than the body or 10 % of the range). */
export function isHammer({ open, high, low, close }: Ohlc): boolean {
  const body = Math.abs(close - open);
  const range = high - low;
  const lowerWick = Math.min(open, close) - low;
  const upperWick = high - Math.max(open, close);
  return range > 0 && lowerWick >= 2 * body && upperWick <= Math.max(body, 0.1 * range);
}

/** The hammer upside down (shooting star). */
export function isShootingStar({ open, high, low, close }: Ohlc): boolean {
  return isHammer({ open: -open, high: -low, low: -high, close: -close });
}

/**
 * Candles: engulfing and hammer patterns, traded only with the EMA-200 trend: bullish patterns above
 * it go long, bearish ones below it go short. Exit at a stop `stopAtr` ATRs away or a target
 * `targetAtr` ATRs away (both fixed at entry; the stop, which the risk guard checks first, wins
 * when one candle reaches both). Sized so that the stop loses `riskPct` % of equity.
 */
export const candlesStrategy: ShippedStrategy<CandlesParams, CandlesState> = {
  init(params) {
    return {
      params,
      trend: new Ema(params.trendPeriod),
      atr: new Atr(params.atrPeriod),
      regime: new Regime(params),
      volatility: volatilityFor(params),
      previousOpen: Number.NaN,
      previousClose: Number.NaN,
      stop: 0,
      target: 0,
    };
  },

  onCandle(state, c, i, account) {
    const { params } = state;
    const bar = { open: c.open[i], high: c.high[i], low: c.low[i], close: c.close[i] };
    const trend = state.trend.update(bar.close);
    const atr = state.atr.update(bar.high, bar.low, bar.close);
    state.regime.update(c, i);
    state.volatility?.update(c, i);
    const prevOpen = state.previousOpen;
    const prevClose = state.previousClose;
    state.previousOpen = bar.open;
    state.previousClose = bar.close;

    const held = positionDirection(account);
    if (held !== 0) {
      const reached = held > 0 ? bar.high >= state.target : bar.low <= state.target;
      if (reached) {
        const size = Math.abs(account.positionSize);
        return [order(held > 0 ? 'sell' : 'buy', 'limit', size, state.target, 1, 'ATR target')];
      }
      return NO_ORDERS;
    }
    if (Number.isNaN(trend) || Number.isNaN(atr)) return NO_ORDERS;
    let direction: 1 | -1 | 0 = 0;
    let pattern = '';
    if (bar.close > trend) {
      if (isBullishEngulfing(prevOpen, prevClose, bar.open, bar.close)) pattern = 'bullish engulfing';
      else if (isHammer(bar)) pattern = 'hammer';
      if (pattern) direction = 1;
    } else if (bar.close < trend) {
      if (isBearishEngulfing(prevOpen, prevClose, bar.open, bar.close)) pattern = 'bearish engulfing';
      else if (isShootingStar(bar)) pattern = 'shooting star';
      if (pattern) direction = -1;
    }
    if (direction === 0 || !state.regime.allows(direction, bar.close)) return NO_ORDERS;
    const sizing = entrySizing(params, state.volatility);
    if (sizing === null) return NO_ORDERS;
    state.stop = bar.close - direction * params.stopAtr * atr;
    state.target = bar.close + direction * params.targetAtr * atr;
    const reason = `${pattern} ${direction > 0 ? 'above' : 'below'} EMA ${params.trendPeriod}`;
    return enterOrders(account, direction, bar.close, state.stop, sizing, reason);
  },

  inputs: (state) => [
    { name: `EMA ${state.params.trendPeriod}`, value: state.trend.value, unit: 'price' },
    ...filterInputs(state.regime, state.volatility),
  ],

  stopLevel: (state) => state.stop,

  warmUp: (p) => Math.max(p.trendPeriod, p.atrPeriod, regimeWarmUp(p), volatilityWarmUp(p)),
};
