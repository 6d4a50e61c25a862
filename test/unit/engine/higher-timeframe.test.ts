import { describe, expect, it } from 'vitest';
import { Backtest, runBacktest } from '#engine/backtest/backtest';
import { defaultConfig } from '#engine/backtest/config';
import { HigherTimeframeEma } from '#engine/indicators/higher-timeframe';
import { enterOrders } from '#engine/strategies/orders';
import { Regime } from '#engine/strategies/regime';
import { BOTS } from '#engine/strategies/registry';
import { entrySizing, RealisedVolatility } from '#engine/strategies/volatility';
import { zenoStrategy, type ZenoParams } from '#engine/strategies/zeno';
import { closes, frictionless, ramp, T0 } from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Feeds hourly closes from T0 (a UTC midnight) and returns the EMA after each candle. */
function feed(ema: HigherTimeframeEma, xs: readonly number[], start = T0): number[] {
  return xs.map((x, k) => ema.update(start + k * HOUR, x));
}

describe('the daily EMA built from hourly candles', () => {
  it('takes a day in at the close of its last hour, never before, with that hour close', () => {
    const ema = new HigherTimeframeEma(DAY, 2);
    // Day 1 closes at 10, day 2 at 20: the 23:00 candle of each day is the last.
    const day1 = [...Array<number>(23).fill(5), 10];
    const day2 = [...Array<number>(23).fill(50), 20];
    const values = feed(ema, [...day1, ...day2, 99]);
    // Warm-up (2 days): NaN until day 2's last hour closes, then the mean of the two daily closes.
    expect(values.slice(0, 47).every(Number.isNaN)).toBe(true);
    expect(values[47]).toBe(15);
    // The first hour of day 3 does not move it: day 3 is not over.
    expect(values[48]).toBe(15);
    expect(ema.lastClose).toBe(20);
  });

  it('gives at each candle what the candles up to it give (no look-ahead)', () => {
    const xs = Array.from({ length: 24 * 30 }, (_, k) => 100 + 10 * Math.sin(k / 17) + k / 50);
    const full = feed(new HigherTimeframeEma(DAY, 5), xs);
    for (const cut of [100, 333, 500]) {
      const changed = [...xs.slice(0, cut), ...xs.slice(cut).map((x) => x * 3)];
      expect(feed(new HigherTimeframeEma(DAY, 5), changed).slice(0, cut)).toEqual(full.slice(0, cut));
    }
  });

  it('closes a day whose last hours are missing when the next day begins, with the last close seen', () => {
    const ema = new HigherTimeframeEma(DAY, 1);
    ema.update(T0, 1);
    ema.update(T0 + HOUR, 2);
    ema.update(T0 + 20 * HOUR, 7); // 21:00 to 23:00 missing
    expect(Number.isNaN(ema.value)).toBe(true);
    expect(ema.update(T0 + DAY, 8)).toBe(7);
    // The next day completes normally at its 23:00 candle.
    expect(ema.update(T0 + DAY + 23 * HOUR, 9)).toBe(9);
  });

  it('says up when the last day closed above the EMA, down below it, nothing on it or while it warms up', () => {
    const daily = (closesPerDay: number[]) => {
      const ema = new HigherTimeframeEma(DAY, 3);
      feed(
        ema,
        closesPerDay.flatMap((x) => Array<number>(24).fill(x)),
      );
      return ema.direction;
    };
    expect(daily([10, 11, 12, 13, 14])).toBe(1);
    expect(daily([14, 13, 12, 11, 10])).toBe(-1);
    expect(daily([10, 10, 10, 10])).toBe(0);
    expect(daily([10, 11])).toBe(0);
  });
});

describe('the regime filter with the daily confirmation', () => {
  it('allows a long only while the daily trend is up, a short only while it is down', () => {
    const regime = new Regime({ regimePeriod: 0, shorts: true, trendDays: 3 });
    const rising = Array.from({ length: 5 * 24 }, (_, k) => 100 + Math.floor(k / 24));
    const up = closes(rising);
    for (let i = 0; i < up.length; i++) regime.update(up, i);
    expect(regime.allows(1, 104)).toBe(true);
    expect(regime.allows(-1, 104)).toBe(false);
    const falling = new Regime({ regimePeriod: 0, shorts: true, trendDays: 3 });
    const down = closes(rising.map((x) => 200 - x));
    for (let i = 0; i < down.length; i++) falling.update(down, i);
    expect(falling.allows(1, 96)).toBe(false);
    expect(falling.allows(-1, 96)).toBe(true);
  });
});

