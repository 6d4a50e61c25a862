/**
 * The research protocol's selection, pure (scripts/search-parameters.ts loads the candles and writes
 * engine/strategies/tuned-params.json; a test re-runs it and compares byte for byte). It only ever
 * sees the in-sample candles (up to 2020-12-31):
 * - within a design, the parameters are the best candidate on the whole in-sample period by RULE;
 * - between designs, each design's selection is walked forward inside the in-sample period (chosen
 *   on the candles before each test year, run on that year) and the design whose walk-forward
 *   result is best ships; the out-of-sample periods never take part (engine/research/oos-log.json
 *   reports them, once per design).
 */
import { runBacktest } from '../backtest/backtest';
import { defaultConfig } from '../backtest/config';
import { candlesBetween } from '../candles';
import { getBot, type BotId } from '../strategies/registry';
import type { Candles } from '../types';
import { DESIGNS, type Candidate, type Design, type ParamValue } from './designs';

/** Share of the kill-switch level an in-sample drawdown may use. */
const HEADROOM = 0.6;

export const RULE =
  `within a design: the highest in-sample return with max drawdown <= ${HEADROOM * 100}% of the kill switch and no halt, ` +
  'else the smallest drawdown; between designs: the highest walk-forward return without a halt in any test year, ' +
  'else the highest walk-forward return';

/** Test years of the walk-forward; each is chosen on every in-sample candle before it. */
const WALK_FORWARD_YEARS = [2019, 2020];

interface Score {
  readonly returnPct: number;
  readonly maxDrawdownPct: number;
  readonly profitFactor: number | null;
  readonly sharpe: number | null;
  readonly trades: number;
  readonly killed: boolean;
}

interface Choice {
  readonly params: Candidate;
  readonly score: Score;
}

interface Fold extends Choice {
  /** The test year. */
  readonly year: number;
}

interface DesignResult {
  readonly design: string;
  readonly candidates: number;
  /** The design's parameters chosen on the whole in-sample period, and their score there. */
  readonly inSample: Choice;
  readonly walkForward: {
    readonly folds: readonly Fold[];
    /** The test years' returns compounded. */
    readonly returnPct: number;
    readonly killed: boolean;
  };
}

export interface Neighbour {
  readonly params: Candidate;
  readonly returnPct: number;
}

export interface BotSelection {
  readonly design: string;
  readonly params: Candidate;
  readonly inSample: Score;
  /** The chosen point with each numeric parameter moved ±20 % (one at a time), run in-sample. */
  readonly neighbourhood: readonly Neighbour[];
  readonly designs: readonly DesignResult[];
}

const round = (x: number) => Number(x.toFixed(2));

/** Every combination of the axes (a small Cartesian grid). */
function candidates(design: Design): Candidate[] {
  return Object.entries(design.axes).reduce<Candidate[]>(
    (acc, [key, values]) => acc.flatMap((c) => values.map((v) => ({ ...c, [key]: v }))),
    [{ ...design.fixed }],
  );
}

/** One backtest of the bot with `params` over its hand-set parameters (not the shipped choice). */
function score(id: BotId, params: Candidate, candles: Candles): Score {
  const bot = getBot(id);
  const config = defaultConfig(bot.market, bot.capital);
  const { stats, killed } = runBacktest(bot.strategy, { ...bot.baseParams, ...params }, candles, config);
  return {
    returnPct: round(stats.totalReturnPct),
    maxDrawdownPct: round(stats.maxDrawdownPct),
    profitFactor: stats.profitFactor === null ? null : round(stats.profitFactor),
    sharpe: stats.sharpe === null ? null : round(stats.sharpe),
    trades: stats.trades,
    killed: killed !== null,
  };
}

/** The design's candidate that RULE prefers on `candles`. */
function choose(id: BotId, design: Design, candles: Candles): Choice {
  const killAt = defaultConfig(getBot(id).market, 1).maxDrawdownPct;
  const scored = candidates(design).map((params) => ({ params, score: score(id, params, candles) }));
  const within = scored.filter((s) => !s.score.killed && s.score.maxDrawdownPct <= HEADROOM * killAt);
  return within.length > 0
    ? within.reduce((a, b) => (b.score.returnPct > a.score.returnPct ? b : a))
    : scored.reduce((a, b) => (b.score.maxDrawdownPct < a.score.maxDrawdownPct ? b : a));
}

/** The design's selection walked forward: chosen before each test year, run (cold) on it. */
function walkForward(id: BotId, design: Design, series: Candles): DesignResult['walkForward'] {
  const folds = WALK_FORWARD_YEARS.map((year) => {
    const start = Date.UTC(year, 0, 1);
    const { params } = choose(id, design, candlesBetween(series, -Infinity, start));
    return {
      year,
      params,
      score: score(id, params, candlesBetween(series, start, Date.UTC(year + 1, 0, 1))),
    };
  });
  const growth = folds.reduce((g, f) => g * (1 + f.score.returnPct / 100), 1);
  return { folds, returnPct: round((growth - 1) * 100), killed: folds.some((f) => f.score.killed) };
}

/** The chosen point and its neighbours: each numeric parameter ×0.8 and ×1.2 (periods stay whole). */
function neighbourhood(id: BotId, params: Candidate, candles: Candles): Neighbour[] {
  const out: Neighbour[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'number' || value === 0) continue;
    for (const factor of [0.8, 1.2]) {
      const moved: ParamValue =
        Number.isInteger(value) && value > 5 ? Math.round(value * factor) : round(value * factor);
      const p = { ...params, [key]: moved };
      out.push({ params: { [key]: moved }, returnPct: score(id, p, candles).returnPct });
    }
  }
  return out;
}

/** Every design of the bot scored in-sample and walked forward; the winner's parameters and neighbourhood. */
export function selectBot(id: BotId, inSample: Candles): BotSelection {
  const designs = DESIGNS[id].map((design) => ({
    design: design.id,
    candidates: candidates(design).length,
    inSample: choose(id, design, inSample),
    walkForward: walkForward(id, design, inSample),
  }));
  const clean = designs.filter((d) => !d.walkForward.killed);
  const pool = clean.length > 0 ? clean : designs;
  const best = pool.reduce((a, b) => (b.walkForward.returnPct > a.walkForward.returnPct ? b : a));
  return {
    design: best.design,
    params: best.inSample.params,
    inSample: best.inSample.score,
    neighbourhood: neighbourhood(id, best.inSample.params, inSample),
    designs,
  };
}
