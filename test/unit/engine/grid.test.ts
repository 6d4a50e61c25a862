import { describe, expect, it } from 'vitest';
import { runBacktest } from '#engine/backtest/backtest';
import { gridLevels, gridStrategy, type GridParams } from '#engine/strategies/grid';
import { frictionless, hourly } from './helpers';

/** A stop far below and a risk budget the lots fit in, so the grid trades at full size. */
const params: GridParams = {
  capital: 100,
  levels: 3,
  rangePct: 10,
  recenter: false,
  stopLossPct: 50,
  riskPct: 100,
};

describe('geometric grid', () => {
  it('spaces levels by a constant ratio from -range to +range', () => {
    const levels = gridLevels(100, 3, 10);
    expect(levels[0]).toBeCloseTo(90, 12);
    expect(levels[2]).toBeCloseTo(110, 12);
    expect(levels[1]).toBeCloseTo(Math.sqrt(90 * 110), 12);
  });

  it('buys a level on the way down and sells it one level up', () => {
    const c = hourly([{ close: 100 }, { close: 97, low: 96 }, { close: 109 }, { close: 111, high: 111 }]);
    const r = runBacktest(gridStrategy, params, c, frictionless('spot', 100));
    expect(r.trades).toHaveLength(1);
    const mid = Math.sqrt(90 * 110);
    expect(r.trades[0].entryPrice).toBeCloseTo(mid, 9);
    expect(r.trades[0].exitPrice).toBeCloseTo(110, 9);
    const size = 50 / 1.002 / mid;
    expect(r.trades[0].pnl).toBeCloseTo(size * (110 - mid), 9);
  });

  it('completes a round trip inside one rising candle (open → low → high → close)', () => {
    const c = hourly([{ close: 100 }, { open: 100, low: 98, high: 111, close: 105 }]);
    const r = runBacktest(gridStrategy, params, c, frictionless('spot', 100));
    expect(r.trades).toHaveLength(1);
  });

  it('does nothing while the price stays inside one cell', () => {
    const c = hourly([{ close: 100 }, { close: 101 }, { close: 100.5, low: 99.6 }, { close: 108 }]);
    const r = runBacktest(gridStrategy, params, c, frictionless('spot', 100));
    expect(r.trades).toHaveLength(0);
    expect(r.openPosition.size).toBe(0);
  });
});
