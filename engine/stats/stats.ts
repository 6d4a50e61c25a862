import type { Trade } from '../backtest/account';

interface QuarterReturn {
  /** e.g. '2023-Q1' (UTC). */
  readonly quarter: string;
  readonly startEquity: number;
  readonly endEquity: number;
  readonly returnPct: number;
}

/** The figures a bot page shows. */
export interface Stats {
  readonly startEquity: number;
  readonly endEquity: number;
  readonly totalReturnPct: number;
  readonly trades: number;
  /** Trades with pnl > 0. */
  readonly wins: number;
  /** Trades with pnl <= 0 (fees make a break-even trade a loss). */
  readonly losses: number;
  readonly winRatePct: number;
  readonly grossProfit: number;
  readonly grossLoss: number;
  /** grossProfit / grossLoss; null when there was no losing trade. */
  readonly profitFactor: number | null;
  /** Largest peak-to-trough fall of the equity curve, in percent of the peak. */
  readonly maxDrawdownPct: number;
  /** Annualised Sharpe ratio of daily (UTC) equity returns, risk-free rate 0; null under 2 days. */
  readonly sharpe: number | null;
  readonly quarterly: readonly QuarterReturn[];
  /**
   * Unrealised PnL of the position still open at the end (before exit fees): a DCA bot that never
   * realises a loss shows its risk here and in worstOpenLossPct, next to its win rate.
   */
  readonly openPnl: number;
  /** The largest unrealised loss of an open position at any close, in percent of the equity then. */
  readonly worstOpenLossPct: number;
}

/** The open position's side of the statistics (the backtester measures it per candle). */
interface OpenPositionStats {
  readonly pnl: number;
  readonly worstLossPct: number;
}

const DAY_MS = 86_400_000;

function quarterOf(t: number): { key: string; end: number } {
  const d = new Date(t);
  const year = d.getUTCFullYear();
  const q = Math.floor(d.getUTCMonth() / 3);
  return { key: `${year}-Q${q + 1}`, end: Date.UTC(year, q * 3 + 3, 1) };
}

/**
 * Returns of every calendar quarter the curve touches: each quarter runs from the equity at the end
 * of the previous one (the starting capital for the first) to its last candle's equity.
 */
function quarterlyReturns(time: Float64Array, equity: Float64Array, capital: number): QuarterReturn[] {
  const out: QuarterReturn[] = [];
  if (time.length === 0) return out;
  let start = capital;
  let current = quarterOf(time[0]);
  for (let i = 0; i < time.length; i++) {
    const last = i === time.length - 1;
    if (last || time[i + 1] >= current.end) {
      const end = equity[i];
      out.push({ quarter: current.key, startEquity: start, endEquity: end, returnPct: pct(end, start) });
      start = end;
      if (!last) current = quarterOf(time[i + 1]);
    }
  }
  return out;
}

export function maxDrawdownPct(equity: Float64Array): number {
  // The deepest point after each peak decides that peak's drawdown ((peak - e) / peak falls as e
  // rises), so one division per peak rather than per candle.
  let peak = -Infinity;
  let trough = Infinity;
  let worst = 0;
  for (let i = 0; i < equity.length; i++) {
    const e = equity[i];
    if (e > peak) {
      if (peak > 0 && trough < peak) worst = Math.max(worst, (peak - trough) / peak);
      peak = e;
      trough = e;
    } else if (e < trough) trough = e;
  }
  if (peak > 0 && trough < peak) worst = Math.max(worst, (peak - trough) / peak);
  return worst * 100;
}

/** Sharpe of daily returns (the last equity of each UTC day), × sqrt(365) as crypto trades daily. */
function sharpeRatio(time: Float64Array, equity: Float64Array, capital: number): number | null {
  const returns: number[] = [];
  let previous = capital;
  const n = time.length;
  // Start of the UTC day after candle i's: a division only when a day ends.
  let nextDay = n > 0 ? (Math.floor(time[0] / DAY_MS) + 1) * DAY_MS : 0;
  for (let i = 0; i < n; i++) {
    const endOfDay = i === n - 1 || time[i + 1] >= nextDay;
    if (!endOfDay) continue;
    if (i < n - 1) nextDay = (Math.floor(time[i + 1] / DAY_MS) + 1) * DAY_MS;
    returns.push(previous > 0 ? equity[i] / previous - 1 : 0);
    previous = equity[i];
  }
  if (returns.length < 2) return null;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return variance > 0 ? (mean / Math.sqrt(variance)) * Math.sqrt(365) : null;
}

export function computeStats(
  time: Float64Array,
  equity: Float64Array,
  trades: readonly Trade[],
  capital: number,
  open: OpenPositionStats = { pnl: 0, worstLossPct: 0 },
): Stats {
  let wins = 0;
  let grossProfit = 0;
  let grossLoss = 0;
  for (const t of trades) {
    if (t.pnl > 0) {
      wins++;
      grossProfit += t.pnl;
    } else grossLoss -= t.pnl;
  }
  const endEquity = equity.length > 0 ? equity[equity.length - 1] : capital;
  return {
    startEquity: capital,
    endEquity,
    totalReturnPct: pct(endEquity, capital),
    trades: trades.length,
    wins,
    losses: trades.length - wins,
    winRatePct: trades.length > 0 ? (wins / trades.length) * 100 : 0,
    grossProfit,
    grossLoss,
    profitFactor: grossLoss > 0 ? grossProfit / grossLoss : null,
    maxDrawdownPct: maxDrawdownPct(equity),
    sharpe: sharpeRatio(time, equity, capital),
    quarterly: quarterlyReturns(time, equity, capital),
    openPnl: open.pnl,
    worstOpenLossPct: open.worstLossPct,
  };
}

function pct(end: number, start: number): number {
  return start > 0 ? (end / start - 1) * 100 : 0;
}
