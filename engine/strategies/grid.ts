import { riskScale } from '../risk/sizing';
import { NO_ORDERS, type Order, type ShippedStrategy } from '../types';

export interface GridParams {
  /** Quote budget spread over the buy levels (USDT). */
  readonly capital: number;
  /** Number of price levels (N >= 2); N - 1 of them can hold a lot. */
  readonly levels: number;
  /** The grid spans price × (1 ± rangePct / 100) around the price it was built at. */
  readonly rangePct: number;
  /** Rebuild the grid around the price once it is flat and the price has left the range. */
  readonly recenter: boolean;
  /** The protective stop, this many percent below the lowest level: every lot is sold there. */
  readonly stopLossPct: number;
  /** Loss at the stop with every lot bought, in percent of equity when the grid is built. */
  readonly riskPct: number;
}

export interface GridState {
  readonly params: GridParams;
  /** Geometric levels, ascending; empty until the first candle. */
  readonly prices: Float64Array;
  /** Base quantity held by the lot bought at level k (0: none). */
  readonly lots: Float64Array;
  held: number;
  /** Index of the cell [prices[cell], prices[cell + 1]) holding the last close (-1 below, N-1 above). */
  cell: number;
  built: boolean;
  /** Quote spent per lot: the budget's share, scaled down to fit riskPct at the stop. */
  lotQuote: number;
  stop: number;
  /**
   * The path the candle being read is assumed to take, as four prices (see gridStrategy): the walks
   * read their legs from here by index, because a price passed to a call V8 did not inline is a
   * heap allocation, and a quarter of the candles walk.
   */
  readonly path: Float64Array;
}

/** Fee headroom so the N - 1 lots plus their fees fit the budget. */
const FEE_HEADROOM = 0.002;

/** Geometric levels: prices[k] = lower × ratio^k, from center × (1 - r) to center × (1 + r). */
export function gridLevels(center: number, levels: number, rangePct: number): Float64Array {
  const lower = center * (1 - rangePct / 100);
  const upper = center * (1 + rangePct / 100);
  const ratio = Math.pow(upper / lower, 1 / (levels - 1));
  const out = new Float64Array(levels);
  for (let k = 0; k < levels; k++) out[k] = lower * Math.pow(ratio, k);
  out[levels - 1] = upper;
  return out;
}

/** The last level k with prices[k] <= price (-1 below the grid), searched from level `near`. */
function cellOf(prices: Float64Array, price: number, near: number): number {
  return countBelow(prices, price, true, near + 1) - 1;
}

/**
 * How many levels lie below `price` (or at it, with `orEqual`): the levels are ascending, so the
 * answer is where "below" stops holding. The search starts from the count `start` (0..N) and steps
 * to it: a candle moves the price a level or two, so from the last close's cell this takes a
 * comparison or two where a binary search from scratch took about five.
 */
function countBelow(prices: Float64Array, price: number, orEqual: boolean, start: number): number {
  let k = start;
  while (k > 0 && !(orEqual ? prices[k - 1] <= price : prices[k - 1] < price)) k--;
  while (k < prices.length && (orEqual ? prices[k] <= price : prices[k] < price)) k++;
  return k;
}

/**
 * Trendex classic: a geometric spot grid. Every level without a lot rests a buy; a lot bought at
 * level k rests a sell at level k + 1. Inside one candle the price is assumed to travel
 * open → low → high → close for a rising candle and open → high → low → close for a falling one,
 * so a dip and a recovery in the same candle can complete a round trip. Each sell names the lot it
 * closes, so the trade is measured against that lot's own buy. Below the range the lots are held
 * down to the stop `stopLossPct` under the lowest level, where the risk guard sells them all and the
 * grid is rebuilt around the price.
 */
