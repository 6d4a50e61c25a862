import { describe, expect, it } from 'vitest';
import { runBacktest } from '#engine/backtest/backtest';
import { defaultConfig } from '#engine/backtest/config';
import { KillSwitch } from '#engine/risk/kill-switch';
import { riskSizedQuantity } from '#engine/risk/sizing';
import { NO_ORDERS, type Strategy } from '#engine/types';
import { closes, frictionless, hourly, ramp } from './helpers';

/** Buys all it can (up to 99 % of cash) whenever flat, with a stop `stopPct` under the entry (NaN: none). */
const alwaysLong = (stopPct: number): Strategy<object, { stop: number }> => ({
  init: () => ({ stop: Number.NaN }),
  onCandle(state, c, i, account) {
    if (account.positionSize !== 0) return NO_ORDERS;
    state.stop = c.close[i] * (1 - stopPct / 100);
    const size = (account.cash * 0.99) / c.close[i];
    return [{ side: 'buy', type: 'market', size, price: c.close[i], leverage: 1, reason: 'in' }];
  },
  stopLevel: (state) => state.stop,
});

describe('kill switch', () => {
  it('measures the drawdown from the high-water mark, starting at the allocated capital', () => {
    const k = new KillSwitch(1000, 25);
    expect(k.observe(800)).toBe(false);
    expect(k.observe(750)).toBe(true);
    expect(k.observe(2000)).toBe(false);
    expect(k.floor).toBe(1500);
    expect(k.observe(1499)).toBe(true);
  });

  it('stops a losing bot at its level, closes the position and reports it', () => {
    // A slide from 100 to 40 with no stop: only the kill switch can end it.
    const config = { ...defaultConfig('spot', 1000), maxDrawdownPct: 20 };
    const r = runBacktest(alwaysLong(Number.NaN), {}, closes([100, ...ramp(60, 100, 40)]), config);
    expect(r.killed).not.toBeNull();
    expect(r.killed!.floor).toBeCloseTo(800, 9);
    expect(r.trades.at(-1)!.reason).toMatch(/kill switch/);
    expect(r.openPosition.size).toBe(0);
    expect(r.stats.maxDrawdownPct).toBeLessThanOrEqual(20 + 1e-9);
    expect(r.stats.maxDrawdownPct).toBeGreaterThan(19.5);
    // Halted: no trade after the kill, the equity stays where the kill left it.
    expect(r.trades.filter((t) => t.exitTime > r.killed!.time)).toHaveLength(0);
    expect(r.equity.at(-1)).toBeCloseTo(r.equity[r.time.indexOf(r.killed!.time)], 12);
  });

  it('lets a bot that stays above its level run to the end', () => {
    const r = runBacktest(
      alwaysLong(Number.NaN),
      {},
      closes([100, ...ramp(30, 100, 90)]),
      defaultConfig('spot', 1000),
    );
    expect(r.killed).toBeNull();
    expect(r.openPosition.size).toBeGreaterThan(0);
  });
});

describe('protective stop', () => {
  it('closes the position at the stop the strategy set, before the strategy sees the candle', () => {
    const c = hourly([{ close: 100 }, { close: 99 }, { close: 97, low: 94 }]);
    const r = runBacktest(alwaysLong(5), {}, c, frictionless('spot', 1000));
    expect(r.trades[0].reason).toBe('stop loss');
    expect(r.trades[0].exitPrice).toBe(95);
  });

  it('refuses a futures position without one', () => {
    const c = closes([100, 101, 102]);
    expect(() => runBacktest(alwaysLong(Number.NaN), {}, c, frictionless('futures', 1000))).toThrow(
      /protective stop/,
    );
  });

  it('sizes a position so that its stop loses the risk per trade', () => {
    // 1 % of 1000 over a 5-point stop: 2 units, under the 10,000 notional cap.
    expect(riskSizedQuantity(1000, 100, 95, 1, 10_000)).toBeCloseTo(2, 12);
    expect(riskSizedQuantity(1000, 100, 99.9, 1, 1000)).toBeCloseTo(10, 12);
  });
});
