import { Donchian } from '../indicators/bands';
import { NO_ORDERS, type Strategy } from '../types';
import { closeOrder, enterOrders, positionDirection } from './orders';

export interface GlintParams {
  /** Breakout channel length (candles before the current one). */
  readonly entryPeriod: number;
  /** Exit channel length: a long exits at the low of this many previous candles. */
  readonly exitPeriod: number;
  readonly leverage: number;
  readonly fraction: number;
}

export interface GlintState {
  readonly params: GlintParams;
  readonly entry: Donchian;
  readonly exit: Donchian;
}

/**
 * Glint ETH: Donchian-20 breakout (turtle style). A close above the highest high of the previous 20
 * candles goes long, below the lowest low short (flipping if needed); a long exits on a stop at the
 * lowest low of the previous 10 candles, a short at their highest high.
 */
export const glintStrategy: Strategy<GlintParams, GlintState> = {
  init(params) {
    return { params, entry: new Donchian(params.entryPeriod), exit: new Donchian(params.exitPeriod) };
  },

  onCandle(state, c, i, account) {
    const { params, entry, exit } = state;
    // The channels of the previous candles: read them before adding candle i.
    const breakoutHigh = entry.upper;
    const breakoutLow = entry.lower;
    const exitLow = exit.lower;
    const exitHigh = exit.upper;
    entry.update(c.high[i], c.low[i]);
    exit.update(c.high[i], c.low[i]);
    const close = c.close[i];
    const held = positionDirection(account);
    if (held > 0 && c.low[i] <= exitLow)
      return [closeOrder(account, 'stop', exitLow, `${params.exitPeriod}-candle low`)];
    if (held < 0 && c.high[i] >= exitHigh)
      return [closeOrder(account, 'stop', exitHigh, `${params.exitPeriod}-candle high`)];
    const direction = close > breakoutHigh ? 1 : close < breakoutLow ? -1 : 0;
    if (direction === 0 || direction === held) return NO_ORDERS;
    const reason = `close ${direction > 0 ? 'above' : 'below'} the ${params.entryPeriod}-candle ${direction > 0 ? 'high' : 'low'}`;
    return enterOrders(account, direction, close, params.leverage, params.fraction, reason);
  },
};
