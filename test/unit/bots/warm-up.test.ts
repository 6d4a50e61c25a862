/**
 * A live deployment replays the history its strategy needs before its first candle (registry
 * warmUpCandles): every shipped bot's indicators are defined by then, and a freshly deployed bot
 * enters on its first candle where its backtest, over years of history, enters.
 */
import { describe, expect, it } from 'vitest';
import { Backtest, type ModelFill } from '#engine/backtest/backtest';
import { deploymentModel } from '#engine/backtest/settings';
import { sliceCandles } from '#engine/candles';
import { Bollinger, Donchian, ZScore } from '#engine/indicators/bands';
import { Ema } from '#engine/indicators/moving-averages';
import { Atr, Rsi } from '#engine/indicators/oscillators';
import { Adx, Macd } from '#engine/indicators/trend';
import { BOT_IDS, getBot, MIN_WARM_UP_CANDLES, warmUpCandles } from '#engine/strategies/registry';
import { Regime } from '#engine/strategies/regime';
import { RealisedVolatility } from '#engine/strategies/volatility';
import type { AccountView, Candles } from '#engine/types';
import { decide } from '#functions/bots/model';
import type { CandlesItem } from '#functions/bots/store';
import { btc1h } from '../engine/real-candles';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const candles = btc1h();

/**
 * A candle that opens a UTC day, from which the daily EMA takes longest to be known, followed by
 * hours without a gap for the longest warm-up (an exchange outage would stretch the days' count).
 */
const LONGEST = 24 * 200;
const midnight = candles.time.findIndex(
  (t, k) => t % DAY === 0 && candles.time[k + LONGEST] - t === LONGEST * HOUR,
);

/** Whether one field of a strategy's state is an indicator still warming up. */
const warming = (field: unknown): boolean => {
  if (field instanceof Regime) return !field.ready;
  if (field instanceof RealisedVolatility) return !field.isReady;
  if (field instanceof Macd) return Number.isNaN(field.histogram);
  if (field instanceof Bollinger || field instanceof Donchian) return Number.isNaN(field.middle);
  if (field instanceof Ema || field instanceof Atr || field instanceof Rsi) return Number.isNaN(field.value);
  if (field instanceof Adx || field instanceof ZScore) return Number.isNaN(field.value);
  return false;
};

const flat: AccountView = { cash: 1000, positionSize: 0, entryPrice: 0, equity: 1000, markPrice: 0 };

/**
 * The names of the indicators of bot `id` (shipped parameters) still warming after `n` candles
 * from candle `start` on.
 */
const warmingAfter = (id: (typeof BOT_IDS)[number], n: number, start = midnight): string[] => {
  const { strategy, params } = deploymentModel(id, getBot(id).capital);
  const state = strategy.init(params);
  // A deployment's replay may start at any hour of the day.
  const c = sliceCandles(candles, start);
  for (let i = 0; i < n; i++) strategy.onCandle(state, c, i, flat);
  return Object.entries(state)
    .filter(([, field]) => warming(field))
    .map(([name]) => name);
};

describe('warm-up', () => {
  it.each(BOT_IDS)('%s: every indicator is defined at the first candle after its warm-up', (id) => {
    const warmUp = warmUpCandles(id);
    expect(warmUp).toBeGreaterThanOrEqual(MIN_WARM_UP_CANDLES);
    expect(midnight >= 0 && warmUp + 24 <= LONGEST).toBe(true);
    // From whatever hour of the day the replay starts (the daily EMA's first day may be partial).
    for (let hour = 0; hour < 24; hour++)
      expect(warmingAfter(id, warmUp, midnight + hour), `${hour}:00`).toEqual([]);
    // The stated need is the strategy's own, not a guess: one candle less leaves an indicator cold
    // (from a midnight, where a daily EMA of n days takes n whole days).
    const need = getBot(id).strategy.warmUp(deploymentModel(id, getBot(id).capital).params);
    if (need > 0) expect(warmingAfter(id, need - 1)).not.toEqual([]);
  });

  it('covers the slow trend filters of Zeno 3X and Alpha and the daily confirmations of the v4 designs', () => {
    expect(warmUpCandles('zeno3x')).toBe(600);
    expect(warmUpCandles('alfa')).toBe(2400);
    // 50 days of hourly candles for the daily 50-day EMA, 20 for the 20-day one.
    for (const id of ['zeno', 'glint', 'quant'] as const) expect(warmUpCandles(id), id).toBe(1200);
    for (const id of ['candles', 'candles3x', 'nero'] as const) expect(warmUpCandles(id), id).toBe(480);
    // A deployment's own parameters over the shipped ones.
    expect(warmUpCandles('zeno3x', { regimePeriod: 900 })).toBe(900);
  });
});

/** The closed candles up to index `last` as the market's candles item. */
const itemUpTo = (c: Candles, last: number): CandlesItem => {
  const col = (values: Float64Array) => Array.from(values.subarray(0, last + 1));
  return {
    t: col(c.time),
    o: col(c.open),
    h: col(c.high),
    l: col(c.low),
    c: col(c.close),
    v: col(c.volume),
    price: c.close[last],
    updatedAt: new Date(c.time[last] + HOUR).toISOString(),
  };
};

// Zeno 3X's slow EMA of 600 hours; Zeno's daily 50-day EMA and its volatility (design zeno/v4).
describe.each(['zeno3x', 'zeno'] as const)('a freshly deployed %s', (bot) => {
  it('enters on its first candle where its backtest over years of history enters', () => {
    const model = deploymentModel(bot, 50);
    const fills: ModelFill[] = [];
    const bt = new Backtest(model.strategy, model.params, model.config, {
      tradeFrom: candles.time[0],
      onFill: (f) => fills.push(f),
    });
    bt.feed(candles);
    // The backtest's first entry in 2022 while flat since an earlier candle (not the second leg of
    // a flip): a bot deployed the hour before, with nothing to close, trades it.
    const k = fills.findIndex(
      (f, j) => f.time >= Date.UTC(2022, 0, 1) && f.before === 0 && fills[j - 1].time < f.time,
    );
    const entry = { time: fills[k].time, side: fills[k].order.side };
    const last = candles.time.indexOf(entry.time);
    const d = { bot, capital: 50_000_000, params: {}, tradeFrom: entry.time };
    const decision = decide(d, itemUpTo(candles, last), HOUR);
    expect(decision.fills.map((f) => ({ time: f.time, side: f.order.side }))).toEqual([entry]);
  });
});
