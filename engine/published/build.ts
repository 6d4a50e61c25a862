/**
 * Builds one published run from candles (pure: the script loads the files and writes the JSON), so
 * a test can re-run a bot on a period and compare it with engine/published/backtests.json byte for byte.
 */
import { backtestBot } from '../backtest/bot';
import { candlesBetween, resampleCandles } from '../candles';
import { buyAndHold } from '../stats/buy-and-hold';
import { tradeMonteCarlo5thPct } from '../stats/monte-carlo';
import type { Stats } from '../stats/stats';
import { getBot, type BotId } from '../strategies/registry';
import type { Candles } from '../types';
import { HOUR_MS, type Period } from './periods';
import type { Neighbour } from '../research/select';
import type { PublishedBacktest, PublishedBotVerdict } from './types';

const MAX_TRADES = 40;
const EQUITY_POINTS = 150;
const round = (x: number, digits = 4) => Number(x.toFixed(digits));
const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const roundOrNull = (x: number | null) => (x === null ? null : round(x, 2));
const SOURCE = { '1h': 'hourly candles', '15m': 'hourly candles merged from the 15-minute file' } as const;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;

/**
 * The bot's run on `series` (its symbol's file for the period) restricted to `period`, with its
 * shipped parameters or, for the research log, a design's `params`. Every bot is an hourly bot
 * (it runs live on hourly candles), so a 15-minute file is merged into the hourly candles it sees.
 */
export function publishRun(
  id: BotId,
  series: Candles,
  period: Period,
  params: Readonly<Record<string, unknown>> = {},
): PublishedBacktest {
  const bot = getBot(id);
  const file = candlesBetween(series, period.from, period.to);
  const candles = period.interval === '1h' ? file : resampleCandles(file, HOUR_MS);
  const { config, result } = backtestBot(id, candles, {}, {}, params);
  const n = candles.length;
  const step = Math.max(1, Math.floor(n / EQUITY_POINTS));
  const equity: [number, number][] = [];
  for (let i = 0; i < n; i += step) equity.push([result.time[i], round(result.equity[i], 2)]);
  equity.push([result.time[n - 1], round(result.equity[n - 1], 2)]);
  const hold = buyAndHold(candles);
  const stats = roundStats(result.stats);
  const benchmark = { returnPct: round(hold.returnPct, 2), maxDrawdownPct: round(hold.maxDrawdownPct, 2) };
  const periodText = `${day(candles.time[0])} to ${day(candles.time[n - 1])}`;
  const killed = result.killed && {
    ...result.killed,
    peak: round(result.killed.peak, 2),
    floor: round(result.killed.floor, 2),
  };
  return {
    bot: id,
    label: 'backtest',
    sample: 'out-of-sample',
    symbol: bot.symbol,
    interval: period.interval,
    barInterval: '1h',
    from: candles.time[0],
    to: candles.time[n - 1],
    period: periodText,
    candles: n,
    capital: config.capital,
    leverage: bot.leverage,
    market: bot.market,
    fees: { maker: config.makerFee, taker: config.takerFee },
    slippage: config.slippage,
    fundingRatePer8h: config.fundingRate,
    killSwitchPct: config.maxDrawdownPct,
    params: { ...bot.defaultParams, ...params },
    stats,
    capitalInUse: {
      average: round(result.averageCapitalInUse, 2),
      averagePct: round((result.averageCapitalInUse / config.capital) * 100, 2),
      returnPct:
        result.averageCapitalInUse > 0
          ? round(((stats.endEquity - config.capital) / result.averageCapitalInUse) * 100, 2)
          : null,
    },
    monteCarlo5thPctReturn: roundOrNull(
      tradeMonteCarlo5thPct(result.trades, result.time, result.equity, config.capital),
    ),
    buyAndHold: benchmark,
    liquidations: result.trades.filter((t) => t.reason === 'liquidation').length,
    killed,
    summary: summarize(
      bot.name,
      `${bot.symbol} ${SOURCE[period.interval]}`,
      periodText,
      stats,
      benchmark,
      killed,
    ),
    recentTrades: result.trades.slice(-MAX_TRADES).map((t) => ({
      ...t,
      entryPrice: round(t.entryPrice, 6),
      exitPrice: round(t.exitPrice, 6),
      size: round(t.size, 8),
      pnl: round(t.pnl, 4),
      returnPct: round(t.returnPct, 2),
    })),
    equity,
  };
}

