/**
 * Strategy benchmark: a full backtest of every bot over 1,000,000 candles (the shipped BTC hourly
 * and 15-minute series, repeated), in candles per second, and the ratio against the straightforward
 * one-object-per-candle baseline of the same strategy in ./baseline/, measured in the same run.
 *
 * Before timing, each bot's engine backtest and its baseline run on the bot's real shipped series
 * and must agree (same number of trades, final equity within 1e-6 relative), so the ratio compares
 * like with like; they are compared again on the million-candle run.
 *
 *   npx tsx bench/engine/strategies.ts     (~1.5 min; npm run bench:engine runs both benches)
 *   npx tsx bench/engine/strategies.ts zeno glint    (only these bots)
 *   npx tsx bench/engine/strategies.ts --check zeno  (only the agreement on the real series, no timing)
 */
import { backtestBot } from '#engine/backtest/bot';
import { defaultConfig } from '#engine/backtest/config';
import { loadCandles } from '#engine/data/load-candles';
import { BOT_IDS, getBot, isBotId, type BotId } from '#engine/strategies/registry';
import { Backtest, type BacktestResult } from '#engine/backtest/backtest';
import { sliceCandles } from '#engine/candles';
import { BASELINES, baselineBacktest, toBars, type Bar, type BaselineResult } from './baseline/index';
import { bestOf, millionCandles, pad } from './data';

const args = process.argv.slice(2);
const checkOnly = args.includes('--check');
const only = args.filter(isBotId);
const ids: readonly BotId[] = only.length > 0 ? only : BOT_IDS;
const TOLERANCE = 1e-6;

function baseline(id: BotId, bars: Bar[]) {
  const bot = getBot(id);
  const rule = BASELINES[id](bot.defaultParams as never);
  return baselineBacktest(bars, defaultConfig(bot.market, bot.capital), rule);
}

/** Same trade count and final equity within TOLERANCE (relative to the larger of it and the capital). */
function agree(id: BotId, what: string, trades: [number, number], equity: [number, number]): boolean {
  const scale = Math.max(Math.abs(equity[0]), Math.abs(equity[1]), getBot(id).capital);
  const ok = trades[0] === trades[1] && Math.abs(equity[0] - equity[1]) <= TOLERANCE * scale;
  if (!ok) {
    console.error(
      `${id}: engine and baseline DISAGREE on ${what}: trades ${trades[0]} vs ${trades[1]}, ` +
        `final equity ${equity[0]} vs ${equity[1]}`,
    );
  }
  return ok;
}

let failures = 0;
console.log('Agreement on the real shipped series (engine vs baseline):');
for (const id of ids) {
  const bot = getBot(id);
  const real = loadCandles(bot.symbol, bot.interval);
  const ours = backtestBot(id, real).result;
  const base = baseline(id, toBars(real));
  const ok = agree(
    id,
    `${bot.symbol} ${bot.interval}`,
    [ours.trades.length, base.trades.length],
    [ours.stats.endEquity, base.stats.endEquity],
  );
  if (!ok) failures++;
  console.log(
    `  ${id.padEnd(11)} ${bot.symbol} ${bot.interval.padEnd(3)} ${pad(real.length, 6)} candles, ` +
      `${pad(ours.trades.length, 5)} trades, final equity ${ours.stats.endEquity.toFixed(4)} ` +
      `vs ${base.stats.endEquity.toFixed(4)} ${ok ? 'ok' : 'MISMATCH'}`,
  );
}

function finish(): void {
  if (failures > 0) {
    console.error(`${failures} disagreement(s) between the engine and the baseline`);
    process.exitCode = 1;
  }
}
if (checkOnly) {
  finish();
  process.exit();
}

const c = millionCandles();

/**
 * A backtest of the bot on the first candles, kept alive while the bot is timed. V8 compiles code
 * for the shapes (hidden classes) of the engine's objects (account, risk guard, indicators) and
 * throws that code away when a garbage collection finds no object of a shape left: without a live
 * instance, the full collection before each timed run would make every run compile the engine
 * again, which a process that keeps running bots does not do.
 */
const liveInstance = (id: BotId) => {
  const bot = getBot(id);
  const bt = new Backtest(bot.strategy, bot.defaultParams, defaultConfig(bot.market, bot.capital));
  bt.feed(sliceCandles(c, 0, 20_000));
  return bt;
};

// The engine runs first, before the baseline's million candle objects exist, so their garbage
// collection cost is not charged to it.
const engine = ids.map((id) => {
  let result: BacktestResult | undefined;
  const live = liveInstance(id);
  const ms = bestOf(5, () => (result = backtestBot(id, c).result));
  return { ms, trades: result?.trades.length ?? 0, equity: result?.stats.endEquity ?? NaN, live };
});
const bars = toBars(c);
console.log(
  `\n${c.length} candles per backtest; CPU time of this process, engine best of 5 runs, baseline best of 2`,
);
console.log(
  `${'bot'.padEnd(12)}${pad('ms', 9)}${pad('M candles/s', 13)}${pad('trades', 9)}` +
    `${pad('baseline ms', 13)}${pad('base M/s', 10)}${pad('ratio', 8)}  same result`,
);
ids.forEach((id, k) => {
  const { ms, trades, equity } = engine[k];
  let base: BaselineResult | undefined;
  const baseMs = bestOf(2, () => (base = baseline(id, bars)));
  const ok = agree(
    id,
    'the million candles',
    [trades, base?.trades.length ?? -1],
    [equity, base?.stats.endEquity ?? NaN],
  );
  if (!ok) failures++;
  console.log(
    `${id.padEnd(12)}${pad(ms.toFixed(1), 9)}${pad((c.length / ms / 1000).toFixed(1), 13)}` +
      `${pad(trades, 9)}${pad(baseMs.toFixed(1), 13)}${pad((c.length / baseMs / 1000).toFixed(2), 10)}` +
      `${pad(`${(baseMs / ms).toFixed(1)}x`, 8)}  ${ok ? 'yes' : 'NO'}`,
  );
});
finish();