export const gridStrategy: ShippedStrategy<GridParams, GridState> = {
  init(params) {
    if (!(params.levels >= 2)) throw new RangeError('a grid needs at least 2 levels');
    reserveReasons(params.levels);
    return {
      params,
      prices: new Float64Array(params.levels),
      lots: new Float64Array(params.levels),
      held: 0,
      cell: 0,
      built: false,
      lotQuote: 0,
      stop: Number.NaN,
      path: new Float64Array(4),
    };
  },

  onCandle(state, c, i, account) {
    // Not built yet, or the stop sold every lot: (re)build around the close.
    if (!state.built || (state.held > 0 && account.positionSize === 0)) {
      build(state, c.close[i], account.equity);
      return NO_ORDERS;
    }
    const { prices } = state;
    const low = c.low[i];
    const high = c.high[i];
    const cell = state.cell;
    // Fast path: the candle stayed inside the cell of the last close, so it crossed no level.
    const floor = cell >= 0 ? prices[cell] : -Infinity;
    const ceiling = cell + 1 < prices.length ? prices[cell + 1] : Infinity;
    const crossed = low <= floor || high >= ceiling;
    // Made on the first order: most candles that cross a level (four in five) place none.
    let orders: Order[] | null = null;
    const close = c.close[i];
    if (crossed) {
      // open → low → high → close for a rising candle: down, up, down; a falling one the other way.
      const open = c.open[i];
      const rising = close >= open;
      const { path } = state;
      path[0] = open;
      path[1] = rising ? low : high;
      path[2] = rising ? high : low;
      path[3] = close;
      for (let leg = 0; leg < 3; leg++) {
        const down = (leg === 1) !== rising;
        orders = down ? walkDown(state, leg, orders) : walkUp(state, leg, orders);
      }
      // On the fast path the close is still in the same cell; only a crossing candle moves it.
      state.cell = cellOf(prices, close, cell);
    }
    if (
      state.held === 0 &&
      state.params.recenter &&
      (close < prices[0] || close > prices[prices.length - 1])
    ) {
      build(state, close, account.equity);
    }
    return orders ?? NO_ORDERS;
  },

  stopLevel: (state) => state.stop,

  // The grid is built around the first close it sees: no indicator to warm.
  warmUp: () => 0,
};

function build(state: GridState, center: number, equity: number): void {
  const { params, prices } = state;
  prices.set(gridLevels(center, params.levels, params.rangePct));
  state.lots.fill(0);
  state.held = 0;
  state.cell = cellOf(prices, center, prices.length >> 1);
  state.built = true;
  state.stop = prices[0] * (1 - params.stopLossPct / 100);
  state.lotQuote = gridLotQuote(params, prices, equity);
}

/**
 * Quote spent per lot of a grid with these levels: the budget's share, scaled down so that the loss
 * at the stop with every buy level filled is at most `riskPct` % of `equity`.
 */
export function gridLotQuote(params: GridParams, prices: Float64Array, equity: number): number {
  const stop = prices[0] * (1 - params.stopLossPct / 100);
  const budgetQuote = params.capital / (params.levels - 1) / (1 + FEE_HEADROOM);
  // Loss at the stop if every buy level filled: each lot bought at level k sells at the stop.
  let lossAtStop = 0;
  for (let k = 0; k < params.levels - 1; k++) lossAtStop += budgetQuote * (1 - stop / prices[k]);
  return budgetQuote * riskScale(lossAtStop, equity, params.riskPct);
}

/**
 * A limit order for lot k, built as one literal with the same shape every time (an object spread
 * and a template string per order were a large share of the grid's backtest time).
 */
function lotOrder(side: 'buy' | 'sell', size: number, price: number, lot: number, reasons: string[]): Order {
  return { side, type: 'limit', size, price, leverage: 1, reason: reasons[lot], lot };
}

/** The reasons of lot k's orders, made once per level count (a buy at level k, its sell one level up). */
const BUY_REASONS: string[] = [];
const SELL_REASONS: string[] = [];
function reserveReasons(levels: number): void {
  for (let k = BUY_REASONS.length; k < levels; k++) {
    BUY_REASONS.push(`grid buy L${k}`);
    SELL_REASONS.push(`grid sell L${k + 1}`);
  }
}

/**
 * Leg `leg` of the path (path[leg] to path[leg + 1]), falling: buy at every empty level passed,
 * highest first. Returns `orders` with the buys added (a new list if it was null and a buy was placed).
 */
function walkDown(state: GridState, leg: number, orders: Order[] | null): Order[] | null {
  const { prices, lots, params, path } = state;
  const from = path[leg];
  const to = path[leg + 1];
  // Start at the highest level below `from` rather than scanning down from the top.
  const highest = countBelow(prices, from, false, state.cell + 1) - 1;
  for (let k = Math.min(params.levels - 2, highest); k >= 0; k--) {
    const level = prices[k];
    if (level < to) break;
    if (lots[k] > 0) continue;
    lots[k] = state.lotQuote / level;
    state.held++;
    (orders ??= []).push(lotOrder('buy', lots[k], level, k, BUY_REASONS));
  }
  return orders;
}

/** Leg `leg` of the path, rising: sell every lot whose level above was passed, lowest first (as walkDown). */
function walkUp(state: GridState, leg: number, orders: Order[] | null): Order[] | null {
  const { prices, lots, params, path } = state;
  const from = path[leg];
  const to = path[leg + 1];
  // Start at the first lot whose sell level lies above `from` rather than scanning up from the bottom.
  for (let k = Math.max(0, cellOf(prices, from, state.cell)); k < params.levels - 1; k++) {
    const target = prices[k + 1];
    if (target > to) break;
    if (lots[k] === 0) continue;
    (orders ??= []).push(lotOrder('sell', lots[k], target, k, SELL_REASONS));
    lots[k] = 0;
    state.held--;
  }
  return orders;
}