/** The sentence a bot page shows: a loss is called a loss. */
function summarize(
  name: string,
  market: string,
  period: string,
  s: Stats,
  hold: { returnPct: number },
  killed: { time: number } | null,
): string {
  const result =
    s.totalReturnPct < 0
      ? `lost ${Math.abs(s.totalReturnPct).toFixed(1)}%`
      : `made ${s.totalReturnPct.toFixed(1)}%`;
  const verdict = s.totalReturnPct < 0 ? 'This strategy lost money out-of-sample. ' : '';
  const halt = killed ? `; the kill switch halted it on ${day(killed.time)}` : '';
  return (
    `${verdict}${name}, out-of-sample backtest on ${market}, ${period}: ${result} ` +
    `(buy-and-hold ${signed(hold.returnPct)}), max drawdown ${s.maxDrawdownPct.toFixed(1)}%${halt}.`
  );
}

function roundStats(s: Stats): Stats {
  return {
    ...s,
    endEquity: round(s.endEquity, 2),
    totalReturnPct: round(s.totalReturnPct, 2),
    winRatePct: round(s.winRatePct, 2),
    grossProfit: round(s.grossProfit, 2),
    grossLoss: round(s.grossLoss, 2),
    profitFactor: s.profitFactor === null ? null : round(s.profitFactor, 3),
    maxDrawdownPct: round(s.maxDrawdownPct, 2),
    sharpe: s.sharpe === null ? null : round(s.sharpe, 3),
    quarterly: s.quarterly.map((q) => ({
      quarter: q.quarter,
      startEquity: round(q.startEquity, 2),
      endEquity: round(q.endEquity, 2),
      returnPct: round(q.returnPct, 2),
    })),
    openPnl: round(s.openPnl, 2),
    worstOpenLossPct: round(s.worstOpenLossPct, 2),
  };
}

/** The futures goal's thresholds (docs/strategies.md, "Research protocol"). */
const MIN_PROFIT_FACTOR = 1.1;
const MAX_DRAWDOWN_PCT = 20;

/** The parts of the futures goal one out-of-sample run misses, in words (none: it meets it). */
export function goalMisses(r: PublishedBacktest): string[] {
  const s = r.stats;
  const where = `${r.interval === '1h' ? 'hourly' : '15-minute file'} ${r.period}`;
  const misses: string[] = [];
  if (!(s.totalReturnPct > 0)) misses.push(`${where}: return ${s.totalReturnPct}%`);
  if (s.profitFactor !== null && s.profitFactor < MIN_PROFIT_FACTOR)
    misses.push(`${where}: profit factor ${s.profitFactor}`);
  if (s.maxDrawdownPct > MAX_DRAWDOWN_PCT || s.maxDrawdownPct >= r.buyAndHold.maxDrawdownPct)
    misses.push(`${where}: max drawdown ${s.maxDrawdownPct}% (buy-and-hold ${r.buyAndHold.maxDrawdownPct}%)`);
  if (r.killed) misses.push(`${where}: halted by the kill switch`);
  return misses;
}

/** One bot's verdict over its published runs, with the in-sample robustness of its parameters. */
export function botVerdict(
  id: BotId,
  runs: readonly PublishedBacktest[],
  selection: { design: string; inSample: { returnPct: number }; neighbourhood: readonly Neighbour[] },
): PublishedBotVerdict {
  const futures = getBot(id).market === 'futures';
  const misses = futures ? runs.flatMap(goalMisses) : [];
  const { neighbourhood, inSample } = selection;
  return {
    design: selection.design,
    meetsGoal: futures ? misses.length === 0 : null,
    lostMoneyInTesting: runs.some((r) => r.stats.totalReturnPct < 0),
    misses,
    robustness: {
      inSampleReturnPct: inSample.returnPct,
      neighbours: neighbourhood,
      allPositive: inSample.returnPct > 0 && neighbourhood.every((n) => n.returnPct > 0),
    },
  };
}
