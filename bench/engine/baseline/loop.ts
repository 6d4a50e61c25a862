/**
 * The baseline the strategy benchmark compares against: how one would first write a backtest. One
 * object per candle, an order array per candle, a new account object per fill, and indicators
 * recomputed per candle from plain arrays (./indicators.ts). The fill model is the engine's (fees,
 * slippage, funding at every 8-hour boundary crossed, isolated margin and liquidation, the limit/stop
 * touch check, per-lot trades), and so are the risk rules (the protective stop, the kill switch and
 * the admission of orders, with the arithmetic of engine/risk), so both produce the same trades.
 */
import type { BacktestConfig } from '#engine/backtest/config';
import { exitPriceForEquity, KillSwitch, riskSizedQuantity } from '#engine/risk/index';
import { computeStats, type Stats } from '#engine/stats/stats';
import type { RegimeParams } from '#engine/strategies/regime';
import type { VolatilityParams } from '#engine/strategies/volatility';
import type { Candles } from '#engine/types';
import { last, NaiveEma, stdev } from './indicators';

export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A lot bought by an order with a `lot` id, so its sell is measured against its own buy. */
interface Lot {
  size: number;
  price: number;
  fee: number;
  time: number;
}

export interface Account {
  cash: number;
  /** Signed: > 0 long, < 0 short. */
  size: number;
  entry: number;
  margin: number;
  leverage: number;
  openedAt: number;
  /** Entry fees and funding not yet charged to a trade. */
  fees: number;
  funding: number;
  lots: Record<number, Lot>;
  /** Marked at `markPrice` (the previous close until this candle's close), after every fill. */
  equity: number;
  markPrice: number;
}