describe('volatility-targeted sizing (v4 designs)', () => {
  it('takes the exposure that aims the position at the target volatility, capped at the leverage', () => {
    const volatility = new RealisedVolatility(4);
    const r = 0.01;
    // Log returns +r, -r, +r, -r: mean 0, per-candle volatility r, hourly candles.
    const prices = [100, 100 * Math.exp(r), 100, 100 * Math.exp(r), 100];
    const c = closes(prices);
    for (let i = 0; i < c.length; i++) volatility.update(c, i);
    const params = { riskPct: 1, leverage: 3, fraction: 0.5, targetVol: 0.3, volPeriod: 4 };
    const sizing = entrySizing(params, volatility)!;
    const exposure = 0.3 / (r * Math.sqrt(8760));
    expect(sizing.exposure).toBeCloseTo(exposure, 10);
    const account = { cash: 1000, positionSize: 0, entryPrice: 0, equity: 1000, markPrice: 100 };
    const [buy] = enterOrders(account, 1, 100, 99, sizing, 'test');
    // The whole exposure, not the 1 % risk at the stop one point away (10 units).
    expect(buy.size).toBeCloseTo((1000 * 0.5 * exposure) / 100, 10);
    expect(entrySizing({ ...params, targetVol: 100 }, volatility)!.exposure).toBe(3);
  });

  it('sizes by the risk at the stop without a target, and enters nothing until the volatility is known', () => {
    const params = { riskPct: 1, leverage: 1, fraction: 0.95, targetVol: 0, volPeriod: 5 };
    expect(entrySizing(params, null)).toBe(params);
    expect(entrySizing({ ...params, targetVol: 0.3 }, new RealisedVolatility(5))).toBeNull();
  });

  it('keeps Zeno out until a full window of returns is seen, then sizes by it', () => {
    const p: ZenoParams = {
      ...(BOTS.zeno.defaultParams as ZenoParams),
      regimePeriod: 0,
      trendDays: 0,
      shorts: true,
      fastPeriod: 2,
      slowPeriod: 4,
      atrPeriod: 2,
      targetVol: 0.3,
      volPeriod: 30,
    };
    const series = [
      ...ramp(10, 110, 100),
      ...ramp(10, 101, 110),
      ...ramp(10, 109, 100),
      ...ramp(20, 101, 120),
    ];
    const early = runBacktest(zenoStrategy, p, closes(series), frictionless('futures', 1000));
    // The first crosses come before 30 returns: no trade opens on them.
    expect(early.trades.every((t) => t.entryTime >= T0 + 30 * HOUR)).toBe(true);
    expect(early.trades.length + (early.openPosition.size !== 0 ? 1 : 0)).toBeGreaterThan(0);
  });
});

describe("a v4 bot's cockpit", () => {
  it('shows its daily EMA and its volatility warming up, then their values', () => {
    const bot = BOTS.zeno;
    const bt = new Backtest(bot.strategy, bot.defaultParams, defaultConfig(bot.market, bot.capital));
    const days = 55;
    const series = Array.from({ length: days * 24 }, (_, k) => 100 + 5 * Math.sin(k / 40) + k / 100);
    const c = closes(series);
    const read = () => Object.fromEntries(bt.signalInputs().map((i) => [i.name, i.value]));
    bt.feed(c);
    const after = read();
    // 50 daily closes are in: the EMA of them; a week of returns: the yearly volatility.
    expect(after['Daily EMA 50']).toBeGreaterThan(100);
    expect(after['Volatility (a year)']).toBeGreaterThan(0);
    const early = new Backtest(bot.strategy, bot.defaultParams, defaultConfig(bot.market, bot.capital));
    early.feed(closes(series.slice(0, 24 * 10)));
    const warming = Object.fromEntries(early.signalInputs().map((i) => [i.name, i.value]));
    expect(warming['Daily EMA 50']).toBeNaN();
    expect(warming['Volatility (a year)']).toBeGreaterThan(0);
    // A design without either (Zeno 3X) shows its averages only.
    const plain = new Backtest(BOTS.zeno3x.strategy, BOTS.zeno3x.defaultParams, defaultConfig('futures', 50));
    plain.feed(c);
    expect(plain.signalInputs().map((i) => i.name)).toEqual(['EMA 20', 'EMA 50', 'Gap']);
  });
});
