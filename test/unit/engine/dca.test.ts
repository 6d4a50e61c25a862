import { describe, expect, it } from 'vitest';
import { runBacktest } from '#engine/backtest/backtest';
import { dcaPlan, dcaStrategy, takeProfitPrice, type DcaParams } from '#engine/strategies/dca';
import { dcaPresetParams } from '#engine/strategies/dca-presets';
import { closes, flat, frictionless, hourly } from './helpers';

const params: DcaParams = {
  initial: 100,
  stages: [
    { timesX: 1, per: 10 },
    { timesX: 2, per: 10 },
  ],
  takeProfitPct: 5,
  oneShot: false,
  stepUnit: 'percent',
  atrPeriod: 14,
  entryRsiBelow: null,
  rsiPeriod: 14,
  stopLossPct: null,
  riskPct: 100,
};

describe('DCA stage arithmetic (worked example)', () => {
  it('prices, spends, average and take-profit per stage', () => {
    const [s1, s2, s3] = dcaPlan(params, 100);
    expect(s1).toMatchObject({ stage: 1, price: 100, quote: 100, quantity: 1, averagePrice: 100 });
    expect(s1.takeProfitPrice).toBeCloseTo(105, 12);
    // Stage 2: 10 % under 100 = 90, buys 100 USDT = 1.1111 BTC; average 200 / 2.1111 = 94.7368.
    expect(s2.price).toBeCloseTo(90, 12);
    expect(s2.quote).toBe(100);
    expect(s2.averagePrice).toBeCloseTo(94.73684210526316, 10);
    expect(s2.takeProfitPrice).toBeCloseTo(99.47368421052632, 10);
    // Stage 3: 10 % under 90 = 81, buys 2 × 100 USDT; average 400 / (1 + 1.1111 + 2.4691) = 87.3315.
    expect(s3.price).toBeCloseTo(81, 12);
    expect(s3.quote).toBe(200);
    expect(s3.averagePrice).toBeCloseTo(400 / (1 + 100 / 90 + 200 / 81), 10);
    expect(takeProfitPrice(s3.averagePrice, 5)).toBeCloseTo(91.69811320754718, 9);
  });

  it('presets spend exactly the amount when every stage fills', () => {
    const king = dcaPresetParams('dcaking', 1000);
    expect(king.stages).toHaveLength(9);
    expect(king.stages[8].timesX).toBeCloseTo(1.5 ** 9, 12);
    const total = king.initial * (1 + king.stages.reduce((s, x) => s + x.timesX, 0));
    expect(total).toBeCloseTo(1000, 9);
  });

  it('refuses more than 15 stages', () => {
    const stages = Array.from({ length: 15 }, () => ({ timesX: 1, per: 1 }));
    expect(() => dcaStrategy.init({ ...params, stages })).toThrow(/15/);
  });
});

describe('DCA in the backtester', () => {
  // Opens at 100, falls through 90 (stage 2), rallies to the take profit of 99.47.
  const cycle = hourly([
    { close: 100 },
    { close: 95, low: 89 },
    { close: 96 },
    { close: 100, high: 100 },
    { close: 100 },
  ]);

  it('fills stage 2 at its level and takes profit at average × (1 + tp)', () => {
    const r = runBacktest(dcaStrategy, { ...params, oneShot: true }, cycle, frictionless('spot', 1000));
    expect(r.trades).toHaveLength(1);
    const t = r.trades[0];
    expect(t.entryPrice).toBeCloseTo(94.73684210526316, 9);
    expect(t.exitPrice).toBeCloseTo(99.47368421052632, 9);
    expect(t.size).toBeCloseTo(1 + 100 / 90, 12);
    expect(t.pnl).toBeCloseTo(10, 9); // 5 % on 200 USDT
    expect(r.stats.endEquity).toBeCloseTo(1010, 9);
  });

  it('one-shot stops after the take profit; otherwise a new cycle opens', () => {
    const oneShot = runBacktest(dcaStrategy, { ...params, oneShot: true }, cycle, frictionless('spot', 1000));
    expect(oneShot.openPosition.size).toBe(0);
    const again = runBacktest(dcaStrategy, params, cycle, frictionless('spot', 1000));
    expect(again.openPosition.size).toBeCloseTo(1, 12);
  });

  it('does not ladder or sell while the price stays between the levels', () => {
    const r = runBacktest(
      dcaStrategy,
      params,
      closes([100, 99, 95, 92, 101, 104]),
      frictionless('spot', 1000),
    );
    expect(r.trades).toHaveLength(0);
    expect(r.openPosition.size).toBeCloseTo(1, 12);
  });

  it('the RSI-gated robot waits for oversold and then opens', () => {
    const robot = dcaPresetParams('dcaairobot', 1000);
    const calm = runBacktest(
      dcaStrategy,
      robot,
      closes(flat(40).map((p, i) => p + i)),
      frictionless('spot', 1000),
    );
    expect(calm.openPosition.size).toBe(0);
    const selloff = closes([
      ...flat(20).map((p, i) => p + (i % 2)),
      ...flat(10).map((p, i) => p - 2 * (i + 1)),
    ]);
    const r = runBacktest(dcaStrategy, robot, selloff, frictionless('spot', 1000));
    expect(r.openPosition.size).toBeGreaterThan(0);
  });
});
