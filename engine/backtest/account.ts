import type { AccountView, Candles, Order } from '../types';
import { FUNDING_PERIOD_MS, type BacktestConfig } from './config';

/** One closing (or reducing) fill, measured against the position's average entry price. */
export interface Trade {
  readonly side: 'long' | 'short';
  /** When the position was opened from flat. */
  readonly entryTime: number;
  readonly exitTime: number;
  readonly entryPrice: number;
  readonly exitPrice: number;
  readonly size: number;
  /** Net of fees (this fill's and its share of the entry fees) and of its share of funding. */
  readonly pnl: number;
  /** pnl over the margin (spot: cost) that the closed size tied up, in percent. */
  readonly returnPct: number;
  readonly reason: string;
}

/**
 * Liquidation price of an isolated position: where margin + unrealised PnL falls to the
 * maintenance margin. Long: margin + q(p - e) = m·q·p; short: margin - q(p - e) = m·q·p.
 */
export function liquidationPrice(
  side: 'long' | 'short',
  size: number,
  entryPrice: number,
  margin: number,
  maintenanceMarginRate: number,
): number {
  return side === 'long'
    ? (size * entryPrice - margin) / (size * (1 - maintenanceMarginRate))
    : (size * entryPrice + margin) / (size * (1 + maintenanceMarginRate));
}

/** Below this size a fill is dust and is skipped. */
const DUST = 1e-12;

/**
 * A lot bought by an order with a `lot` id: its own price, fee and time, so its sell is measured
 * against it. Once sold (closed) its record waits for the next buy under its id rather than being
 * allocated again: a grid buys and sells its lots tens of thousands of times a backtest.
 */
interface Lot {
  open: boolean;
  size: number;
  price: number;
  fee: number;
  time: number;
}

/**
 * A limit or stop level that candle i never traded at cannot fill: a strategy or the risk guard
 * that sends one has a bug (it would fill at a price the market never offered), so it throws.
 */
function assertLevelReached(order: Order, c: Candles, i: number): void {
  if (order.type === 'market') return;
  const buyLimitOrSellStop = (order.side === 'buy') === (order.type === 'limit');
  const reached = buyLimitOrSellStop ? c.low[i] <= order.price : c.high[i] >= order.price;
  if (!reached) {
    throw new Error(
      `${order.type} ${order.side} at ${order.price} not reached by the candle at ${c.time[i]} ` +
        `(low ${c.low[i]}, high ${c.high[i]}): ${order.reason}`,
    );
  }
}

/**
 * The simulated exchange account: cash, one position (spot: long only; futures: long or short,
 * isolated margin), fills with fees and slippage, funding, liquidation and the trade list.
 */
export class Account implements AccountView {
  // Every number field starts as a number (the constructor then sets the capital): a class field
  // declared without a value is first defined as undefined, and V8 then keeps each number stored
  // in it in a new heap box, an allocation per write (equity is written every candle).
  cash = 0;
  positionSize = 0;
  entryPrice = 0;
  equity = 0;
  markPrice = Number.NaN;
  /** Futures: margin locked in the position (after funding). */
  margin = 0;
  leverage = 1;
  readonly trades: Trade[] = [];
  private openedAt = 0;
  /** Entry fees and funding not yet attributed to a trade. */
  private openFees = 0;
  private openFunding = 0;
  /** By lot id: an order's `lot` is an index (the grid's level). */
  private readonly lots: Lot[] = [];
  /**
   * What the reducing fill being recorded is measured against (the position's average, or one
   * lot): its entry price and time and its share of the entry fees. Fields rather than an object
   * per fill, as the grid and DCA bots fill tens of thousands of times a backtest.
   */
  private basisPrice = 0;
  private basisTime = 0;
  private basisFees = 0;
  /** Open time of the last candle settled, so funding counts every 8-hour boundary crossed since. */
  private lastTime = Number.NaN;
  /** Start of the funding period `lastTime` falls in (NaN before the first candle). */
  private periodStart = Number.NaN;
  private readonly isFutures: boolean;

  constructor(private readonly config: BacktestConfig) {
    this.cash = config.capital;
    this.equity = config.capital;
    this.isFutures = config.market === 'futures';
  }

  /**
   * Funding for every 8-hour boundary (00:00, 08:00, 16:00 UTC) between the previous candle and
   * candle i, at candle i's open: a missing candle at a boundary does not skip its payment.
   */
  settleFunding(c: Candles, i: number): void {
    // Spot pays no funding: the check the backtest loop inlines stays this small.
    if (this.isFutures) this.payFunding(c, i);
  }