export interface BaseOrder {
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  size: number;
  price: number;
  leverage: number;
  reason: string;
  lot?: number;
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
export interface Rule {
  /** Orders after bar i closed. */
  orders: (bars: Bar[], i: number, account: Account) => BaseOrder[];
  /** The protective stop of the position carried into bar i (NaN: none). */
  stop: (bars: Bar[], i: number, account: Account) => number;
}

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
  const killSwitch = new KillSwitch(config.capital, config.maxDrawdownPct);
  const killReason = `kill switch: ${config.maxDrawdownPct}% drawdown`;
  let halted = false;
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
    lots: {},
    equity: config.capital,
    markPrice: NaN,
  };

  const mark = (a: Account, price: number): Account => ({
    ...a,
    markPrice: price,
    equity: futures ? a.cash + a.margin + a.size * (price - a.entry) : a.cash + a.size * price,
  });
  const remark = (a: Account): Account => (Number.isNaN(a.markPrice) ? a : mark(a, a.markPrice));

  /** Books a closing fill of `size` against `basis` (the average entry, or one lot). */
  const record = (
    a: Account,
    size: number,
    exitPrice: number,
    net: number,
    share: number,
    basis: { price: number; time: number; fees: number },
    time: number,
    reason: string,
  ): Account => {
    const funding = a.funding * share;
    const pnl = net - basis.fees - funding;
    const committed = (size * basis.price) / a.leverage;
    trades.push({
      side: a.size > 0 ? 'long' : 'short',
      entryTime: basis.time,
      exitTime: time,
      entryPrice: basis.price,
      exitPrice,
      size,
      pnl,
      returnPct: committed > 0 ? (pnl / committed) * 100 : 0,
      reason,
    });
    return { ...a, funding: a.funding - funding };
  };
  const flat = (a: Account): Account => ({
    ...a,
    size: 0,
    entry: 0,
    margin: 0,
    fees: 0,
    funding: 0,
    lots: {},
  });

  /** Funding for every 8-hour boundary crossed since the previous bar, at this bar's open. */
  const settleFunding = (a: Account, bar: Bar, previousTime: number | undefined): Account => {
    if (!futures || a.size === 0 || previousTime === undefined) return a;
    const boundaries =
      Math.floor(bar.time / FUNDING_PERIOD_MS) - Math.floor(previousTime / FUNDING_PERIOD_MS);
    if (boundaries <= 0) return a;
    const payment = boundaries * a.size * bar.open * config.fundingRate;
    return remark({ ...a, margin: a.margin - payment, funding: a.funding + payment });
  };

  /** Liquidates at the liquidation price if the open (or the whole range) reached it. */
  const liquidate = (a: Account, bar: Bar, atOpenOnly: boolean): Account => {
    if (!futures || a.size === 0) return a;
    const q = Math.abs(a.size);
    const mmr = config.maintenanceMarginRate;
    const long = a.size > 0;
    const liq = long
      ? (q * a.entry - a.margin) / (q * (1 - mmr))
      : (q * a.entry + a.margin) / (q * (1 + mmr));
    const worst = atOpenOnly ? bar.open : long ? bar.low : bar.high;
    if (!(long ? worst <= liq : worst >= liq)) return a;
    const basis = { price: a.entry, time: a.openedAt, fees: a.fees };
    // Like the engine, the equity is not re-marked here: it is marked again at the close.
    return flat(record(a, q, liq, -a.margin, 1, basis, bar.time, 'liquidation'));
  };

  /** The risk guard before the bar: the kill level or the protective stop, whichever comes first. */
  const guard = (a: Account, bars: Bar[], i: number): BaseOrder[] => {
    const bar = bars[i];
    if (a.size === 0) {
      if (killSwitch.breached(a.equity)) halted = true;
      return [];
    }
    const stop = rule.stop(bars, i, a);
    if (futures && !Number.isFinite(stop))
      throw new Error(`a futures position without a protective stop (candle ${bar.time})`);
    const long = a.size > 0;
    const fill = exitPriceForEquity(a.size, a.equity, a.markPrice, killSwitch.floor, config.takerFee);
    const kill = long ? fill / (1 - config.slippage) : fill / (1 + config.slippage);
    const reached = (level: number) => (long ? bar.low <= level : bar.high >= level);
    const stopReached = Number.isFinite(stop) && reached(stop);
    if (reached(kill) && (!stopReached || (long ? kill >= stop : kill <= stop))) {
      halted = true;
      return [exit(a, 'stop', kill, killReason)];
    }
    return stopReached ? [exit(a, 'stop', stop, 'stop loss')] : [];
  };

  /** Whether the rule's order may go through: an opening or adding order must leave the equity above the floor. */
  const admits = (a: Account, o: BaseOrder): boolean => {
    if (halted) return false;
    if (a.size * (o.side === 'buy' ? 1 : -1) < 0) return true;
    const roundTrip = o.size * o.price * 2 * (config.takerFee + config.slippage);
    if (a.equity - roundTrip > killSwitch.floor) return true;
    halted = true;
    return false;
  };

  const reduce = (
    a: Account,
    size: number,
    price: number,
    feeRate: number,
    time: number,
    reason: string,
    lotId: number | undefined,
  ): Account => {
    const held = Math.abs(a.size);
    const long = a.size > 0;
    const share = size / held;
    const fee = size * price * feeRate;
    const lot = lotId === undefined ? undefined : a.lots[lotId];
    let basis: { price: number; time: number; fees: number };
    if (lot === undefined) {
      basis = { price: a.entry, time: a.openedAt, fees: a.fees * share };
    } else {
      basis = { price: lot.price, time: lot.time, fees: lot.fee * (size / lot.size) };
      const lots = { ...a.lots, [lotId!]: { ...lot, size: lot.size - size, fee: lot.fee - basis.fees } };
      if (lots[lotId!].size <= DUST) delete lots[lotId!];
      a = { ...a, lots };
    }
    a = { ...a, fees: a.fees - basis.fees };
    const gross = size * (price - basis.price) * (long ? 1 : -1);
    if (futures) {
      const released = a.margin * share;
      a = { ...a, margin: a.margin - released, cash: Math.max(0, a.cash + released + gross - fee) };
    } else {
      a = { ...a, cash: a.cash + (size * price - fee) };
    }
    a = record(a, size, price, gross - fee, share, basis, time, reason);
    const remaining = held - size;
    // Selling a lot at its own price leaves the average of the other lots.
    const entry =
      lotId !== undefined && remaining > DUST ? (a.entry * held - basis.price * size) / remaining : a.entry;
    a = { ...a, entry, size: long ? remaining : -remaining };
    return share >= 1 - 1e-12 ? flat(a) : a;
  };

  const increase = (
    a: Account,
    dir: 1 | -1,
    wanted: number,
    price: number,
    feeRate: number,
    o: BaseOrder,
    time: number,
  ): Account => {
    const opening = a.size === 0;
    const leverage = opening ? (futures ? o.leverage : 1) : a.leverage;
    const locked = futures ? price / leverage : price;
    const cost = locked + price * feeRate;
    // Never spend more than the free cash.
    const bought = Math.min(wanted, a.cash / cost);
    if (!(bought > DUST)) return a;
    const fee = bought * price * feeRate;
    const held = Math.abs(a.size);
    return {
      ...a,
      leverage,
      openedAt: opening ? time : a.openedAt,
      entry: (a.entry * held + price * bought) / (held + bought),
      size: a.size + dir * bought,
      cash: Math.max(0, a.cash - bought * cost),
      margin: futures ? a.margin + bought * locked : a.margin,
      fees: a.fees + fee,
      lots: o.lot === undefined ? a.lots : { ...a.lots, [o.lot]: { size: bought, price, fee, time } },
    };
  };

  const fill = (a: Account, o: BaseOrder, bar: Bar): Account => {
    if (!(o.size > DUST)) return a;
    // A limit or stop level the bar never traded at cannot fill: the rule that sent it has a bug.
    const reached =
      o.type === 'market' ||
      ((o.side === 'buy') === (o.type === 'limit') ? bar.low <= o.price : bar.high >= o.price);
    if (!reached)
      throw new Error(`${o.type} ${o.side} at ${o.price} not reached at ${bar.time}: ${o.reason}`);
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
      // Reduce (or close) the opposite position, or only the named lot.
      const lot = o.lot === undefined ? undefined : a.lots[o.lot];
      if (o.lot !== undefined && lot === undefined) return remark(a);
      const closing = Math.min(size, Math.abs(a.size), lot?.size ?? Infinity);
      a = reduce(a, closing, price, feeRate, bar.time, o.reason, o.lot);
      if (o.lot !== undefined) return remark(a);
      size -= closing;
    }
    if (size > DUST && (futures || dir > 0)) a = increase(a, dir, size, price, feeRate, o, bar.time);
    return remark(a);
  };

  let previousTime: number | undefined;
  bars.forEach((bar, i) => {
    account = settleFunding(account, bar, previousTime);
    previousTime = bar.time;
    if (!halted) {
      account = liquidate(account, bar, true);
      for (const o of guard(account, bars, i)) account = fill(account, o, bar);
      account = liquidate(account, bar, false);
    }
    if (!halted) {
      for (const o of rule.orders(bars, i, account)) if (admits(account, o)) account = fill(account, o, bar);
    }
    account = mark(account, bar.close);
    // The kill switch on the equity at the close: halt, and close at the close.
    if (!halted && killSwitch.observe(account.equity)) {
      halted = true;
      if (account.size !== 0)
        account = mark(fill(account, exit(account, 'market', bar.close, killReason), bar), bar.close);
    }
    equity.push(account.equity);
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

/** How a signal rule sizes an entry: `riskPct` % of equity lost at the stop, margin capped at `fraction`. */
export interface Sizing {
  riskPct: number;
  leverage: number;
  fraction: number;
}

/**
 * Market orders for a position in `dir` that loses `riskPct` % of equity at `stop`, at most
 * `fraction` × equity × exposure (closing an opposite position first).
 */
export function enter(
  a: Account,
  dir: 1 | -1,
  price: number,
  stop: number,
  sizing: Sizing,
  reason: string,
  exposure = sizing.leverage,
  wholeExposure = false,
): BaseOrder[] {
  const orders: BaseOrder[] = [];
  if (a.size * dir < 0) orders.push(exit(a, 'market', price, `flip: ${reason}`));
  const cap = a.equity * sizing.fraction * exposure;
  const size = wholeExposure ? cap / price : riskSizedQuantity(a.equity, price, stop, sizing.riskPct, cap);
  orders.push({
    side: dir > 0 ? 'buy' : 'sell',
    type: 'market',
    size,
    price,
    leverage: sizing.leverage,
    reason,
  });
  return orders;
}

export const heldDirection = (a: Account): 1 | -1 | 0 => (a.size > 0 ? 1 : a.size < 0 ? -1 : 0);

const DAY_MS = 86_400_000;

/**
 * The trend filters (engine/strategies/regime.ts) the straightforward way: an EMA over the growing
 * list of closes, longs only above it, shorts only below it (and only if `shorts`); and the daily
 * confirmation, an EMA over the list of each finished UTC day's last close (a day is finished at
 * the close of its last candle, or when a later day's first candle arrives).
 */
export function naiveRegime(p: RegimeParams): {
  next(time: number, close: number): void;
  allows(dir: 1 | -1, close: number): boolean;
} {
  const slow = p.regimePeriod > 0 ? new NaiveEma(p.regimePeriod) : null;
  const daily = p.trendDays > 0 ? new NaiveEma(p.trendDays) : null;
  let level = NaN;
  let step = Infinity;
  const times: number[] = [];
  const closes: number[] = [];
  const finished = new Set<number>();
  const dayOf = (t: number) => Math.floor(t / DAY_MS);
  const finish = (k: number) => {
    finished.add(dayOf(times[k]));
    daily!.next(closes[k]);
  };
  return {
    next(time, close) {
      if (slow !== null) level = slow.next(close);
      if (daily === null) return;
      const k = times.length;
      // The previous candle was the last of an unfinished day: that day is over.
      if (k > 0 && dayOf(times[k - 1]) !== dayOf(time) && !finished.has(dayOf(times[k - 1]))) finish(k - 1);
      times.push(time);
      closes.push(close);
      if (k > 0 && time > times[k - 1]) step = Math.min(step, time - times[k - 1]);
      if (finished.has(dayOf(time)) || k === 0) return;
      if (time + step >= (dayOf(time) + 1) * DAY_MS) finish(k);
    },
    allows(dir, close) {
      if (dir < 0 && !p.shorts) return false;
      if (daily !== null) {
        const ema = daily.values[daily.values.length - 1];
        const day = daily.inputs[daily.inputs.length - 1];
        const trend = day > ema ? 1 : day < ema ? -1 : 0;
        if (trend !== dir) return false;
      }
      return slow === null || (dir > 0 ? close > level : close < level);
    },
  };
}

/**
 * Volatility targeting (engine/strategies/volatility.ts) the straightforward way: the list of log
 * returns; the exposure `targetVol` / (their standard deviation × √candles a year), at most the
 * leverage. `undefined` without a target (sized by the risk at the stop), null until a full window.
 */
export function naiveVolatility(p: VolatilityParams): {
  next(bars: Bar[], i: number): void;
  exposure(leverage: number): number | null | undefined;
} {
  const returns: number[] = [];
  let barsPerYear = 0;
  return {
    next(bars, i) {
      if (p.targetVol <= 0 || i === 0) return;
      returns.push(Math.log(bars[i].close / bars[i - 1].close));
      barsPerYear = (365 * DAY_MS) / (bars[1].time - bars[0].time);
    },
    exposure(leverage) {
      if (p.targetVol <= 0) return undefined;
      if (returns.length < p.volPeriod) return null;
      const annual = stdev(last(returns, p.volPeriod)) * Math.sqrt(barsPerYear);
      return annual > 0 ? Math.min(leverage, p.targetVol / annual) : leverage;
    },
  };
}
