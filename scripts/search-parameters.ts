/**
 * Chooses each bot's parameters on the in-sample period only (engine/published/periods.ts: BTC or
 * ETH hourly, 2017-08 to 2020-12) and writes them to engine/strategies/tuned-params.json, which
 * the registry applies. The published runs (scripts/publish-backtests.ts) use other periods, so no
 * published figure is tuned on the period it reports.
 *
 * Each bot has a small grid of candidates over its risk per trade, its stop and one or two of its
 * own parameters. The choice: the highest in-sample return among the candidates whose in-sample
 * max drawdown stayed within 60 % of the kill switch and that were never halted; when none did,
 * the one with the smallest drawdown. The headroom is there because drawdowns out-of-sample are
 * usually deeper than in-sample.
 *
 *   npx tsx scripts/search-parameters.ts      (about a minute; one process, one core)
 */
import { writeFileSync } from 'node:fs';
import { runBacktest } from '#engine/backtest/backtest';
import { defaultConfig } from '#engine/backtest/config';
import { candlesBetween } from '#engine/candles';
import { loadCandles } from '#engine/data/load-candles';
import { IN_SAMPLE } from '#engine/published/periods';
import { BOT_IDS, getBot, type BotId } from '#engine/strategies/registry';

type Candidate = Record<string, number | null>;

/** Every combination of the listed values (a small Cartesian grid). */
function grid(axes: Record<string, readonly (number | null)[]>): Candidate[] {
  return Object.entries(axes).reduce<Candidate[]>(
    (acc, [key, values]) => acc.flatMap((c) => values.map((v) => ({ ...c, [key]: v }))),
    [{}],
  );
}

const RISK = [0.5, 1, 2];
const DCA = grid({ stopLossPct: [15, 25, 35], riskPct: [5, 10, 20] });
const SEARCH: Record<BotId, Candidate[]> = {
  dca: DCA,
  universal: DCA,
  aibot: DCA,
  dcaking: DCA,
  dcaairobot: DCA,
  classic: grid({ stopLossPct: [5, 10, 20], riskPct: [5, 10, 20], rangePct: [10, 20] }),
  alfa: grid({ riskPct: RISK, stopAtr: [1.5, 2, 3], bandWidth: [2, 2.5] }),
  zeno: grid({ riskPct: RISK, trailAtr: [2, 3, 4], slowPeriod: [50, 100] }),
  zeno3x: grid({ riskPct: RISK, trailAtr: [2, 3, 4], slowPeriod: [50, 100] }),
  candles: grid({ riskPct: RISK, stopAtr: [1, 1.5, 2], targetAtr: [2, 3, 4] }),
  candles3x: grid({ riskPct: RISK, stopAtr: [1, 1.5, 2], targetAtr: [2, 3, 4] }),
  glint: grid({ riskPct: RISK, entryPeriod: [20, 55], exitPeriod: [10, 20] }),
  nero: grid({ riskPct: RISK, stopAtr: [2, 3, 4], adxMin: [20, 25, 30] }),
  quant: grid({ riskPct: RISK, stopZ: [3, 4], entryZ: [2, 2.5], zPeriod: [48, 96] }),
};

/** Share of the kill-switch level an in-sample drawdown may use. */
const HEADROOM = 0.6;

interface Score {
  readonly params: Candidate;
  readonly returnPct: number;
  readonly maxDrawdownPct: number;
  readonly sharpe: number | null;
  readonly trades: number;
  readonly killed: boolean;
}

const round = (x: number) => Number(x.toFixed(2));
const chosen: Partial<Record<BotId, Candidate>> = {};
const inSample: Partial<Record<BotId, Omit<Score, 'params'> & { candidates: number }>> = {};

for (const id of BOT_IDS) {
  const bot = getBot(id);
  const candles = candlesBetween(loadCandles(bot.symbol, IN_SAMPLE.interval), IN_SAMPLE.from, IN_SAMPLE.to);
  const config = defaultConfig(bot.market, bot.capital);
  const scores: Score[] = SEARCH[id].map((params) => {
    const { stats, killed } = runBacktest(bot.strategy, { ...bot.defaultParams, ...params }, candles, config);
    return {
      params,
      returnPct: round(stats.totalReturnPct),
      maxDrawdownPct: round(stats.maxDrawdownPct),
      sharpe: stats.sharpe === null ? null : round(stats.sharpe),
      trades: stats.trades,
      killed: killed !== null,
    };
  });
  const within = scores.filter((s) => !s.killed && s.maxDrawdownPct <= HEADROOM * config.maxDrawdownPct);
  const best =
    within.length > 0
      ? within.reduce((a, b) => (b.returnPct > a.returnPct ? b : a))
      : scores.reduce((a, b) => (b.maxDrawdownPct < a.maxDrawdownPct ? b : a));
  const { params, ...score } = best;
  chosen[id] = params;
  inSample[id] = { ...score, candidates: scores.length };
  process.stderr.write(
    `${id.padEnd(11)} ${JSON.stringify(params)} in-sample ${score.returnPct}% ` +
      `DD ${score.maxDrawdownPct}% ${score.killed ? 'KILLED ' : ''}(${within.length}/${scores.length} within)\n`,
  );
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const out = {
  generatedBy: 'scripts/search-parameters.ts',
  inSample: `${IN_SAMPLE.interval} candles from ${day(IN_SAMPLE.from)} to ${day(IN_SAMPLE.to - 1)}`,
  rule: `highest in-sample return with max drawdown <= ${HEADROOM * 100}% of the kill switch and no halt; else the smallest drawdown`,
  chosen,
  inSampleScores: inSample,
};
writeFileSync(
  new URL('../engine/strategies/tuned-params.json', import.meta.url),
  JSON.stringify(out, null, 1) + '\n',
);
