import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Backtest } from '#engine/backtest/backtest';
import { defaultConfig } from '#engine/backtest/config';
import { candlesFromRows, sliceCandles } from '#engine/candles';
import { BOTS, type BotId } from '#engine/strategies/registry';
import type { Candles } from '#engine/types';
import { T0 } from './helpers';

const HOUR = 3_600_000;

/** A random walk of hourly candles with wicks, from a list of per-candle moves in percent. */
const candlesArb = fc
  .array(fc.tuple(fc.double({ min: -6, max: 6, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true })), {
    minLength: 50,
    maxLength: 400,
  })
  .map((moves): Candles => {
    let close = 100;
    return candlesFromRows(
      moves.map(([move, wick], i) => {
        const open = close;
        close = Math.max(1, open * (1 + move / 100));
        const high = Math.max(open, close) * (1 + wick / 100);
        const low = Math.min(open, close) * (1 - wick / 100);
        return { time: T0 + i * HOUR, open, high, low, close };
      }),
    );
  });

/** Every kind of bot with its production parameters (the walks are long enough for most to trade). */
const botArb = fc.constantFrom<BotId>(
  'universal',
  'aibot',
  'dcaking',
  'dca',
  'classic',
  'alfa',
  'zeno3x',
  'candles3x',
  'glint',
  'nero',
  'quant',
);

function start(id: BotId) {
  const bot = BOTS[id];
  return new Backtest(bot.strategy, bot.defaultParams, defaultConfig(bot.market, bot.capital));
}

describe('backtester properties', () => {
  it('never spends more than it has, and equity is cash plus the marked position at every step', () => {
    fc.assert(
      fc.property(botArb, candlesArb, (id, candles) => {
        const bt = start(id);
        const a = bt.account;
        const futures = BOTS[id].market === 'futures';
        for (let i = 0; i < candles.length; i++) {
          bt.feed(sliceCandles(candles, i, i + 1));
          expect(a.cash).toBeGreaterThanOrEqual(0);
          if (!futures) expect(a.positionSize).toBeGreaterThanOrEqual(0);
          const close = candles.close[i];
          const marked = futures
            ? a.margin + a.positionSize * (close - a.entryPrice)
            : a.positionSize * close;
          expect(Math.abs(a.equity - (a.cash + marked))).toBeLessThanOrEqual(1e-9 * Math.max(1, a.equity));
          // Spending the capital means cash + locked margin (or cost) never exceeds what was earned.
          const locked = futures ? a.margin : a.positionSize * a.entryPrice;
          const realised = a.trades.reduce((s, t) => s + t.pnl, 0);
          expect(a.cash + locked).toBeLessThanOrEqual(BOTS[id].capital + realised + 1e-6);
        }
      }),
      { numRuns: 60, seed: 42 },
    );
  });

  it('gives the same result however the candles are chunked', () => {
    fc.assert(
      fc.property(botArb, candlesArb, fc.array(fc.nat(), { maxLength: 8 }), (id, candles, cuts) => {
        const whole = start(id);
        whole.feed(candles);
        const chunked = start(id);
        const bounds = [...new Set(cuts.map((c) => c % candles.length))].sort((x, y) => x - y);
        let from = 0;
        for (const to of [...bounds, candles.length]) {
          chunked.feed(sliceCandles(candles, from, to));
          from = to;
        }
        const a = whole.result();
        const b = chunked.result();
        expect(b.equity).toEqual(a.equity);
        expect(b.trades).toEqual(a.trades);
      }),
      { numRuns: 60, seed: 7 },
    );
  });
});
