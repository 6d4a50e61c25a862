/**
 * The evidence a member reads before deploying a bot: for each out-of-sample period its return,
 * worst drawdown and whether the kill switch halted it, next to buy-and-hold, and the research's
 * verdict. Derived from engine/published/backtests.json by `evidenceOf` and kept small in
 * evidence.json (a few KB), so the marketplace, the bots API and the deploy check read it without
 * the whole published file; a unit test holds the two equal. Pure.
 */
import type { BotId } from '../strategies/registry';
import type { PublishedBacktest, PublishedBacktests } from './types';

export interface PeriodEvidence {
  readonly interval: '1h' | '15m';
  /** 'YYYY-MM-DD to YYYY-MM-DD' */
  readonly period: string;
  readonly returnPct: number;
  readonly maxDrawdownPct: number;
  readonly holdReturnPct: number;
  readonly holdMaxDrawdownPct: number;
  /** The day the kill switch halted the bot (YYYY-MM-DD), or null. */
  readonly haltedOn: string | null;
}

export interface BotEvidence {
  readonly periods: readonly PeriodEvidence[];
  /** It lost money in at least one out-of-sample period. */
  readonly lostMoneyInTesting: boolean;
  /** The futures goal (null for spot bots, not held to it). */
  readonly meetsGoal: boolean | null;
  readonly misses: readonly string[];
  /** The largest drawdown of its out-of-sample periods, percent of its capital. */
  readonly worstDrawdownPct: number;
  /** The kill switch the runs had: halt at this drawdown from the high-water mark. */
  readonly killSwitchPct: number;
  /**
   * A signal bot's smallest entry in testing, as a share of its equity when it entered (its entries
   * are sized from the volatility at the time, so testing is the honest measure); null for the DCA
   * and grid bots, whose orders follow from their parameters (engine/risk/smallest-order.ts).
   */
  readonly smallestEntryShare: number | null;
}

export type EvidenceFile = { readonly [K in BotId]: BotEvidence };

const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** Equity of the run's (downsampled) curve at or before `time`. */
const equityAt = (run: PublishedBacktest, time: number): number => {
  let equity = run.equity[0][1];
  for (const [t, e] of run.equity) {
    if (t > time) break;
    equity = e;
  }
  return equity;
};

const smallestEntryShare = (runs: readonly PublishedBacktest[]): number | null => {
  const shares = runs.flatMap((r) =>
    r.recentTrades.map((t) => (t.size * t.entryPrice) / equityAt(r, t.entryTime)),
  );
  return shares.length ? round(Math.min(...shares), 4) : null;
};

export function evidenceOf(published: PublishedBacktests): EvidenceFile {
  const out = {} as Record<BotId, BotEvidence>;
  for (const [id, verdict] of Object.entries(published.bots) as [
    BotId,
    PublishedBacktests['bots'][BotId],
  ][]) {
    const runs = published.runs.filter((r) => r.bot === id);
    out[id] = {
      periods: runs.map((r) => ({
        interval: r.interval,
        period: r.period,
        returnPct: r.stats.totalReturnPct,
        maxDrawdownPct: r.stats.maxDrawdownPct,
        holdReturnPct: r.buyAndHold.returnPct,
        holdMaxDrawdownPct: r.buyAndHold.maxDrawdownPct,
        haltedOn: r.killed ? new Date(r.killed.time).toISOString().slice(0, 10) : null,
      })),
      lostMoneyInTesting: verdict.lostMoneyInTesting,
      meetsGoal: verdict.meetsGoal,
      misses: verdict.misses,
      worstDrawdownPct: Math.max(...runs.map((r) => r.stats.maxDrawdownPct)),
      killSwitchPct: Math.max(...runs.map((r) => r.killSwitchPct)),
      smallestEntryShare: runs[0]?.market === 'futures' ? smallestEntryShare(runs) : null,
    };
  }
  return out;
}