  private payFunding(c: Candles, i: number): void {
    const time = c.time[i];
    const previous = this.lastTime;
    this.lastTime = time;
    // Still in the previous candle's funding period: no boundary crossed, nothing to divide.
    if (time >= this.periodStart && time < this.periodStart + FUNDING_PERIOD_MS) return;
    this.periodStart = Math.floor(time / FUNDING_PERIOD_MS) * FUNDING_PERIOD_MS;
    if (this.positionSize === 0 || Number.isNaN(previous)) return;
    const boundaries = Math.floor(time / FUNDING_PERIOD_MS) - Math.floor(previous / FUNDING_PERIOD_MS);
    if (boundaries <= 0) return;
    const payment = boundaries * this.positionSize * c.open[i] * this.config.fundingRate;
    this.margin -= payment;
    this.openFunding += payment;
    this.remark();
  }

  /**
   * Liquidates a futures position whose liquidation price candle i reached: at its open only (a gap
   * beyond it, before any stop could fill) or anywhere in its range.
   */
  liquidateIfReached(c: Candles, i: number, atOpenOnly: boolean): void {
    // Spot cannot be liquidated: the check the backtest loop inlines stays this small.
    if (this.isFutures && this.positionSize !== 0) this.liquidateFuturesIfReached(c, i, atOpenOnly);
  }

  private liquidateFuturesIfReached(c: Candles, i: number, atOpenOnly: boolean): void {
    const long = this.positionSize > 0;
    const liq = liquidationPrice(
      long ? 'long' : 'short',
      Math.abs(this.positionSize),
      this.entryPrice,
      this.margin,
      this.config.maintenanceMarginRate,
    );
    const worst = atOpenOnly ? c.open[i] : long ? c.low[i] : c.high[i];
    if (long ? worst <= liq : worst >= liq) this.liquidate(c.time[i], liq);
  }

  execute(order: Order, c: Candles, i: number): void {
    if (!(order.size > DUST)) return;
    assertLevelReached(order, c, i);
    this.fill(order, c, i);
    this.remark();
  }

  private fill(order: Order, c: Candles, i: number): void {
    const price = this.fillPrice(order, c, i);
    const feeRate = order.type === 'limit' ? this.config.makerFee : this.config.takerFee;
    const direction = order.side === 'buy' ? 1 : -1;
    let size = order.size;
    if (this.positionSize * direction < 0) {
      const lot = this.openLot(order.lot);
      // A sell of a lot the account never bought (refused for want of cash) has nothing to sell.
      if (order.lot !== undefined && lot === undefined) return;
      const closing = Math.min(size, Math.abs(this.positionSize), lot?.size ?? Infinity);
      this.reduce(closing, price, feeRate, c.time[i], order.reason, order.lot);
      size -= closing;
      if (order.lot !== undefined) return;
    }
    if (size > DUST && (this.isFutures || direction > 0)) {
      this.increase(direction, size, price, feeRate, order.leverage, c.time[i], order.lot);
    }
  }

  /**
   * Keeps `equity` true after a fill or a funding payment inside a candle (at the last mark price),
   * so the risk guard never judges a stale equity.
   */
  private remark(): void {
    if (!Number.isNaN(this.markPrice)) this.mark(this.markPrice);
  }

  /** Capital tied up in the position: its cost for spot, its margin for futures (0 when flat). */
  get committed(): number {
    return this.isFutures ? this.margin : this.positionSize * this.entryPrice;
  }

  /**
   * Marks the account at `price`: equity = cash + marked position. Returns nothing: it runs every
   * candle, and a number returned from a call V8 did not inline is a heap allocation.
   */
  mark(price: number): void {
    const q = this.positionSize;
    this.markPrice = price;
    this.equity = this.isFutures
      ? this.cash + this.margin + q * (price - this.entryPrice)
      : this.cash + q * price;
  }

  private fillPrice(order: Order, c: Candles, i: number): number {
    const slip = order.side === 'buy' ? 1 + this.config.slippage : 1 - this.config.slippage;
    if (order.type === 'market') return c.close[i] * slip;
    // Reached (checked above); a buy limit above the high (or a sell below the low) was marketable
    // all candle long, so it gets the candle's worst price for it, not a better one.
    if (order.type === 'limit') return Math.min(Math.max(order.price, c.low[i]), c.high[i]);
    // A stop that the candle opened beyond fills at the open, not at its level.
    const open = c.open[i];
    const level = order.side === 'buy' ? Math.max(order.price, open) : Math.min(order.price, open);
    return level * slip;
  }

