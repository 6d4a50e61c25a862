/**
 * Writes backtest-candles.json: for each published run (engine/published/backtests.json), the
 * shipped candles around its listed trades, merged into at most BARS bars, so the bot pages can draw
 * the trades on the real price without shipping the 1 MB candle files to the browser (about 5 KB
 * per run; only the bots with a page of their own). Run again whenever scripts/publish-backtests.ts has run:
 *
 *   npx tsx web/src/bots/backtest/build-candles.ts
 */
import { writeFileSync } from 'node:fs';
import { resampleCandles } from '#engine/candles';
import { loadCandles } from '#engine/data/load-candles';
import { HOUR_MS } from '#engine/published/periods';
import { PageBotId } from '#api/schemas/bots';
import { allPublishedBacktests } from '#engine/published/index';
import type { BacktestCandles } from './candles';

const BARS = 120;
const sig = (x: number) => Number(x.toPrecision(6));

const out: BacktestCandles = {};
for (const run of allPublishedBacktests) {
  if (!PageBotId.safeParse(run.bot).success) continue;
  // The bot ran on hourly candles (a 15-minute file merged into hours): draw its trades on those.
  const file = loadCandles(run.symbol, run.interval);
  const series = run.interval === '1h' ? file : resampleCandles(file, HOUR_MS);
  const trades = run.recentTrades;
  if (trades.length === 0) continue;
  // A grid lot can be held through later trades: the earliest entry, not the first trade's.
  const first = trades.reduce((t, x) => Math.min(t, x.entryTime), trades[0].entryTime);
  const last = trades.reduce((t, x) => Math.max(t, x.exitTime), first);
  const pad = (last - first) * 0.03;
  const from = first - pad;
  const to = last + pad;
  let start = 0;
  while (start < series.length && series.time[start] < from) start++;
  let end = start;
  while (end < series.length && series.time[end] <= to) end++;
  const size = Math.max(1, Math.ceil((end - start) / BARS));
  const bars: [number, number, number, number, number][] = [];
  for (let i = start; i < end; i += size) {
    const j = Math.min(end, i + size);
    let high = -Infinity;
    let low = Infinity;
    for (let k = i; k < j; k++) {
      high = Math.max(high, series.high[k]);
      low = Math.min(low, series.low[k]);
    }
    bars.push([series.time[i], sig(series.open[i]), sig(high), sig(low), sig(series.close[j - 1])]);
  }
  out[`${run.bot}-${run.interval}`] = { barMs: size * (series.time[1] - series.time[0]), bars };
}

writeFileSync(new URL('./backtest-candles.json', import.meta.url), JSON.stringify(out) + '\n');
console.log(`${Object.keys(out).length} runs written`);
