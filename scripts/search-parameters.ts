/**
 * The research protocol's selection (docs/strategies.md, "Research protocol"): for every bot, every
 * design of engine/research/designs.ts is searched on the in-sample candles only (the bot's symbol,
 * hourly, first candle to 2020-12-31) and walked forward inside them; the design with the best
 * walk-forward result ships with its in-sample parameters (engine/research/select.ts). Writes
 * engine/strategies/tuned-params.json, which the registry applies; a unit test re-runs it and
 * compares byte for byte.
 *
 *   npx tsx scripts/search-parameters.ts      (a few minutes; one process, one core)
 */
import { writeFileSync } from 'node:fs';
import { candlesBetween } from '#engine/candles';
import { loadCandles } from '#engine/data/load-candles';
import { IN_SAMPLE } from '#engine/published/periods';
import { RULE, selectBot, type BotSelection } from '#engine/research/select';
import type { Candidate } from '#engine/research/designs';
import { BOT_IDS, getBot, type BotId } from '#engine/strategies/registry';

const chosen: Partial<Record<BotId, Candidate>> = {};
const bots: Partial<Record<BotId, BotSelection>> = {};
for (const id of BOT_IDS) {
  const bot = getBot(id);
  const candles = candlesBetween(loadCandles(bot.symbol, IN_SAMPLE.interval), IN_SAMPLE.from, IN_SAMPLE.to);
  const selection = selectBot(id, candles);
  chosen[id] = selection.params;
  bots[id] = selection;
  for (const d of selection.designs)
    process.stderr.write(
      `${d.design.padEnd(14)} in-sample ${d.inSample.score.returnPct}% DD ${d.inSample.score.maxDrawdownPct}% ` +
        `PF ${d.inSample.score.profitFactor} ${d.inSample.score.killed ? 'KILLED ' : ''}| walk-forward ` +
        `${d.walkForward.folds.map((f) => `${f.year} ${f.score.returnPct}%${f.score.killed ? ' KILLED' : ''}`).join(', ')} ` +
        `= ${d.walkForward.returnPct}% ${JSON.stringify(d.inSample.params)}\n`,
    );
  process.stderr.write(
    `  -> ${selection.design}; neighbours ${selection.neighbourhood.map((n) => n.returnPct).join(' ')}\n`,
  );
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const out = {
  generatedBy: 'scripts/search-parameters.ts',
  inSample: `${IN_SAMPLE.interval} candles from ${day(IN_SAMPLE.from)} to ${day(IN_SAMPLE.to - 1)}`,
  rule: RULE,
  chosen,
  bots,
};
writeFileSync(
  new URL('../engine/strategies/tuned-params.json', import.meta.url),
  JSON.stringify(out, null, 1) + '\n',
);
