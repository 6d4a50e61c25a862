/**
 * The baseline the strategy benchmark compares against: how one would first write a backtest. One
 * object per candle, an order array per candle, a new account object per fill, and indicators
 * recomputed per candle from plain arrays (./indicators.ts). The fill model is the engine's (fees,
 * slippage, funding, isolated margin and liquidation), so both produce the same trades.
 */
import type { BacktestConfig } from '#engine/backtest/config';
import { computeStats, type Stats } from '#engine/stats/stats';
import type { Candles } from '#engine/types';

export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface Account {
  cash: number;
  /** Signed: > 0 long, < 0 short. */
  size: number;
  entry: number;
  margin: number;
  leverage: number;
  openedAt: number;
  fees: number;
  funding: number;
  /** Marked at the previous close (what a strategy sizes from). */
  equity: number;
}

export interface BaseOrder {
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  size: number;
  price: number;
  leverage: number;
  reason: string;
}

interface BaseTrade {
  side: 'long' | 'short';
  entryTime: number;
  exitTime: number;
  entryPrice: number;
  exitPrice: number;
  size: number;
  pnl: number;
  returnPct: number;
  reason: string;
}

/** A strategy: its state lives in the closure; it sees every bar up to i. */
export type Rule = (bars: Bar[], i: number, account: Account) => BaseOrder[];

export interface BaselineResult {
  trades: BaseTrade[];
  equity: number[];
  stats: Stats;
}

export const toBars = (c: Candles): Bar[] =>
  Array.from({ length: c.length }, (_, i) => ({
    time: c.time[i],
    open: c.open[i],
    high: c.high[i],
    low: c.low[i],
    close: c.close[i],
    volume: c.volume[i],
  }));

const DUST = 1e-12;
const FUNDING_PERIOD_MS = 8 * 3_600_000;

