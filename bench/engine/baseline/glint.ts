import type { GlintParams } from '#engine/strategies/glint';
import type { Bar } from './loop';
import { enter, exit, heldDirection, type Rule } from './loop';

/** Highest high and lowest low of the `period` bars before bar i (NaN until there are that many). */
function channel(bars: Bar[], i: number, period: number): { upper: number; lower: number } {
  if (i < period) return { upper: NaN, lower: NaN };
  const window = bars.slice(i - period, i);
  return { upper: Math.max(...window.map((b) => b.high)), lower: Math.min(...window.map((b) => b.low)) };
}

/** Glint: Donchian breakout of the previous `entryPeriod` bars, exit at the previous `exitPeriod` extreme. */
export function glintBaseline(p: GlintParams): Rule {
  return (bars, i, account) => {
    const c = bars[i];
    const entry = channel(bars, i, p.entryPeriod);
    const stop = channel(bars, i, p.exitPeriod);
    const held = heldDirection(account);
    if (held > 0 && c.low <= stop.lower) return [exit(account, 'stop', stop.lower, 'channel low')];
    if (held < 0 && c.high >= stop.upper) return [exit(account, 'stop', stop.upper, 'channel high')];
    const dir = c.close > entry.upper ? 1 : c.close < entry.lower ? -1 : 0;
    if (dir === 0 || dir === held) return [];
    return enter(account, dir, c.close, p.leverage, p.fraction, dir > 0 ? 'breakout up' : 'breakout down');
  };
}
