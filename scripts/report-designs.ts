/**
 * The only place the research touches the out-of-sample candles (docs/strategies.md, "Research
 * protocol"): each design of engine/research/designs.ts, with the parameters it chose in-sample
 * (engine/strategies/tuned-params.json, so run scripts/search-parameters.ts first), is run once on
 * every out-of-sample span (the two published periods and the 2021 15-minute files, all as hourly
 * candles) and appended to engine/research/oos-log.json. A design already in the log is never run
 * again: the log is the list of every design tried and what it did, retries included.
 *
 *   npx tsx scripts/report-designs.ts
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadCandles } from '#engine/data/load-candles';
import { goalMisses, publishRun } from '#engine/published/build';
import { OUT_OF_SAMPLE, OUT_OF_SAMPLE_2021H1 } from '#engine/published/periods';
import type { BotSelection } from '#engine/research/select';
import { BOT_IDS, getBot, type BotId } from '#engine/strategies/registry';
import tuned from '../engine/strategies/tuned-params.json';

interface Span {
  readonly period: string;
  readonly returnPct: number;
  readonly profitFactor: number | null;
  readonly maxDrawdownPct: number;
  readonly trades: number;
  readonly buyAndHoldReturnPct: number;
  readonly buyAndHoldMaxDrawdownPct: number;
  readonly killed: string | null;
}

interface Entry {
  readonly design: string;
  /** The UTC day the design was run out-of-sample (once). */
  readonly reported: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** Set on a run that did not test the design as selected: why, in words (kept, never rerun under its label). */
  readonly flaw?: string;
  readonly spans: readonly Span[];
  /** The futures goal's misses over every span (spot bots: not held to it, listed for the record). */
  readonly misses: readonly string[];
}

const LOG = new URL('../engine/research/oos-log.json', import.meta.url);
const log: { entries: Entry[] } = existsSync(LOG) ? JSON.parse(readFileSync(LOG, 'utf8')) : { entries: [] };
const done = new Set(log.entries.map((e) => e.design));
// TypeScript widens the JSON's literals, so the cast goes through unknown.
const selections = tuned.bots as unknown as Record<BotId, BotSelection>;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const periods = [...OUT_OF_SAMPLE, OUT_OF_SAMPLE_2021H1];

for (const id of BOT_IDS) {
  const bot = getBot(id);
  for (const d of selections[id].designs) {
    if (done.has(d.design)) continue;
    const runs = periods.map((p) =>
      publishRun(id, loadCandles(bot.symbol, p.interval, p.suffix), p, {
        ...bot.baseParams,
        ...d.inSample.params,
      }),
    );
    const spans = runs.map((r, k) => ({
      period: `${periods[k].interval}${periods[k].suffix} ${r.period}`,
      returnPct: r.stats.totalReturnPct,
      profitFactor: r.stats.profitFactor,
      maxDrawdownPct: r.stats.maxDrawdownPct,
      trades: r.stats.trades,
      buyAndHoldReturnPct: r.buyAndHold.returnPct,
      buyAndHoldMaxDrawdownPct: r.buyAndHold.maxDrawdownPct,
      killed: r.killed ? day(r.killed.time) : null,
    }));
    log.entries.push({
      design: d.design,
      reported: day(Date.now()),
      params: d.inSample.params,
      spans,
      misses: runs.flatMap(goalMisses),
    });
    console.log(
      `${d.design.padEnd(14)} ${spans.map((s) => `${s.returnPct}% PF ${s.profitFactor} DD ${s.maxDrawdownPct}%${s.killed ? ' KILLED' : ''}`).join(' | ')}`,
    );
  }
}
writeFileSync(LOG, JSON.stringify(log, null, 1) + '\n');
