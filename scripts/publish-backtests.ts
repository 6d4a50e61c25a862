/**
 * Runs every bot of the registry on the shipped candles (hourly 2017-08..2023-03 and 15-minute
 * 2024-07..2026-04 of its default symbol) and writes the statistics the bot pages show to
 * engine/published/backtests.json. Re-run after changing a strategy: `npx tsx scripts/publish-backtests.ts`.
 */
import { writeFileSync } from 'node:fs';
import { backtestBot } from '#engine/backtest/bot';
import { loadCandles } from '#engine/data/load-candles';
import { BOT_IDS, getBot } from '#engine/strategies/registry';
import type { PublishedBacktest, PublishedBacktests } from '#engine/published/types';

const MAX_TRADES = 40;
const EQUITY_POINTS = 150;
const round = (x: number, digits = 4) => Number(x.toFixed(digits));

const runs: PublishedBacktest[] = [];
for (const id of BOT_IDS) {
  const bot = getBot(id);
  for (const interval of ['1h', '15m'] as const) {
    const candles = loadCandles(bot.symbol, interval);
    const { config, result } = backtestBot(id, candles);
    const { stats } = result;
    const step = Math.max(1, Math.floor(candles.length / EQUITY_POINTS));
    const equity: [number, number][] = [];
    for (let i = 0; i < candles.length; i += step) equity.push([result.time[i], round(result.equity[i], 2)]);
    equity.push([result.time[candles.length - 1], round(result.equity[candles.length - 1], 2)]);
    runs.push({
      bot: id,
      label: 'backtest',
      symbol: bot.symbol,
      interval,
      from: candles.time[0],
      to: candles.time[candles.length - 1],
      candles: candles.length,
      capital: config.capital,
      leverage: bot.leverage,
      market: bot.market,
      fees: { maker: config.makerFee, taker: config.takerFee },
      slippage: config.slippage,
      fundingRatePer8h: config.fundingRate,
      stats: {
        ...stats,
        endEquity: round(stats.endEquity, 2),
        totalReturnPct: round(stats.totalReturnPct, 2),
        winRatePct: round(stats.winRatePct, 2),
        grossProfit: round(stats.grossProfit, 2),
        grossLoss: round(stats.grossLoss, 2),
        profitFactor: stats.profitFactor === null ? null : round(stats.profitFactor, 3),
        maxDrawdownPct: round(stats.maxDrawdownPct, 2),
        sharpe: stats.sharpe === null ? null : round(stats.sharpe, 3),
        quarterly: stats.quarterly.map((q) => ({
          quarter: q.quarter,
          startEquity: round(q.startEquity, 2),
          endEquity: round(q.endEquity, 2),
          returnPct: round(q.returnPct, 2),
        })),
      },
      recentTrades: result.trades.slice(-MAX_TRADES).map((t) => ({
        ...t,
        entryPrice: round(t.entryPrice, 6),
        exitPrice: round(t.exitPrice, 6),
        size: round(t.size, 8),
        pnl: round(t.pnl, 4),
        returnPct: round(t.returnPct, 2),
      })),
      equity,
    });
    process.stderr.write(`${id} ${interval}: ${stats.trades} trades, ${stats.totalReturnPct.toFixed(1)}%\n`);
  }
}

const out: PublishedBacktests = { generatedBy: 'scripts/publish-backtests.ts', runs };
writeFileSync(new URL('../engine/published/backtests.json', import.meta.url), JSON.stringify(out) + '\n');
