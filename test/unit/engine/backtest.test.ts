import { describe, expect, it } from 'vitest';
import { liquidationPrice } from '#engine/backtest/account';
import { runBacktest } from '#engine/backtest/backtest';
import { defaultConfig } from '#engine/backtest/config';
import { computeStats } from '#engine/stats/stats';
import { NO_ORDERS, type Strategy } from '#engine/types';
import { hourly, T0 } from './helpers';

/**
 * Goes long (or short) on the first candle with all cash at `leverage`, then holds, with a protective
 * stop far beyond the liquidation price (futures positions must have one).
 */
const holdFrom = (side: 'buy' | 'sell', leverage: number): Strategy<object, { done: boolean }> => ({
  init: () => ({ done: false }),
  stopLevel: () => (side === 'buy' ? 1e-9 : 1e12),
  onCandle(state, c, i, account) {
    if (state.done) return NO_ORDERS;
    state.done = true;
    const size = (account.cash * leverage * 0.99) / c.close[i];
    return [{ side, type: 'market', size, price: c.close[i], leverage, reason: 'test entry' }];
  },
});

describe('futures liquidation', () => {
  it('computes the isolated-margin liquidation price', () => {
    // Long 10x at 100, margin 10 per unit, 0.4 % maintenance: (100 - 10) / 0.996.
    expect(liquidationPrice('long', 1, 100, 10, 0.004)).toBeCloseTo(90 / 0.996, 12);
    expect(liquidationPrice('short', 1, 100, 10, 0.004)).toBeCloseTo(110 / 1.004, 12);
  });

  it('liquidates a 10x long when the low reaches that price, losing the margin', () => {
    const config = { ...defaultConfig('futures', 1000), slippage: 0, fundingRate: 0, maxDrawdownPct: 100 };
    const liq = 90 / 0.996;
    const survive = hourly([{ close: 100 }, { close: 95, low: liq + 0.01 }]);
    expect(runBacktest(holdFrom('buy', 10), {}, survive, config).trades).toHaveLength(0);
    const dies = hourly([{ close: 100 }, { close: 95, low: liq - 0.01 }, { close: 120 }]);
    const r = runBacktest(holdFrom('buy', 10), {}, dies, config);
    expect(r.trades).toHaveLength(1);
    const t = r.trades[0];
    expect(t.reason).toBe('liquidation');
    expect(t.exitPrice).toBeCloseTo(liq, 9);
    const margin = (t.size * 100) / 10;
    expect(t.pnl).toBeCloseTo(-margin - t.size * 100 * config.takerFee, 9);
    expect(r.equity[2]).toBeCloseTo(1000 - margin - t.size * 100 * config.takerFee, 9);
  });

  it('liquidates a 3x short on a rally', () => {
    const config = {
      ...defaultConfig('futures', 1000),
      slippage: 0,
      fundingRate: 0,
      takerFee: 0,
      maxDrawdownPct: 100,
    };
    const r = runBacktest(
      holdFrom('sell', 3),
      {},
      hourly([{ close: 100 }, { close: 130, high: 133 }]),
      config,
    );
    expect(r.trades[0]?.reason).toBe('liquidation');
    expect(r.trades[0].exitPrice).toBeCloseTo((100 * (1 + 1 / 3)) / 1.004, 9);
  });

  it('charges longs funding every 8 hours', () => {
    const config = { ...defaultConfig('futures', 1000), slippage: 0, takerFee: 0 };
    const c = hourly(Array.from({ length: 10 }, () => ({ close: 100 })));
    const r = runBacktest(holdFrom('buy', 1), {}, c, config);
    // T0 is 00:00 UTC: the first candle opens flat; 08:00 is the first funding with a position.
    expect(r.equity[9]).toBeCloseTo(1000 - 990 * config.fundingRate, 9);
  });
});

describe('statistics', () => {
  const day = 86_400_000;
  it('quarterly returns, drawdown, win rate and profit factor', () => {
    const time = Float64Array.from([T0, T0 + 40 * day, T0 + 100 * day, T0 + 200 * day]);
    const equity = Float64Array.from([100, 120, 90, 99]);
    const trade = (pnl: number) => ({
      side: 'long' as const,
      entryTime: T0,
      exitTime: T0,
      entryPrice: 1,
      exitPrice: 1,
      size: 1,
      pnl,
      returnPct: pnl,
      reason: '',
    });
    const s = computeStats(time, equity, [trade(20), trade(-30), trade(9)], 100);
    expect(s.quarterly.map((q) => q.quarter)).toEqual(['2024-Q1', '2024-Q2', '2024-Q3']);
    expect(s.quarterly[0].returnPct).toBeCloseTo(20, 12);
    expect(s.quarterly[1].returnPct).toBeCloseTo(-25, 12);
    expect(s.maxDrawdownPct).toBeCloseTo(25, 12);
    expect([s.wins, s.losses]).toEqual([2, 1]);
    expect(s.winRatePct).toBeCloseTo(200 / 3, 12);
    expect(s.profitFactor).toBeCloseTo(29 / 30, 12);
  });
});
