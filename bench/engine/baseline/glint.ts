import type { GlintParams } from '#engine/strategies/glint';
import type { Bar } from './loop';
import { enter, exit as close, heldDirection, naiveRegime, naiveVolatility, type Rule } from './loop';

/** Highest high and lowest low of the `period` bars before bar i (NaN until there are that many). */
function channel(bars: Bar[], i: number, period: number): { upper: number; lower: number } {
  if (i < period) return { upper: NaN, lower: NaN };
  const window = bars.slice(i - period, i);
  return { upper: Math.max(...window.map((b) => b.high)), lower: Math.min(...window.map((b) => b.low)) };
}

/**
 * Glint: Donchian breakout of the previous `entryPeriod` bars; the protective stop is the extreme of
 * the previous `exitPeriod` bars (a long's low, a short's high), and sizes the entry.
 */
export function glintBaseline(p: GlintParams): Rule {
  const regime = naiveRegime(p);
  const volatility = naiveVolatility(p);
  return {
    stop: (bars, i, account) => {
      const exit = channel(bars, i, p.exitPeriod);
      return account.size > 0 ? exit.lower : exit.upper;
    },
    orders: (bars, i, account) => {
      const c = bars[i];
      regime.next(c.time, c.close);
      volatility.next(bars, i);
      const entry = channel(bars, i, p.entryPeriod);
      const dir = c.close > entry.upper ? 1 : c.close < entry.lower ? -1 : 0;
      const held = heldDirection(account);
      if (dir === 0 || dir === held) return [];
      const exposure = volatility.exposure(p.leverage);
      if (!regime.allows(dir, c.close) || exposure === null)
        return held === 0 ? [] : [close(account, 'market', c.close, 'no flip against the slow trend')];
      // The stop from the next bar on: the exit channel up to and including this bar.
      const exit = channel(bars, i + 1, p.exitPeriod);
      const stop = dir > 0 ? exit.lower : exit.upper;
      const reason = dir > 0 ? 'breakout up' : 'breakout down';
      return enter(account, dir, c.close, stop, p, reason, exposure, exposure !== undefined);
    },
  };
}
