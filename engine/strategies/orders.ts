import { riskSizedQuantity } from '../risk/sizing';
import { NO_ORDERS, type AccountView, type Order, type OrderType, type Side } from '../types';

type Direction = 1 | -1;

export function order(
  side: Side,
  type: OrderType,
  size: number,
  price: number,
  leverage: number,
  reason: string,
): Order {
  return { side, type, size, price, leverage, reason };
}

/** Sign of the open position: 1 long, -1 short, 0 flat. */
export function positionDirection(account: AccountView): Direction | 0 {
  return account.positionSize > 0 ? 1 : account.positionSize < 0 ? -1 : 0;
}

/** An order that closes the whole position (market at the close, or a stop / limit at a level). */
export function closeOrder(account: AccountView, type: OrderType, price: number, reason: string): Order {
  const long = account.positionSize > 0;
  return order(long ? 'sell' : 'buy', type, Math.abs(account.positionSize), price, 1, reason);
}

/**
 * A flip-style bot's answer to a signal its regime filter refuses (engine/strategies/regime.ts): it
 * leaves an opposite position, as the signal says the move turned, but opens nothing against the
 * slow trend.
 */
export function exitWithoutFlip(account: AccountView, close: number, reason: string): readonly Order[] {
  return account.positionSize === 0
    ? NO_ORDERS
    : [closeOrder(account, 'market', close, `${reason}: exit, no entry against the slow trend`)];
}

/** How a signal bot sizes an entry: the risk per trade, capped by the margin it may commit. */
export interface EntrySizing {
  /** Loss at the protective stop, in percent of equity. */
  readonly riskPct: number;
  /** Margin leverage of the account. */
  readonly leverage: number;
  /** Share of equity the position may use as margin at most. */
  readonly fraction: number;
  /** Exposure cap in multiples of equity (volatility targeting); the leverage by default. */
  readonly exposure?: number;
  /**
   * Take the whole capped position instead of the risk-sized one (volatility targeting of the v4
   * designs: the exposure is the size, the stop only protects it).
   */
  readonly sizedByExposure?: boolean;
}

/**
 * Market orders that leave a position in `direction` whose loss at `stop` is `riskPct` % of equity
 * (capped at `fraction` × equity × exposure): closes an opposite position first (a flip), then opens.
 * The stop is the strategy's `stopLevel` from the next candle on; the risk guard enforces it.
 */
export function enterOrders(
  account: AccountView,
  direction: Direction,
  price: number,
  stop: number,
  sizing: EntrySizing,
  reason: string,
): Order[] {
  const orders: Order[] = [];
  if (account.positionSize * direction < 0)
    orders.push(closeOrder(account, 'market', price, `flip: ${reason}`));
  const cap = account.equity * sizing.fraction * (sizing.exposure ?? sizing.leverage);
  const size = sizing.sizedByExposure
    ? cap / price
    : riskSizedQuantity(account.equity, price, stop, sizing.riskPct, cap);
  orders.push(order(direction > 0 ? 'buy' : 'sell', 'market', size, price, sizing.leverage, reason));
  return orders;
}
