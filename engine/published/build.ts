/**
 * Builds one published run from candles (pure: the script loads the files and writes the JSON), so
 * a test can re-run a bot on a period and compare it with engine/published/backtests.json byte for byte.
 */
import { backtestBot } from '../backtest/bot';
import { candlesBetween } from '../candles';
import { buyAndHold } from '../stats/buy-and-hold';
import type { Stats } from '../stats/stats';
import { getBot, type BotId } from '../strategies/registry';
import type { Candles } from '../types';
import type { Period } from './periods';
import type { PublishedBacktest } from './types';

const MAX_TRADES = 40;
const EQUITY_POINTS = 150;
const round = (x: number, digits = 4) => Number(x.toFixed(digits));
const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;

/** The bot's run on `candles` restricted to `period` (its symbol's series for that interval). */
export function publishRun(id: BotId, series: Candles, period: Period): PublishedBacktest {
  const bot = getBot(id);
  const candles = candlesBetween(series, period.from, period.to);
  const { config, result } = backtestBot(id, candles);
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
    params: bot.defaultParams as Record<string, unknown>,
    stats,
    buyAndHold: benchmark,
    liquidations: result.trades.filter((t) => t.reason === 'liquidation').length,
    killed,
    summary: summarize(bot.name, `${bot.symbol} ${period.interval}`, periodText, stats, benchmark, killed),
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
