/**
 * Strategy benchmark: a full backtest of every bot over 1,000,000 candles (the shipped BTC hourly
 * and 15-minute series, repeated), in candles per second, and for DCA, the grid and Zeno the ratio
 * against the one-object-per-candle baseline in ./baseline.ts, measured in the same run.
 *
 *   npx tsx bench/engine/strategies.ts        (about a minute on one core)
 */
import { backtestBot } from '#engine/backtest/bot';
import { BOT_IDS, BOTS } from '#engine/strategies/registry';
import type { DcaParams } from '#engine/strategies/dca';
import type { GridParams } from '#engine/strategies/grid';
import type { ZenoParams } from '#engine/strategies/zeno';
import { baselineDca, baselineGrid, baselineZeno, toObjects } from './baseline';
import { bestOf, millionCandles, pad } from './data';

const c = millionCandles();
const baselines: Partial<Record<(typeof BOT_IDS)[number], () => unknown>> = {
  universal: () =>
    baselineDca(toObjects(c), BOTS.universal.defaultParams as DcaParams, BOTS.universal.capital),
  classic: () => baselineGrid(toObjects(c), BOTS.classic.defaultParams as GridParams),
  zeno: () => baselineZeno(toObjects(c), BOTS.zeno.defaultParams as ZenoParams, BOTS.zeno.capital),
};

console.log(`${c.length} candles per backtest; best of 3 runs`);
console.log(
  `${'bot'.padEnd(12)}${pad('ms', 9)}${pad('M candles/s', 13)}${pad('trades', 9)}${pad('baseline ms', 13)}${pad('ratio', 8)}`,
);
for (const id of BOT_IDS) {
  let trades = 0;
  const ms = bestOf(3, () => {
    trades = backtestBot(id, c).result.trades.length;
  });
  const baseline = baselines[id];
  const baseMs = baseline ? bestOf(3, baseline) : NaN;
  const ratio = Number.isNaN(baseMs) ? '-' : `${(baseMs / ms).toFixed(1)}x`;
  console.log(
    `${id.padEnd(12)}${pad(ms.toFixed(1), 9)}${pad((c.length / ms / 1000).toFixed(1), 13)}${pad(trades, 9)}${pad(Number.isNaN(baseMs) ? '-' : baseMs.toFixed(1), 13)}${pad(ratio, 8)}`,
  );
}
