/**
 * Writes the candle files the browser backtest downloads (market/<SYMBOL>-1h.bin): every shipped
 * hourly candle of the symbols a member can backtest (engine/data/load-candles.ts,
 * loadHourlyHistory), in the compact encoding (engine/data/compact-candles.ts), gzipped. The page
 * fetches one only when a member runs a backtest on that symbol. Run again when data/market changes:
 *
 *   npx tsx web/src/bots/backtest/build-market.ts
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { encodeCompactCandles } from '#engine/data/compact-candles';
import { loadHourlyHistory } from '#engine/data/load-candles';
import { HOUR_MS } from '#engine/published/periods';
import { MAX_GAP_MS } from '#engine/backtest/member';
import { BACKTEST_SYMBOLS, type Coverage } from './symbols';

const coverage: Record<string, Coverage> = {};
for (const symbol of BACKTEST_SYMBOLS) {
  const candles = loadHourlyHistory(symbol);
  const file = gzipSync(encodeCompactCandles(candles, HOUR_MS), { level: 9 });
  writeFileSync(new URL(`./market/${symbol}-1h.bin`, import.meta.url), file);
  const gaps: [number, number][] = [];
  for (let i = 1; i < candles.length; i++)
    if (candles.time[i] - candles.time[i - 1] > MAX_GAP_MS) gaps.push([candles.time[i - 1], candles.time[i]]);
  coverage[symbol] = { first: candles.time[0], last: candles.time[candles.length - 1], gaps };
  console.log(`${symbol}: ${candles.length} hourly candles, ${(file.length / 1024).toFixed(0)} KB`);
}
// What the period picker offers before any file is downloaded.
writeFileSync(new URL('./market/coverage.json', import.meta.url), JSON.stringify(coverage) + '\n');