  private increase(
    direction: 1 | -1,
    wanted: number,
    price: number,
    feeRate: number,
    leverage: number,
    time: number,
    lotId: number | undefined,
  ): void {
    if (this.positionSize === 0) {
      this.leverage = this.isFutures ? leverage : 1;
      this.openedAt = time;
    }
    const lockedPerUnit = this.isFutures ? price / this.leverage : price;
    const costPerUnit = lockedPerUnit + price * feeRate;
    // Never spend more than the free cash: scale the order down to what it can pay for.
    const size = Math.min(wanted, this.cash / costPerUnit);
    if (!(size > DUST)) return;
    const fee = size * price * feeRate;
    const held = Math.abs(this.positionSize);
    this.entryPrice = (this.entryPrice * held + price * size) / (held + size);
    this.positionSize += direction * size;
    this.cash -= size * costPerUnit;
    if (this.cash < 0) this.cash = 0;
    if (this.isFutures) this.margin += size * lockedPerUnit;
    this.openFees += fee;
    if (lotId === undefined) return;
    const lot = this.lots[lotId];
    if (lot === undefined) this.lots[lotId] = { open: true, size, price, fee, time };
    else {
      lot.open = true;
      lot.size = size;
      lot.price = price;
      lot.fee = fee;
      lot.time = time;
    }
  }

  /** The open lot of that id, if any. */
  private openLot(lotId: number | undefined): Lot | undefined {
    if (lotId === undefined) return undefined;
    if (!(Number.isInteger(lotId) && lotId >= 0)) throw new RangeError(`a lot id is an index, got ${lotId}`);
    const lot = this.lots[lotId];
    return lot !== undefined && lot.open ? lot : undefined;
  }

  private reduce(
    size: number,
    price: number,
    feeRate: number,
    time: number,
    reason: string,
    lotId: number | undefined,
  ): void {
    const held = Math.abs(this.positionSize);
    const long = this.positionSize > 0;
    const share = size / held;
    const fee = size * price * feeRate;
    this.takeBasis(size, share, lotId);
    const basisPrice = this.basisPrice;
    const gross = size * (price - basisPrice) * (long ? 1 : -1);
    if (this.isFutures) {
      // Futures positions have no lots: the basis is the average entry the margin was locked at.
      const released = this.margin * share;
      this.margin -= released;
      // A loss beyond the margin (a gap) is absorbed by the exchange, as on an isolated position.
      this.cash = Math.max(0, this.cash + released + gross - fee);
    } else {
      this.cash += size * price - fee;
    }
    this.record(long, size, price, gross - fee, share, time, reason);
    const remaining = held - size;
    // Selling a lot at its own price leaves the average of the other lots.
    if (lotId !== undefined && remaining > DUST)
      this.entryPrice = (this.entryPrice * held - basisPrice * size) / remaining;
    this.positionSize = long ? remaining : -remaining;
    if (share >= 1 - 1e-12) this.flatten();
  }

  /**
   * Sets the basis a reducing fill is measured against, taking that lot (or share of the position)
   * off the books.
   */
  private takeBasis(size: number, share: number, lotId: number | undefined): void {
    const lot = this.openLot(lotId);
    if (lot === undefined) {
      const fees = this.openFees * share;
      this.openFees -= fees;
      this.setBasis(this.entryPrice, this.openedAt, fees);
      return;
    }
    const fees = lot.fee * (size / lot.size);
    lot.fee -= fees;
    lot.size -= size;
    if (lot.size <= DUST) lot.open = false;
    this.openFees -= fees;
    this.setBasis(lot.price, lot.time, fees);
  }

  private setBasis(price: number, time: number, fees: number): void {
    this.basisPrice = price;
    this.basisTime = time;
    this.basisFees = fees;
  }

  /** The whole remaining margin is lost; the maintenance margin goes to the insurance fund. */
  private liquidate(time: number, price: number): void {
    const long = this.positionSize > 0;
    this.setBasis(this.entryPrice, this.openedAt, this.openFees);
    this.record(long, Math.abs(this.positionSize), price, -this.margin, 1, time, 'liquidation');
    this.flatten();
  }

  private record(
    long: boolean,
    size: number,
    exitPrice: number,
    netOfExit: number,
    share: number,
    time: number,
    reason: string,
  ): void {
    const funding = this.openFunding * share;
    this.openFunding -= funding;
    const pnl = netOfExit - this.basisFees - funding;
    const committed = (size * this.basisPrice) / this.leverage;
    this.trades.push({
      side: long ? 'long' : 'short',
      entryTime: this.basisTime,
      exitTime: time,
      entryPrice: this.basisPrice,
      exitPrice,
      size,
      pnl,
      returnPct: committed > 0 ? (pnl / committed) * 100 : 0,
      reason,
    });
  }

  private flatten(): void {
    this.positionSize = 0;
    this.entryPrice = 0;
    this.margin = 0;
    this.openFees = 0;
    this.openFunding = 0;
    for (const lot of this.lots) if (lot !== undefined) lot.open = false;
  }
}
