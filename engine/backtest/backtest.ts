import { sliceCandles } from '../candles';
import type { Candles, Strategy } from '../types';
import { computeStats, type Stats } from '../stats/stats';
import { Account, type Trade } from './account';
import type { BacktestConfig } from './config';

export interface BacktestResult {
  readonly trades: readonly Trade[];
  /** Open time of each candle processed. */
  readonly time: Float64Array;
  /** Equity marked at each candle's close. */
  readonly equity: Float64Array;
  readonly stats: Stats;
  /** Still open at the end (marked, not closed, in the equity curve). */
  readonly openPosition: { readonly size: number; readonly entryPrice: number };
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

/**
 * A backtest fed in chunks. Per candle: funding and liquidation (futures), then the strategy's
 * orders, then the mark at the close. Feeding the candles in one chunk or in many gives the same
 * result, because all history lives in the strategy state and the account.
 */
export class Backtest<P, S> {
  readonly account: Account;
  private readonly state: S;
  private readonly time = new Column();
  private readonly equity = new Column();

  constructor(
    private readonly strategy: Strategy<P, S>,
    params: P,
    private readonly config: BacktestConfig,
  ) {
    this.account = new Account(config);
    this.state = strategy.init(params);
  }

  /** Makes room for `candles` more candles at once (runBacktest knows the total up front). */
  reserve(candles: number): void {
    this.time.reserve(candles);
    this.equity.reserve(candles);
  }

  feed(c: Candles): void {
    const { strategy, state, account } = this;
    this.time.reserve(c.length);
    this.equity.reserve(c.length);
    const times = this.time.data;
    const equities = this.equity.data;
    let k = this.time.length;
    for (let i = 0; i < c.length; i++, k++) {
      account.settleCandle(c, i);
      const orders = strategy.onCandle(state, c, i, account);
      for (let o = 0; o < orders.length; o++) account.execute(orders[o], c, i);
      times[k] = c.time[i];
      equities[k] = account.mark(c.close[i]);
    }
    this.time.length = k;
    this.equity.length = k;
  }

  result(): BacktestResult {
    const time = this.time.view();
    const equity = this.equity.view();
    const { trades, positionSize, entryPrice } = this.account;
    return {
      trades,
      time,
      equity,
      stats: computeStats(time, equity, trades, this.config.capital),
      openPosition: { size: positionSize, entryPrice },
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
  options: RunOptions = {},
): BacktestResult {
  const bt = new Backtest(strategy, params, config);
  bt.reserve(candles.length);
  const chunk = options.chunkSize ?? 65_536;
  for (let start = 0; start < candles.length; start += chunk) {
    const end = Math.min(candles.length, start + chunk);
    bt.feed(start === 0 && end === candles.length ? candles : sliceCandles(candles, start, end));
    options.onProgress?.(end, candles.length);
  }
  return bt.result();
}
