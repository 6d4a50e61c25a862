/**
 * "Backtest these settings": a member's own settings (engine/backtest/settings.ts) run over the
 * shipped hourly candles of their symbol for the period they pick, with the engine's full backtest
 * (fills, fees, slippage, the risk guard), and the result cut down to what a page draws. Pure: the
 * browser runs it in a Web Worker, the tests in Node, on the same candles.
 */
import { candlesBetween } from '../candles';
import { HOUR_MS } from '../published/periods';
import { buyAndHold, type BuyAndHold } from '../stats/buy-and-hold';
import type { Stats } from '../stats/stats';
import type { KillEvent } from '../risk/guard';
import type { Candles } from '../types';
import type { Trade } from './account';
import { runBacktest } from './backtest';
import { memberModel, type MemberSettings } from './settings';

export interface MemberBacktestRequest {
  readonly settings: MemberSettings;
  /** Inclusive start and exclusive end of the period, epoch ms UTC. */
  readonly from: number;
  readonly to: number;
}

export interface MemberBacktestResult {
  readonly symbol: string;
  /** Open time of the first and last candle run. */
  readonly first: number;
  readonly last: number;
  readonly candles: number;
  readonly capital: number;
  readonly stats: Stats;
  readonly buyAndHold: BuyAndHold;
  /** Capital tied up in the position, averaged over the candles (USDT). */
  readonly averageCapitalInUse: number;
  readonly killed: KillEvent | null;
  /** The equity curve, thinned to at most EQUITY_POINTS points: [open time, equity]. */
  readonly equity: [number, number][];
  /** The price, merged into at most MAX_BARS bars of `barMs`: [open time, open, high, low, close]. */
  readonly bars: [number, number, number, number, number][];
  readonly barMs: number;
  /** The latest trades (at most MAX_TRADES), oldest first; stats count them all. */
  readonly trades: Trade[];
}

/** Why a request cannot run, in words a member can act on. */
export class BacktestInputError extends Error {}

const EQUITY_POINTS = 1000;
const MAX_BARS = 600;
const MAX_TRADES = 200;
/** Fewer candles than two days say nothing about a bot. */
const MIN_CANDLES = 48;
/**
 * A jump between candles longer than this is a hole in the shipped data (2023-2024), not an
 * exchange outage of a day or two (Binance, February 2018), which a live bot lives through too.
 */
export const MAX_GAP_MS = 7 * 24 * HOUR_MS;

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The candles of [from, to), refused when too few or when the shipped data has a hole in the period. */
export function periodCandles(history: Candles, from: number, to: number): Candles {
  if (!(to > from)) throw new BacktestInputError('The period must end after it starts.');
  const c = candlesBetween(history, from, to);
  if (c.length < MIN_CANDLES)
    throw new BacktestInputError(
      `The shipped candles run from ${day(history.time[0])} to ${day(history.time[history.length - 1])}: pick a period of at least two days inside them.`,
    );
  const hole = (a: number, b: number) =>
    new BacktestInputError(
      `The shipped candles have no data from ${day(a)} to ${day(b)}: pick a period on one side of that gap.`,
    );
  // The period's two ends count: a period that runs on into a hole would quietly be cut short.
  if (c.time[0] - from > MAX_GAP_MS) throw hole(from, c.time[0]);
  for (let i = 1; i < c.length; i++)
    if (c.time[i] - c.time[i - 1] > MAX_GAP_MS) throw hole(c.time[i - 1], c.time[i]);
  const next = c.time[c.length - 1] + HOUR_MS;
  if (to - next > MAX_GAP_MS) throw hole(next, to);
  return c;
}

/** Runs `request` over `history` (every shipped hourly candle of the settings' symbol). */
export function runMemberBacktest(
  request: MemberBacktestRequest,
  history: Candles,
  onProgress?: (done: number, total: number) => void,
): MemberBacktestResult {
  const model = memberModel(request.settings);
  const c = periodCandles(history, request.from, request.to);
  let result;
  try {
    // About fifty progress reports, however long the period.
    const chunkSize = Math.max(1024, Math.ceil(c.length / 50));
    result = runBacktest(model.strategy, model.params, c, model.config, { onProgress, chunkSize });
  } catch (error) {
    // The strategies refuse impossible parameters (a step of 0 %, more than 15 stages) with a RangeError.
    if (error instanceof RangeError)
      throw new BacktestInputError(`These settings cannot run: ${error.message}.`);
    throw error;
  }
  const n = c.length;
  const stride = Math.ceil(n / EQUITY_POINTS);
  const equity: [number, number][] = [];
  for (let i = 0; i < n; i += stride) equity.push([result.time[i], result.equity[i]]);
  if ((n - 1) % stride !== 0) equity.push([result.time[n - 1], result.equity[n - 1]]);
  const { bars, barMs } = mergedBars(c);
  return {
    symbol: model.symbol,
    first: c.time[0],
    last: c.time[n - 1],
    candles: n,
    capital: model.config.capital,
    stats: result.stats,
    buyAndHold: buyAndHold(c),
    averageCapitalInUse: result.averageCapitalInUse,
    killed: result.killed,
    equity,
    bars,
    barMs,
    trades: result.trades.slice(-MAX_TRADES),
  };
}

/**
 * The candles merged into bars of a whole number of hours, at most about MAX_BARS of them, so a
 * multi-year chart stays light; a bar holds the candles whose open time falls in it, so a trade's
 * time finds its bar by arithmetic (web/src/bots/backtest/charts.tsx).
 */
function mergedBars(c: Candles): Pick<MemberBacktestResult, 'bars' | 'barMs'> {
  const first = c.time[0];
  const hours = Math.ceil((c.time[c.length - 1] - first) / HOUR_MS) + 1;
  const barMs = Math.max(1, Math.ceil(hours / MAX_BARS)) * HOUR_MS;
  const bars: [number, number, number, number, number][] = [];
  let bar: [number, number, number, number, number] | null = null;
  for (let i = 0; i < c.length; i++) {
    const start = first + Math.floor((c.time[i] - first) / barMs) * barMs;
    if (bar === null || bar[0] !== start) {
      bar = [start, c.open[i], c.high[i], c.low[i], c.close[i]];
      bars.push(bar);
    } else {
      bar[2] = Math.max(bar[2], c.high[i]);
      bar[3] = Math.min(bar[3], c.low[i]);
      bar[4] = c.close[i];
    }
  }
  return { bars, barMs };
}
