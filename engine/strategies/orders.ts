import type { AccountView, Order, OrderType, Side } from '../types';

export type Direction = 1 | -1;

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
 * Market orders that leave a position in `direction` worth `fraction` × equity × leverage: closes an
 * opposite position first (a flip), then opens. `exposure` lets volatility targeting use less than
 * the full leverage while the account keeps `leverage` as its margin setting.
 */
export function enterOrders(
  account: AccountView,
  direction: Direction,
  price: number,
  leverage: number,
  fraction: number,
  reason: string,
  exposure: number = leverage,
): Order[] {
  const orders: Order[] = [];
  if (account.positionSize * direction < 0)
    orders.push(closeOrder(account, 'market', price, `flip: ${reason}`));
  const size = (account.equity * fraction * exposure) / price;
  orders.push(order(direction > 0 ? 'buy' : 'sell', 'market', size, price, leverage, reason));
  return orders;
}
