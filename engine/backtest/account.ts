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
 * The simulated exchange account: cash, one position (spot: long only; futures: long or short,
 * isolated margin), fills with fees and slippage, funding, liquidation and the trade list.
 */
export class Account implements AccountView {
  cash: number;
  positionSize = 0;
  entryPrice = 0;
  equity: number;
  /** Futures: margin locked in the position (after funding). */
  margin = 0;
  leverage = 1;
  readonly trades: Trade[] = [];
  private openedAt = 0;
  /** Entry fees and funding not yet attributed to a trade. */
  private openFees = 0;
  private openFunding = 0;
  private readonly isFutures: boolean;

  constructor(private readonly config: BacktestConfig) {
    this.cash = config.capital;
    this.equity = config.capital;
    this.isFutures = config.market === 'futures';
  }

  /** Funding and liquidation, both decided on candle i before the strategy sees it. */
  settleCandle(c: Candles, i: number): void {
    if (!this.isFutures || this.positionSize === 0) return;
    if (c.time[i] % FUNDING_PERIOD_MS === 0) {
      const payment = this.positionSize * c.open[i] * this.config.fundingRate;
      this.margin -= payment;
      this.openFunding += payment;
    }
    const long = this.positionSize > 0;
    const size = Math.abs(this.positionSize);
    const liq = liquidationPrice(
      long ? 'long' : 'short',
      size,
      this.entryPrice,
      this.margin,
      this.config.maintenanceMarginRate,
    );
    // Checked before the strategy's own stops: pessimistic when both fall inside one candle.
    if (long ? c.low[i] <= liq : c.high[i] >= liq) this.liquidate(c.time[i], liq);
  }

  execute(order: Order, c: Candles, i: number): void {
    if (!(order.size > DUST)) return;
    const price = this.fillPrice(order, c, i);
    const feeRate = order.type === 'limit' ? this.config.makerFee : this.config.takerFee;
    const direction = order.side === 'buy' ? 1 : -1;
    let size = order.size;
    if (this.positionSize * direction < 0) {
      const closing = Math.min(size, Math.abs(this.positionSize));
      this.reduce(closing, price, feeRate, c.time[i], order.reason);
      size -= closing;
    }
    if (size > DUST && (this.isFutures || direction > 0)) {
      this.increase(direction, size, price, feeRate, order.leverage, c.time[i]);
    }
  }

  /** Marks the account at `price`: equity = cash + marked position. */
  mark(price: number): number {
    const q = this.positionSize;
    this.equity = this.isFutures
      ? this.cash + this.margin + q * (price - this.entryPrice)
      : this.cash + q * price;
    return this.equity;
  }

  private fillPrice(order: Order, c: Candles, i: number): number {
    const slip = order.side === 'buy' ? 1 + this.config.slippage : 1 - this.config.slippage;
    if (order.type === 'market') return c.close[i] * slip;
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
  }

  private reduce(size: number, price: number, feeRate: number, time: number, reason: string): void {
    const held = Math.abs(this.positionSize);
    const long = this.positionSize > 0;
    const share = size / held;
    const fee = size * price * feeRate;
    const gross = size * (price - this.entryPrice) * (long ? 1 : -1);
    if (this.isFutures) {
      const released = this.margin * share;
      this.margin -= released;
      // A loss beyond the margin (a gap) is absorbed by the exchange, as on an isolated position.
      this.cash = Math.max(0, this.cash + released + gross - fee);
    } else {
      this.cash += size * price - fee;
    }
    this.record(long, size, price, gross - fee, share, time, reason);
    this.positionSize = long ? this.positionSize - size : this.positionSize + size;
    if (share >= 1 - 1e-12) this.flatten();
  }

  /** The whole remaining margin is lost; the maintenance margin goes to the insurance fund. */
  private liquidate(time: number, price: number): void {
    const long = this.positionSize > 0;
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
    const entryFees = this.openFees * share;
    const funding = this.openFunding * share;
    this.openFees -= entryFees;
    this.openFunding -= funding;
    const pnl = netOfExit - entryFees - funding;
    const committed = (size * this.entryPrice) / this.leverage;
    this.trades.push({
      side: long ? 'long' : 'short',
      entryTime: this.openedAt,
      exitTime: time,
      entryPrice: this.entryPrice,
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
  }
}