export function baselineBacktest(bars: Bar[], config: BacktestConfig, rule: Rule): BaselineResult {
  const futures = config.market === 'futures';
  const trades: BaseTrade[] = [];
  const equity: number[] = [];
  let account: Account = {
    cash: config.capital,
    size: 0,
    entry: 0,
    margin: 0,
    leverage: 1,
    openedAt: 0,
    fees: 0,
    funding: 0,
    equity: config.capital,
  };

  const record = (
    a: Account,
    size: number,
    exitPrice: number,
    net: number,
    share: number,
    time: number,
    reason: string,
  ) => {
    const fees = a.fees * share;
    const funding = a.funding * share;
    const pnl = net - fees - funding;
    const committed = (size * a.entry) / a.leverage;
    trades.push({
      side: a.size > 0 ? 'long' : 'short',
      entryTime: a.openedAt,
      exitTime: time,
      entryPrice: a.entry,
      exitPrice,
      size,
      pnl,
      returnPct: committed > 0 ? (pnl / committed) * 100 : 0,
      reason,
    });
    return { ...a, fees: a.fees - fees, funding: a.funding - funding };
  };
  const flat = (a: Account): Account => ({ ...a, size: 0, entry: 0, margin: 0, fees: 0, funding: 0 });

  const settle = (a: Account, bar: Bar): Account => {
    if (!futures || a.size === 0) return a;
    if (bar.time % FUNDING_PERIOD_MS === 0) {
      const payment = a.size * bar.open * config.fundingRate;
      a = { ...a, margin: a.margin - payment, funding: a.funding + payment };
    }
    const q = Math.abs(a.size);
    const mmr = config.maintenanceMarginRate;
    const liq =
      a.size > 0 ? (q * a.entry - a.margin) / (q * (1 - mmr)) : (q * a.entry + a.margin) / (q * (1 + mmr));
    if (a.size > 0 ? bar.low <= liq : bar.high >= liq)
      return flat(record(a, q, liq, -a.margin, 1, bar.time, 'liquidation'));
    return a;
  };

  const fill = (a: Account, o: BaseOrder, bar: Bar): Account => {
    if (!(o.size > DUST)) return a;
    const slip = o.side === 'buy' ? 1 + config.slippage : 1 - config.slippage;
    const price =
      o.type === 'market'
        ? bar.close * slip
        : o.type === 'limit'
          ? Math.min(Math.max(o.price, bar.low), bar.high)
          : (o.side === 'buy' ? Math.max(o.price, bar.open) : Math.min(o.price, bar.open)) * slip;
    const feeRate = o.type === 'limit' ? config.makerFee : config.takerFee;
    const dir = o.side === 'buy' ? 1 : -1;
    let size = o.size;
    if (a.size * dir < 0) {
      // Reduce (or close) the opposite position.
      const held = Math.abs(a.size);
      const closing = Math.min(size, held);
      const share = closing / held;
      const fee = closing * price * feeRate;
      const gross = closing * (price - a.entry) * (a.size > 0 ? 1 : -1);
      const released = futures ? a.margin * share : 0;
      const cash = futures ? Math.max(0, a.cash + released + gross - fee) : a.cash + (closing * price - fee);
      a = record(
        { ...a, cash, margin: a.margin - released },
        closing,
        price,
        gross - fee,
        share,
        bar.time,
        o.reason,
      );
      a = { ...a, size: a.size > 0 ? a.size - closing : a.size + closing };
      if (share >= 1 - 1e-12) a = flat(a);
      size -= closing;
    }
    if (size > DUST && (futures || dir > 0)) {
      // Increase, never spending more than the free cash.
      const opening = a.size === 0;
      const leverage = opening ? (futures ? o.leverage : 1) : a.leverage;
      const locked = futures ? price / leverage : price;
      const cost = locked + price * feeRate;
      const bought = Math.min(size, a.cash / cost);
      if (!(bought > DUST)) return a;
      const held = Math.abs(a.size);
      a = {
        ...a,
        leverage,
        openedAt: opening ? bar.time : a.openedAt,
        entry: (a.entry * held + price * bought) / (held + bought),
        size: a.size + dir * bought,
        cash: Math.max(0, a.cash - bought * cost),
        margin: futures ? a.margin + bought * locked : a.margin,
        fees: a.fees + bought * price * feeRate,
      };
    }
    return a;
  };

  bars.forEach((bar, i) => {
    account = settle(account, bar);
    for (const o of rule(bars, i, account)) account = fill(account, o, bar);
    const marked = futures
      ? account.cash + account.margin + account.size * (bar.close - account.entry)
      : account.cash + account.size * bar.close;
    account = { ...account, equity: marked };
    equity.push(marked);
  });
  const stats = computeStats(
    Float64Array.from(bars, (b) => b.time),
    Float64Array.from(equity),
    trades,
    config.capital,
  );
  return { trades, equity, stats };
}

/** Closes the whole position. */
export const exit = (a: Account, type: BaseOrder['type'], price: number, reason: string): BaseOrder => ({
  side: a.size > 0 ? 'sell' : 'buy',
  type,
  size: Math.abs(a.size),
  price,
  leverage: 1,
  reason,
});

/** Market orders to hold `fraction` × equity × exposure in `dir` (closing an opposite position first). */
export function enter(
  a: Account,
  dir: 1 | -1,
  price: number,
  leverage: number,
  fraction: number,
  reason: string,
  exposure = leverage,
): BaseOrder[] {
  const orders: BaseOrder[] = [];
  if (a.size * dir < 0) orders.push(exit(a, 'market', price, `flip: ${reason}`));
  const size = (a.equity * fraction * exposure) / price;
  orders.push({ side: dir > 0 ? 'buy' : 'sell', type: 'market', size, price, leverage, reason });
  return orders;
}

export const heldDirection = (a: Account): 1 | -1 | 0 => (a.size > 0 ? 1 : a.size < 0 ? -1 : 0);
