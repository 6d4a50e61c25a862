/**
 * Shared engine types. Everything here is plain data so the same strategy code runs in the
 * backtester, the live executor (Lambda) and the browser.
 */

/**
 * A candle series as a struct of typed arrays (one column per field). Hot loops index the columns
 * directly, which keeps a million candles in ~48 MB of contiguous memory and avoids one object per
 * candle.
 */
export interface Candles {
  readonly length: number;
  /** Candle open time, Unix epoch milliseconds (UTC). */
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

export type Market = 'spot' | 'futures';
export type Side = 'buy' | 'sell';

/**
 * How the backtester fills an order emitted after candle i closed:
 * - market: at close[i], with slippage against the trader (crypto trades 24/7, so the next open is
 *   the close to within a tick);
 * - limit: at `price`, which must lie inside candle i's [low, high]; a strategy only emits a limit for a
 *   level it knew before candle i (a resting order that candle i traded through);
 * - stop: at `price`, or at open[i] when the candle gapped through it, with slippage.
 */
export type OrderType = 'market' | 'limit' | 'stop';

export interface Order {
  readonly side: Side;
  readonly type: OrderType;
  /** Quantity in the base asset (BTC for BTCUSDT). */
  readonly size: number;
  /** Reference price: the level for limit and stop orders, the close for market orders. */
  readonly price: number;
  /** 1 for spot. */
  readonly leverage: number;
  /** Why the strategy sent it; shown in trade lists ("take profit", "ATR trailing stop", ...). */
  readonly reason: string;
  /**
   * A lot the order opens (buy) or closes (sell), for strategies that pair each sell with its own buy
   * (the grid): the trade is then measured against that lot's price, not the position's average.
   */
  readonly lot?: number;
}

/** What a strategy may know about its account when it decides (read-only snapshot, updated in place). */
export interface AccountView {
  /** Free quote balance (USDT) not locked in a position. */
  readonly cash: number;
  /** Signed position size in base units: > 0 long, < 0 short, 0 flat. */
  readonly positionSize: number;
  /** Average entry price of the open position (0 when flat). */
  readonly entryPrice: number;
  /** Cash plus the marked value of the position at the last close. */
  readonly equity: number;
  /** The price `equity` was last marked at (the previous candle's close). */
  readonly markPrice: number;
}

/**
 * A trading strategy: a deterministic function of (candle, params, state, account) to orders.
 *
 * `init` builds the state from the parameters; `onCandle` is called once per closed candle, in time
 * order, and advances that state (indicators are streaming, so the strategy only ever reads candle i
 * and never looks back into the arrays). Given the same params and the same candles it always
 * emits the same orders, wherever the candles are split into chunks. The state is mutated in place
 * for speed (no allocation per candle); callers own it and must not share it between runs.
 */
export interface Strategy<P, S> {
  init(params: P): S;
  onCandle(state: S, candles: Candles, i: number, account: AccountView): readonly Order[];
  /**
   * The protective stop of the open position, decided before the next candle (NaN: none). The risk
   * guard (engine/risk), not the strategy, checks it against each candle and closes the position, so
   * the backtest and a live runner enforce it with the same code. Futures bots must always have one.
   */
  stopLevel?(state: S, account: AccountView): number;
  /**
   * What the signal reads now (after the last candle), for a member watching a live bot: "EMA 20",
   * "EMA 50", "Gap". Plain numbers; NaN while an indicator warms up.
   */
  inputs?(state: S): readonly SignalInput[];
}

/** A design the product ships (engine/strategies/registry.ts): it states the history it needs. */
export interface ShippedStrategy<P, S> extends Strategy<P, S> {
  /**
   * How many candles the strategy must see before every indicator it reads is defined (its slow
   * EMA, its bands, its regime filter): a live deployment replays at least these before its first
   * candle, so it can enter at once, as its backtest over years of history does.
   */
  warmUp(params: P): number;
}

/** One of a strategy's signal inputs, named as its documentation names it. */
export interface SignalInput {
  readonly name: string;
  readonly value: number;
  /** How to read it: a price, a percentage, or a plain number (RSI, ADX, z-score). */
  readonly unit: 'price' | 'pct' | 'number';
}

/** The shared "no orders" answer, so quiet candles allocate nothing. */
export const NO_ORDERS: readonly Order[] = Object.freeze([]);
