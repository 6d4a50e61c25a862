/**
 * Runs every bot of the registry (with the parameters scripts/search-parameters.ts chose in-sample)
 * on the out-of-sample periods of its symbol's shipped candles (engine/published/periods.ts) and
 * writes engine/published/backtests.json and the home page's dashboard images from them. Prints,
 * per bot and period, the return, max drawdown, Sharpe and trades against buy-and-hold, the worst
 * drawdown against the kill switch, and the liquidations.
 *
 *   npx tsx scripts/publish-backtests.ts
 */
import { writeFileSync } from 'node:fs';
import { loadCandles } from '#engine/data/load-candles';
import { botVerdict, publishRun } from '#engine/published/build';
import { OUT_OF_SAMPLE } from '#engine/published/periods';
import type { PublishedBacktest, PublishedBacktests, PublishedBotVerdict } from '#engine/published/types';
import type { BotSelection } from '#engine/research/select';
import { BOT_IDS, getBot, type BotId } from '#engine/strategies/registry';
import tuned from '../engine/strategies/tuned-params.json';
import { writeDerivedFiles } from './publish-evidence';

// TypeScript widens the JSON's literals (a neighbour's single key, nulls), so the cast goes through unknown.
const selections = tuned.bots as unknown as Record<BotId, BotSelection>;
const runs: PublishedBacktest[] = [];
const bots = {} as Record<BotId, PublishedBotVerdict>;
for (const id of BOT_IDS) {
  const bot = getBot(id);
  const own = OUT_OF_SAMPLE.map((period) => publishRun(id, loadCandles(bot.symbol, period.interval), period));
  runs.push(...own);
  bots[id] = botVerdict(id, own, selections[id]);
}

const out: PublishedBacktests = {
  generatedBy: 'scripts/publish-backtests.ts',
  inSample: tuned.inSample,
  runs,
  bots,
};
writeFileSync(new URL('../engine/published/backtests.json', import.meta.url), JSON.stringify(out) + '\n');
writeDerivedFiles(out);

// The goal, measured: out-of-sample figures against buy-and-hold, drawdown against the kill switch.
const f = (x: number | null, digits = 1) => (x === null ? 'n/a' : x.toFixed(digits));
console.log(
  'bot         period                      return   max DD  Sharpe  trades  win%  hold    hold DD  killed',
);
for (const r of runs) {
  const s = r.stats;
  console.log(
    `${r.bot.padEnd(11)} ${`${r.interval} ${r.period}`.padEnd(27)} ${f(s.totalReturnPct).padStart(7)}% ` +
      `${f(s.maxDrawdownPct).padStart(6)}% ${f(s.sharpe, 2).padStart(6)} ${String(s.trades).padStart(7)} ` +
      `${f(s.winRatePct, 0).padStart(4)}% ${f(r.buyAndHold.returnPct).padStart(6)}% ` +
      `${f(r.buyAndHold.maxDrawdownPct).padStart(6)}%  ${r.killed ? new Date(r.killed.time).toISOString().slice(0, 10) : '-'}`,
  );
}
const worst = runs.reduce((a, b) => (b.stats.maxDrawdownPct > a.stats.maxDrawdownPct ? b : a));
const liquidations = runs.reduce((n, r) => n + r.liquidations, 0);
console.log(
  `worst max drawdown ${f(worst.stats.maxDrawdownPct, 2)}% (${worst.bot} ${worst.interval}), ` +
    `kill switch ${worst.killSwitchPct}%: ${worst.stats.maxDrawdownPct <= worst.killSwitchPct ? 'within' : 'EXCEEDED'}`,
);
console.log(`liquidations: ${liquidations}`);
for (const id of BOT_IDS) {
  const v = bots[id];
  console.log(
    `${id.padEnd(11)} ${v.design.padEnd(14)} goal ${v.meetsGoal === null ? 'n/a (spot)' : v.meetsGoal ? 'MET' : 'missed'}` +
      `${v.lostMoneyInTesting ? ', lost money in testing' : ''}; neighbours all positive in-sample: ${v.robustness.allPositive}` +
      (v.misses.length > 0 ? `\n            ${v.misses.join('; ')}` : ''),
  );
}
