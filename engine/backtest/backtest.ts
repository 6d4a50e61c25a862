import { sliceCandles } from '../candles';
import type { Candles, Order, SignalInput, Strategy } from '../types';
import { RiskGuard, type KillEvent } from '../risk/guard';
import { computeStats, type Stats } from '../stats/stats';
import { Account, type Trade } from './account';
import type { BacktestConfig } from './config';

export interface BacktestResult {
  readonly trades: readonly Trade[];
  /** Open time of each candle processed (runBacktest: a view of the candles' own times, not a copy). */
  readonly time: Float64Array;
  /** Equity marked at each candle's close. */
  readonly equity: Float64Array;
  readonly stats: Stats;
  /** Still open at the end (marked, not closed, in the equity curve). */
  readonly openPosition: { readonly size: number; readonly entryPrice: number };
  /** Set when the kill switch halted the bot (it then holds cash to the end). */
  readonly killed: KillEvent | null;
  /**
   * Capital tied up in the position (spot cost, futures margin) at each close, averaged over the
   * candles: how much of the allocation actually worked (a DCA ladder or a grid holds most of it in cash).
   */
  readonly averageCapitalInUse: number;
}

/** A growable Float64Array, so chunks of any size append without one object per candle. */
class Column {
  data = new Float64Array(1024);
  length = 0;

  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const grown = new Float64Array(Math.max(this.data.length * 2, this.length + extra));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  /** The values so far, without a copy: slots are only ever appended, never rewritten. */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

/** An order the simulated account filled: the candle it filled on and how much of it filled. */
export interface ModelFill {
  readonly order: Order;
  /** Open time of the candle it filled on. */
  readonly time: number;
  /** Base quantity the account actually traded (an order can be cut to the free cash, or skipped). */
  readonly filled: number;
  /** The model's signed position before the fill: whether the order reduced it, and by how much. */
  readonly before: number;
}

/** Live-runner options: the executor replays a bot from its deployment with the same code. */
export interface BacktestOptions {
  /**
   * Candles that open before this time only warm the strategy up (its indicators see them, its
   * orders are dropped, the account stays flat): a bot deployed now starts with warm indicators and
   * no position, as it does on the exchange.
   */
  readonly tradeFrom?: number;
  /** Told of every fill, in order (the live executor turns them into exchange orders). */
  readonly onFill?: (fill: ModelFill) => void;
}

/**
 * A backtest fed in chunks. Per candle: funding (futures); a liquidation if the candle opened beyond
 * it; the risk guard (kill switch and protective stop, engine/risk); a liquidation inside the range;
 * the strategy's orders; the mark at the close and the guard's kill switch on it. Once halted, the
 * strategy is no longer asked. Feeding the candles in one chunk or in many gives the same result,
 * because all history lives in the strategy state, the account and the guard.
 */
export class Backtest<P, S> {
  readonly account: Account;
  readonly guard: RiskGuard;
  private readonly state: S;
  private readonly time = new Column();
  private readonly equity = new Column();
  /** The largest unrealised loss of an open position, in percent of the equity at that close. */
  private worstOpenLossPct = 0;
  /** Sum over the closes of the capital in the position (averageCapitalInUse). */
  private capitalInUse = 0;

  private readonly tradeFrom: number;
  private readonly onFill: ((fill: ModelFill) => void) | undefined;
  /**
   * The open times of every candle this backtest will be fed, in order, when known up front
   * (runBacktest): the result's times are then these, not a copy written candle by candle.
   */
  private knownTimes: Float64Array | null = null;

  constructor(
    private readonly strategy: Strategy<P, S>,
    params: P,
    private readonly config: BacktestConfig,
    options: BacktestOptions = {},
  ) {
    this.tradeFrom = options.tradeFrom ?? -Infinity;
    this.onFill = options.onFill;
    this.account = new Account(config);
    this.guard = new RiskGuard(config);
    this.state = strategy.init(params);
  }

  /**
   * Told up front of every candle it will be fed (runBacktest, in chunks of these): room for them
   * at once, and the result's times are theirs rather than a copy written candle by candle.
   */
  willFeed(candles: Candles): void {
    this.knownTimes = candles.time;
    this.equity.reserve(candles.length);
  }

