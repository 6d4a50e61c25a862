/**
 * The live decision (engine/live/decide.ts): the model's fills, the warm-up that never trades, and
 * the resting levels found by the probe candles.
 */
import { describe, expect, it } from 'vitest';
import { runBacktest } from '#engine/backtest/backtest';
import { decideLive } from '#engine/live/decide';
import { dcaStrategy, nextStagePrice, takeProfitPrice, type DcaParams } from '#engine/strategies/dca';
import { getBot } from '#engine/strategies/registry';
import { sliceCandles } from '#engine/candles';
import type { Candles } from '#engine/types';
import { closes, frictionless, hourly, T0 } from './helpers';
import { btc1h } from './real-candles';

const HOUR = 3_600_000;
const DCA: DcaParams = {
  initial: 100,
  stages: [
    { timesX: 1, per: 2 },
    { timesX: 2, per: 3 },
  ],
  takeProfitPct: 1,
  oneShot: false,
  stepUnit: 'percent',
  atrPeriod: 14,
  entryRsiBelow: null,
  rsiPeriod: 14,
  stopLossPct: null,
  riskPct: 10,
};

/** The DCA's live decision on `candles`, trading from `tradeFrom`, on 1,000 USDT without fees. */
const decideDca = (candles: Candles, tradeFrom = T0) =>
  decideLive({ strategy: dcaStrategy, params: DCA, config: frictionless('spot', 1000), candles, tradeFrom });

describe('decideLive', () => {
  it('trades nothing during the warm-up and opens at the first candle it may trade on', () => {
    const candles = closes([100, 101, 102, 103, 104]);
    const decision = decideDca(candles, T0 + 3 * HOUR);
    expect(decision.fills.map((f) => [f.time, f.order.side, f.order.type])).toEqual([
      [T0 + 3 * HOUR, 'buy', 'market'],
    ]);
    expect(decision.position).toBeCloseTo(100 / 103, 12);
  });

  it('finds the levels that must rest for the next candle: every stage below, the take profit above', () => {
    const candles = closes([100, 100]);
    const decision = decideDca(candles);
    const stage2 = nextStagePrice(100, DCA.stages[0], 'percent');
    const stage3 = nextStagePrice(stage2, DCA.stages[1], 'percent');
    expect(decision.resting.map((r) => [r.side, r.type, r.price, r.reason])).toEqual([
      ['buy', 'limit', stage2, 'DCA stage 2'],
      ['buy', 'limit', stage3, 'DCA stage 3'],
      ['sell', 'limit', takeProfitPrice(100, 1), 'take profit'],
    ]);
  });

  it('rests no limit the exchange would fill at once: a grid buys an empty level above the price only when a candle falls back through it', () => {
    const grid = getBot('classic');
    const candles = closes([100, 100, 97, 96]);
    const decision = decideLive({
      strategy: grid.strategy,
      params: grid.defaultParams,
      config: frictionless('spot', 1000),
      candles,
      tradeFrom: T0,
    });
    // It bought lots on the way down: their sells rest above the price; the empty levels above it
    // (bought only by a candle that rises through them and falls back) do not rest as buys.
    expect(decision.position).toBeGreaterThan(0);
    const limits = decision.resting.filter((r) => r.type === 'limit');
    expect(limits.filter((r) => r.side === 'sell').length).toBeGreaterThan(0);
    for (const r of limits) expect(r.side === 'buy' ? r.price <= 96 : r.price >= 96).toBe(true);
  });

  it('rests once a take profit the price is already past: known before the candle, it fills at once', () => {
    const candles = hourly([{ close: 100 }, { open: 100, low: 97.9, close: 99.99 }]);
    const decision = decideDca(candles);
    const tp = decision.resting.filter((r) => r.reason === 'take profit');
    expect(tp).toHaveLength(1);
    expect(tp[0].price).toBeLessThan(99.99);
  });

  it('rests the kill switch as a stop while a position is open', () => {
    const decision = decideLive({
      strategy: getBot('zeno').strategy,
      params: getBot('zeno').defaultParams,
      config: frictionless('futures', 50),
      candles: sliceCandles(btc1h(), 0, 400),
      tradeFrom: btc1h().time[100],
    });
    if (decision.position === 0) return expect(decision.resting.every((r) => r.type === 'stop')).toBe(true);
    const exits = decision.resting.filter((r) => r.side === (decision.position > 0 ? 'sell' : 'buy'));
    expect(exits.length).toBeGreaterThan(0);
    expect(exits.every((r) => r.type === 'stop')).toBe(true);
  });

  it('makes the backtest itself when nothing is warm-up: the same trades as runBacktest', () => {
    const candles = sliceCandles(btc1h(), 0, 2000);
    const bot = getBot('candles');
    const config = frictionless('futures', 50);
    const live = decideLive({
      strategy: bot.strategy,
      params: bot.defaultParams,
      config,
      candles,
      tradeFrom: candles.time[0],
    });
    const backtest = runBacktest(bot.strategy, bot.defaultParams, candles, config);
    // Every fill against the position is one closed trade of the backtest (no liquidation here).
    let position = 0;
    let closing = 0;
    for (const f of live.fills) {
      const signed = f.order.side === 'buy' ? f.filled : -f.filled;
      if (position * signed < 0) closing++;
      position += signed;
    }
    expect(backtest.trades.length).toBeGreaterThan(5);
    expect(closing).toBe(backtest.trades.length);
    expect(live.position).toBeCloseTo(backtest.openPosition.size, 12);
  });
});
