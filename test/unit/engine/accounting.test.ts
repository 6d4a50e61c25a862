import { describe, expect, it } from 'vitest';
import { Account } from '#engine/backtest/account';
import { runBacktest } from '#engine/backtest/backtest';
import { defaultConfig } from '#engine/backtest/config';
import { candlesFromRows } from '#engine/candles';
import { gridStrategy, type GridParams } from '#engine/strategies/grid';
import { NO_ORDERS, type Order, type Strategy } from '#engine/types';
import { frictionless, hourly, T0 } from './helpers';

const HOUR = 3_600_000;
const order = (o: Partial<Order> & Pick<Order, 'side' | 'type' | 'price'>): Order => ({
  size: 1,
  leverage: 1,
  reason: 'test',
  ...o,
});

describe('limit and stop touch check', () => {
  const c = hourly([{ open: 100, high: 101, low: 99, close: 100 }]);
  const account = () => new Account(frictionless('spot', 1000));

  it('throws for a level the candle never traded at', () => {
    expect(() => account().execute(order({ side: 'buy', type: 'limit', price: 90 }), c, 0)).toThrow(
      /not reached/,
    );
    expect(() => account().execute(order({ side: 'sell', type: 'limit', price: 110 }), c, 0)).toThrow(
      /not reached/,
    );
    expect(() => account().execute(order({ side: 'sell', type: 'stop', price: 90 }), c, 0)).toThrow(
      /not reached/,
    );
    expect(() => account().execute(order({ side: 'buy', type: 'stop', price: 110 }), c, 0)).toThrow(
      /not reached/,
    );
  });

  it('fills a level inside the range at that level', () => {
    const a = account();
    a.execute(order({ side: 'buy', type: 'limit', price: 99.5 }), c, 0);
    expect(a.entryPrice).toBe(99.5);
  });
});

describe('grid per-lot accounting', () => {
  it('measures each sell against its own buy, not the average of the lots', () => {
    // Three levels 90, 99.5, 110: buys at 99.5 then 90; the rally sells the 90 lot at 99.5 (a win)
    // and the 99.5 lot at 110 (a win). Against the average (≈ 94.5) the first sell would look
    // different: it must be priced at its own entry of 90.
    const params: GridParams = {
      capital: 100,
      levels: 3,
      rangePct: 10,
      recenter: false,
      stopLossPct: 50,
      riskPct: 100,
    };
    const c = hourly([{ close: 100 }, { close: 92, low: 89 }, { close: 111, high: 111 }]);
    const r = runBacktest(gridStrategy, params, c, frictionless('spot', 100));
    const mid = Math.sqrt(90 * 110);
    expect(r.trades).toHaveLength(2);
    const [low, high] = r.trades;
    expect(low.entryPrice).toBeCloseTo(90, 9);
    expect(low.exitPrice).toBeCloseTo(mid, 9);
    expect(high.entryPrice).toBeCloseTo(mid, 9);
    expect(high.exitPrice).toBeCloseTo(110, 9);
    for (const t of r.trades) expect(t.pnl).toBeCloseTo(t.size * (t.exitPrice - t.entryPrice), 9);
    expect(r.stats.winRatePct).toBe(100);
  });
});

describe('funding', () => {
  /** Holds a 1x long of 10 units from the first candle, with a far stop. */
  const hold: Strategy<object, { done: boolean }> = {
    init: () => ({ done: false }),
    onCandle(state, c, i) {
      if (state.done) return NO_ORDERS;
      state.done = true;
      return [{ side: 'buy', type: 'market', size: 10, price: c.close[i], leverage: 1, reason: 'in' }];
    },
    stopLevel: () => 1,
  };
  const config = { ...defaultConfig('futures', 10_000), slippage: 0, takerFee: 0 };
  const at = (hours: number[]) =>
    candlesFromRows(hours.map((h) => ({ time: T0 + h * HOUR, open: 100, high: 100, low: 100, close: 100 })));

  it('is charged for an 8-hour boundary whose candle is missing', () => {
    const full = runBacktest(hold, {}, at([0, 7, 8, 9]), config);
    const missing = runBacktest(hold, {}, at([0, 7, 9]), config);
    const once = 10 * 100 * config.fundingRate;
    expect(full.equity.at(-1)).toBeCloseTo(10_000 - once, 9);
    expect(missing.equity.at(-1)).toBeCloseTo(10_000 - once, 9);
  });

  it('is charged once per boundary crossed by a longer gap', () => {
    const r = runBacktest(hold, {}, at([0, 1, 17]), config);
    expect(r.equity.at(-1)).toBeCloseTo(10_000 - 2 * 10 * 100 * config.fundingRate, 9);
  });
});