  feed(c: Candles): void {
    const { strategy, state, account, guard, tradeFrom } = this;
    const copyTimes = this.knownTimes === null;
    if (copyTimes) this.time.reserve(c.length);
    this.equity.reserve(c.length);
    const times = this.time.data;
    const equities = this.equity.data;
    // The columns the loop reads, loaded once per chunk rather than once per candle.
    const { time, close } = c;
    let k = this.equity.length;
    for (let i = 0; i < c.length; i++, k++) {
      const t = time[i];
      if (t < tradeFrom) {
        strategy.onCandle(state, c, i, account);
        account.mark(close[i]);
        if (copyTimes) times[k] = t;
        equities[k] = account.equity;
        continue;
      }
      account.settleFunding(c, i);
      if (!guard.halted) {
        if (account.positionSize === 0) {
          // Flat: nothing to liquidate or stop out; the guard only checks whether the bot must halt.
          guard.beforeCandle(c, i, account, strategy, state);
        } else {
          account.liquidateIfReached(c, i, true);
          const exits = guard.beforeCandle(c, i, account, strategy, state);
          if (exits.length > 0) this.executeAll(exits, c, i);
          account.liquidateIfReached(c, i, false);
        }
      }
      if (!guard.halted) {
        const orders = strategy.onCandle(state, c, i, account);
        if (orders.length > 0) this.executeAdmitted(orders, c, i);
      }
      account.mark(close[i]);
      const kill = guard.atClose(c, i, account);
      if (kill.length > 0) {
        this.executeAll(kill, c, i);
        account.mark(close[i]);
      }
      // Index arguments, not prices: a double passed to a call V8 did not inline is boxed.
      if (account.positionSize !== 0) {
        this.trackOpenLoss(c, i);
        this.capitalInUse += account.committed;
      }
      if (copyTimes) times[k] = t;
      equities[k] = account.equity;
    }
    if (copyTimes) this.time.length = k;
    this.equity.length = k;
  }

  private executeAll(orders: readonly Order[], c: Candles, i: number): void {
    for (let o = 0; o < orders.length; o++) this.execute(orders[o], c, i);
  }

  /** The strategy's orders, each only if the risk guard admits it (a halt refuses the rest). */
  private executeAdmitted(orders: readonly Order[], c: Candles, i: number): void {
    for (let o = 0; o < orders.length; o++)
      if (this.guard.admits(orders[o], this.account, c.time[i])) this.execute(orders[o], c, i);
  }

  private execute(order: Order, c: Candles, i: number): void {
    const { account, onFill } = this;
    if (onFill === undefined) {
      account.execute(order, c, i);
      return;
    }
    const before = account.positionSize;
    const trades = account.trades.length;
    account.execute(order, c, i);
    // A reducing fill moves the position by what it closed; a lot sale may leave it where it was
    // only if it sold nothing, which the trade list tells.
    const moved = Math.abs(account.positionSize - before);
    const filled = moved > 0 ? moved : account.trades.length > trades ? order.size : 0;
    if (filled > 0) onFill({ order, time: c.time[i], filled, before });
  }

  /** What the strategy's signal reads after the last candle fed (none if it says nothing). */
  signalInputs(): readonly SignalInput[] {
    return this.strategy.inputs?.(this.state) ?? [];
  }

  /** The protective stop of the open position (NaN: flat, or none). */
  stopLevel(): number {
    const { strategy, state, account } = this;
    return account.positionSize === 0 || !strategy.stopLevel ? NaN : strategy.stopLevel(state, account);
  }

  private trackOpenLoss(c: Candles, i: number): void {
    const { positionSize, entryPrice, equity } = this.account;
    if (positionSize === 0 || !(equity > 0)) return;
    const loss = -positionSize * (c.close[i] - entryPrice);
    // Divide only when the loss may beat the worst so far: the test's margin (1e-9) is far wider
    // than its rounding, so a loss it skips could not have moved the maximum.
    if (loss > 0 && !(loss * 100 < this.worstOpenLossPct * equity * (1 - 1e-9)))
      this.worstOpenLossPct = Math.max(this.worstOpenLossPct, (loss / equity) * 100);
  }

  result(): BacktestResult {
    const equity = this.equity.view();
    const time = this.knownTimes === null ? this.time.view() : this.knownTimes.subarray(0, equity.length);
    const { trades, positionSize, entryPrice, markPrice } = this.account;
    const openPnl = positionSize === 0 ? 0 : positionSize * (markPrice - entryPrice);
    return {
      trades,
      time,
      equity,
      stats: computeStats(time, equity, trades, this.config.capital, {
        pnl: openPnl,
        worstLossPct: this.worstOpenLossPct,
      }),
      openPosition: { size: positionSize, entryPrice },
      killed: this.guard.killed,
      averageCapitalInUse: time.length > 0 ? this.capitalInUse / time.length : 0,
    };
  }
}

export interface RunOptions {
  /** Called after each chunk with the candles done so far (drives progress bars). */
  readonly onProgress?: (done: number, total: number) => void;
  readonly chunkSize?: number;
}

export function runBacktest<P, S>(
  strategy: Strategy<P, S>,
  params: P,
  candles: Candles,
  config: BacktestConfig,
  options: RunOptions & BacktestOptions = {},
): BacktestResult {
  const bt = new Backtest(strategy, params, config, options);
  bt.willFeed(candles);
  const chunk = options.chunkSize ?? 65_536;
  for (let start = 0; start < candles.length; start += chunk) {
    const end = Math.min(candles.length, start + chunk);
    bt.feed(start === 0 && end === candles.length ? candles : sliceCandles(candles, start, end));
    options.onProgress?.(end, candles.length);
  }
  return bt.result();
}
