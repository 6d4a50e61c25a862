import { Donchian } from '../indicators/bands';
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

export interface GlintParams extends RegimeParams, VolatilityParams {
  /** Breakout channel length (candles before the current one). */
  readonly entryPeriod: number;
  /** Exit channel length: a long exits at the low of this many previous candles. */
  readonly exitPeriod: number;
  /** Loss at the exit-channel stop when entering, in percent of equity: sizes the position. */
  readonly riskPct: number;
  readonly leverage: number;
  readonly fraction: number;
}

interface GlintState {
  readonly params: GlintParams;
  readonly entry: Donchian;
  readonly exit: Donchian;
  readonly regime: Regime;
  readonly volatility: RealisedVolatility | null;
}

/**
 * Glint ETH: Donchian-20 breakout (turtle style). A close above the highest high of the previous 20
 * candles goes long, below the lowest low short (flipping if needed); a long exits on a stop at the
 * lowest low of the previous 10 candles, a short at their highest high (the risk guard enforces
 * it). Sized so that the stop at entry loses `riskPct` % of equity.
 */
export const glintStrategy: ShippedStrategy<GlintParams, GlintState> = {
  init(params) {
    return {
      params,
      entry: new Donchian(params.entryPeriod),
      exit: new Donchian(params.exitPeriod),
      regime: new Regime(params),
      volatility: volatilityFor(params),
    };
  },

  onCandle(state, c, i, account) {
    const { params, entry, exit } = state;
    // The channels of the previous candles: read them before adding candle i.
    const breakoutHigh = entry.upper;
    const breakoutLow = entry.lower;
    entry.update(c.high[i], c.low[i]);
    exit.update(c.high[i], c.low[i]);
    const close = c.close[i];
    state.regime.update(c, i);
    state.volatility?.update(c, i);
    const held = positionDirection(account);
    const direction = close > breakoutHigh ? 1 : close < breakoutLow ? -1 : 0;
    if (direction === 0 || direction === held) return NO_ORDERS;
    const reason = `close ${direction > 0 ? 'above' : 'below'} the ${params.entryPeriod}-candle ${direction > 0 ? 'high' : 'low'}`;
    // Sized only when the filters allow the entry: the volatility is computed when read.
    const sizing = state.regime.allows(direction, close) ? entrySizing(params, state.volatility) : null;
    if (sizing === null) return exitWithoutFlip(account, close, reason);
    return enterOrders(account, direction, close, exitStop(state, direction), sizing, reason);
  },

  inputs: (state) => [
    { name: 'Channel high', value: state.entry.upper, unit: 'price' },
    { name: 'Channel low', value: state.entry.lower, unit: 'price' },
    ...filterInputs(state.regime, state.volatility),
  ],

  stopLevel: (state, account) => exitStop(state, account.positionSize > 0 ? 1 : -1),

  warmUp: (p) => Math.max(p.entryPeriod, p.exitPeriod, regimeWarmUp(p), volatilityWarmUp(p)),
};

/** The exit channel up to the last candle: the next candle's stop (a long's low, a short's high). */
function exitStop(state: GlintState, direction: 1 | -1): number {
  return direction > 0 ? state.exit.lower : state.exit.upper;
}
