import { describe, expect, it } from 'vitest';
import { runBacktest } from '#engine/backtest/backtest';
import { dcaStrategy, type DcaParams, type DcaState } from '#engine/strategies/dca';
import { getBot } from '#engine/strategies/registry';
import type { Order, Strategy } from '#engine/types';
import { frictionless, hourly, type Bar } from './helpers';

const aibot = getBot('aibot').defaultParams as DcaParams;

/**
 * 16 quiet candles (close 100, range 99..101: true range 2), then candle 16 dips to 95. The ATR(14)
 * is ready after candle 13, so the cycle opens at candle 14's close (100, take profit 101.5);
 * candle 16 reaches stage 2, 1.5 ATR below 100. `highs` overrides a candle's high.
 */
function run(highs: Record<number, number> = {}) {
  const bars: Bar[] = Array.from({ length: 16 }, () => ({ close: 100, high: 101, low: 99 }));
  bars.push({ close: 96, high: 101, low: 95 });
  for (const [i, high] of Object.entries(highs)) bars[Number(i)].high = high;
  const orders: (readonly Order[])[] = [];
  const recording: Strategy<DcaParams, DcaState> = {
    ...dcaStrategy,
    onCandle: (s, c, i, a) => (orders[i] = dcaStrategy.onCandle(s, c, i, a)),
  };
  const r = runBacktest(recording, aibot, hourly(bars), frictionless('spot', 1000));
  return { at16: orders[16], position: r.openPosition };
}

describe('AI Bot DCA: the stage level comes from the ATR before the candle it fills on', () => {
  it("candle i's own range does not move the level it fills at; candle i-1's does", () => {
    // Why: a limit buy resting at candle i's open can only sit at a level known then. If the ATR
    // included candle i, the level would be chosen after seeing candle i's high and low (look-ahead).
    // Raising the high to 101.4 widens the true range but stays under the take profit (101.5) and
    // leaves the low, so candle i still reaches the level: only the ATR's use of that candle moves.
    expect(aibot.stepUnit).toBe('atr');
    const base = run();
    expect(base.at16).toHaveLength(1);
    expect(base.at16[0]).toMatchObject({ side: 'buy', type: 'limit', reason: 'DCA stage 2' });
    expect(base.at16[0].price).toBeCloseTo(100 - 1.5 * 2, 12); // ATR of candles 0..15 is 2

    const widerI = run({ 16: 101.4 });
    expect(widerI.at16).toEqual(base.at16);
    expect(widerI.position).toEqual(base.position);

    const widerBefore = run({ 15: 101.4 });
    expect(widerBefore.at16).toHaveLength(1);
    expect(widerBefore.at16[0].price).toBeCloseTo(100 - 1.5 * (2 + (2.4 - 2) / 14), 12);
    expect(widerBefore.position.entryPrice).not.toBe(base.position.entryPrice);
  });
});
