/**
 * The bot pages draw each published backtest's trades on candles kept beside it
 * (web/src/bots/backtest/backtest-candles.json, made by build-candles.ts). After the backtests are
 * published again the file must be rebuilt, or the markers land off the price: this says so.
 */
import { describe, expect, it } from 'vitest';
import { PageBotId } from '#api/schemas/bots';
import { allPublishedBacktests } from '#engine/published/index';
import candles from '../../../web/src/bots/backtest/backtest-candles.json';

const runs = allPublishedBacktests.filter(
  (r) => PageBotId.safeParse(r.bot).success && r.recentTrades.length > 0,
);
const kept = candles as Record<string, { barMs: number; bars: number[][] }>;

describe('the candles behind the backtest charts', () => {
  it('exist for every published run of a bot page, and for no other', () => {
    expect(Object.keys(kept).sort()).toEqual(runs.map((r) => `${r.bot}-${r.interval}`).sort());
  });

  it.each(runs.map((r) => [`${r.bot}-${r.interval}`, r] as const))(
    '%s: the bars span every listed trade, at the prices the trades were made',
    (key, run) => {
      const { barMs, bars } = kept[key];
      const first = Math.min(...run.recentTrades.map((t) => t.entryTime));
      const last = Math.max(...run.recentTrades.map((t) => t.exitTime));
      expect(bars[0][0]).toBeLessThanOrEqual(first);
      expect(bars[bars.length - 1][0] + barMs).toBeGreaterThan(last);
      for (const trade of run.recentTrades) {
        const bar = bars.findLast((b) => b[0] <= trade.entryTime)!;
        // within the bar's range (rounded to 6 significant digits when it was written)
        expect(trade.entryPrice).toBeGreaterThanOrEqual(bar[3] * 0.999);
        expect(trade.entryPrice).toBeLessThanOrEqual(bar[2] * 1.001);
      }
    },
  );
});
