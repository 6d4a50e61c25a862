import { describe, expect, it } from 'vitest';
import * as ti from 'technicalindicators';
import * as ts from 'trading-signals';
import {
  Adx,
  Atr,
  Bollinger,
  Donchian,
  Ema,
  Macd,
  Rsi,
  Sma,
  ZScore,
  adx,
  atr,
  bollinger,
  donchian,
  ema,
  macd,
  rsi,
  sma,
  zscore,
} from '#engine/indicators/index';
import type { Candles } from '#engine/types';
import { btc1h, eth15m, expectClose } from './real-candles';

const candleSets = [
  ['BTCUSDT 1h', btc1h()],
  ['ETHUSDT 15m', eth15m()],
] as const;

/** Compares our series against a reference that starts `offset` candles late (its warm-up). */
function expectSeries(ours: Float64Array, reference: readonly number[], offset: number, floor = 0): void {
  expect(ours.length - offset).toBe(reference.length);
  for (let i = 0; i < offset; i++) expect(ours[i]).toBeNaN();
  for (let j = 0; j < reference.length; j++) expectClose(ours[offset + j], reference[j], floor);
}

/** Feeds trading-signals one value at a time; null (warm-up) becomes NaN. */
function tsSeries<T>(n: number, step: (i: number) => T | null, pick: (r: T) => number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = step(i);
    out.push(r === null ? Number.NaN : pick(r));
  }
  return out;
}

/**
 * The candles with every tie between the rise of the high and the fall of the low broken (the low
 * nudged down by a millionth): on a tie Wilder credits neither direction and trading-signals both,
 * so the reference comparison runs where the two rules agree (the tie itself is tested apart).
 */
function untied(c: Candles): { high: Float64Array; low: Float64Array; close: Float64Array } {
  const low = Float64Array.from(c.low);
  for (let i = 1; i < c.length; i++) {
    const rise = c.high[i] - c.high[i - 1];
    if (rise > 0 && rise === low[i - 1] - low[i]) low[i] -= low[i] * 1e-6;
  }
  return { high: c.high, low, close: c.close };
}

function firstDefined(xs: readonly number[]): number {
  return xs.findIndex((x) => !Number.isNaN(x));
}

describe.each(candleSets)('indicators on %s', (_name, c) => {
  const close = Array.from(c.close);
  const priceFloor = c.close[0];

  it('SMA matches technicalindicators and trading-signals', () => {
    const ours = sma(c.close, 20);
    expectSeries(ours, ti.SMA.calculate({ period: 20, values: close }), 19);
    const ref = new ts.SMA(20);
    const tsOut = tsSeries(
      c.length,
      (i) => ref.update(c.close[i], false),
      (x) => x,
    );
    expectSeries(ours, tsOut.slice(19), 19);
  });

  it('EMA (SMA-seeded) matches technicalindicators', () => {
    expectSeries(ema(c.close, 50), ti.EMA.calculate({ period: 50, values: close }), 49);
  });

  it('RSI (Wilder) matches trading-signals', () => {
    const ref = new ts.RSI(14);
    const tsOut = tsSeries(
      c.length,
      (i) => ref.update(c.close[i], false),
      (x) => x,
    );
    expect(firstDefined(tsOut)).toBe(14);
    expectSeries(rsi(c.close, 14), tsOut.slice(14), 14);
  });

  it('ATR (Wilder) matches trading-signals', () => {
    const ref = new ts.ATR(14);
    const tsOut = tsSeries(
      c.length,
      (i) => ref.update({ high: c.high[i], low: c.low[i], close: c.close[i] }, false),
      (x) => x,
    );
    expectSeries(atr(c.high, c.low, c.close, 14), tsOut.slice(13), 13);
  });

  it('Bollinger bands match trading-signals and technicalindicators', () => {
    const ours = bollinger(c.close, 20, 2);
    const ref = new ts.BollingerBands(20, 2);
    const results = Array.from(c.close, (x) => ref.update(x, false));
    const defined = results.slice(19);
    expectSeries(
      ours.middle,
      defined.map((r) => r!.middle),
      19,
    );
    expectSeries(
      ours.upper,
      defined.map((r) => r!.upper),
      19,
    );
    expectSeries(
      ours.lower,
      defined.map((r) => r!.lower),
      19,
    );
    const tiOut = ti.BollingerBands.calculate({ period: 20, stdDev: 2, values: close });
    expectSeries(
      ours.upper,
      tiOut.map((r) => r.upper),
      19,
    );
  });

  it('MACD (12, 26, 9) matches technicalindicators with EMA oscillators', () => {
    const ours = macd(c.close, 12, 26, 9);
    const ref = ti.MACD.calculate({
      fastPeriod: 12,
      slowPeriod: 26,
      signalPeriod: 9,
      values: close,
      SimpleMAOscillator: false,
      SimpleMASignal: false,
    });
    expectSeries(
      ours.macd,
      ref.map((r) => r.MACD!),
      25,
      priceFloor,
    );
    const withSignal = ref.slice(8);
    expectSeries(
      ours.signal,
      withSignal.map((r) => r.signal!),
      25 + 8,
      priceFloor,
    );
    expectSeries(
      ours.histogram,
      withSignal.map((r) => r.histogram!),
      25 + 8,
      priceFloor,
    );
  });

  it('ADX, +DI and -DI match trading-signals wherever the two agree (no tied moves)', () => {
    const { high, low, close: cl } = untied(c);
    const ours = adx(high, low, cl, 14);
    const ref = new ts.ADX(14);
    const adxRef: number[] = [];
    const pdi: number[] = [];
    const mdi: number[] = [];
    for (let i = 0; i < c.length; i++) {
      const r = ref.update({ high: high[i], low: low[i], close: cl[i] }, false);
      adxRef.push(r ?? Number.NaN);
      pdi.push(ref.pdi === undefined ? Number.NaN : ref.pdi * 100);
      mdi.push(ref.mdi === undefined ? Number.NaN : ref.mdi * 100);
    }
    expect(firstDefined(adxRef)).toBe(26);
    expectSeries(ours.adx, adxRef.slice(26), 26);
    expectSeries(ours.plusDI, pdi.slice(13), 13);
    expectSeries(ours.minusDI, mdi.slice(13), 13);
  });

  it('Donchian channels match trading-signals', () => {
    const ours = donchian(c.high, c.low, 20);
    const ref = new ts.DonchianChannels(20);
    const results = Array.from({ length: c.length }, (_, i) =>
      ref.update({ high: c.high[i], low: c.low[i] }, false),
    );
    const defined = results.slice(19);
    expectSeries(
      ours.upper,
      defined.map((r) => r!.upper),
      19,
    );
    expectSeries(
      ours.lower,
      defined.map((r) => r!.lower),
      19,
    );
  });

  it('z-score matches (close - SMA) / SD from technicalindicators', () => {
    const mean = ti.SMA.calculate({ period: 30, values: close });
    const sd = ti.SD.calculate({ period: 30, values: close });
    const expected = sd.map((s, j) => (close[29 + j] - mean[j]) / s);
    expectSeries(zscore(c.close, 30), expected, 29, 1);
  });
});

describe('batch equals streaming, whatever the chunking', () => {
  const c = btc1h();
  const n = 5000;
  it.each([
    ['SMA', () => sma(c.close.subarray(0, n), 9), () => new Sma(9)],
    ['EMA', () => ema(c.close.subarray(0, n), 9), () => new Ema(9)],
    ['RSI', () => rsi(c.close.subarray(0, n), 9), () => new Rsi(9)],
    ['z-score', () => zscore(c.close.subarray(0, n), 9), () => new ZScore(9)],
  ] as const)(
    '%s',
    (_name: string, batch: () => Float64Array, stream: () => { update(x: number): number }) => {
      const expected = batch();
      const s = stream();
      for (let i = 0; i < n; i++) expect(Object.is(s.update(c.close[i]), expected[i])).toBe(true);
    },
  );

  it('candle-input indicators (ATR, ADX, Bollinger, Donchian, MACD)', () => {
    const h = c.high.subarray(0, n);
    const l = c.low.subarray(0, n);
    const cl = c.close.subarray(0, n);
    const batchAtr = atr(h, l, cl, 7);
    const batchAdx = adx(h, l, cl, 7);
    const batchBb = bollinger(cl, 7, 2.5);
    const batchDc = donchian(h, l, 7);
    const batchMacd = macd(cl, 5, 9, 4);
    const [a, x, b, d, m] = [
      new Atr(7),
      new Adx(7),
      new Bollinger(7, 2.5),
      new Donchian(7),
      new Macd(5, 9, 4),
    ];
    for (let i = 0; i < n; i++) {
      expect(Object.is(a.update(h[i], l[i], cl[i]), batchAtr[i])).toBe(true);
      expect(Object.is(x.update(h[i], l[i], cl[i]), batchAdx.adx[i])).toBe(true);
      expect(Object.is(x.plusDI, batchAdx.plusDI[i])).toBe(true);
      b.update(cl[i]);
      expect(Object.is(b.upper, batchBb.upper[i])).toBe(true);
      d.update(h[i], l[i]);
      expect(Object.is(d.lower, batchDc.lower[i])).toBe(true);
      m.update(cl[i]);
      expect(Object.is(m.signal, batchMacd.signal[i])).toBe(true);
    }
  });

  it('the dedicated batch loops (SMA, EMA, ATR, Donchian, RSI, MACD) equal streaming over a whole series', () => {
    const { high: h, low: l, close: cl } = c;
    let mismatches = 0;
    const same = (a: number, b: number) => {
      if (!Object.is(a, b)) mismatches++;
    };
    for (const period of [1, 2, 20, 200]) {
      const [s, e, a, d] = [new Sma(period), new Ema(period), new Atr(period), new Donchian(period)];
      const [bs, be, ba, bd] = [
        sma(cl, period),
        ema(cl, period),
        atr(h, l, cl, period),
        donchian(h, l, period),
      ];
      for (let i = 0; i < c.length; i++) {
        same(s.update(cl[i]), bs[i]);
        same(e.update(cl[i]), be[i]);
        same(a.update(h[i], l[i], cl[i]), ba[i]);
        same(d.update(h[i], l[i]), bd.middle[i]);
        same(d.upper, bd.upper[i]);
        same(d.lower, bd.lower[i]);
      }
      const [r, m] = [new Rsi(period), new Macd(period, period * 2 + 1, period + 1)];
      const [br, bm] = [rsi(cl, period), macd(cl, period, period * 2 + 1, period + 1)];
      for (let i = 0; i < c.length; i++) {
        same(r.update(cl[i]), br[i]);
        same(m.update(cl[i]), bm.histogram[i]);
        same(m.macd, bm.macd[i]);
        same(m.signal, bm.signal[i]);
      }
    }
    expect(mismatches).toBe(0);
    // Shorter than the period: all NaN.
    const short = cl.subarray(0, 3);
    for (const series of [
      sma(short, 5),
      ema(short, 5),
      atr(short, short, short, 5),
      donchian(short, short, 5).upper,
    ])
      expect(Array.from(series).every(Number.isNaN)).toBe(true);
  });

  it('rolling extremes handle windows of 1 and exact ties', () => {
    const d = new Donchian(1);
    d.update(5, 1);
    d.update(3, 2);
    expect([d.upper, d.lower]).toEqual([3, 2]);
    const t = new Donchian(3);
    for (const v of [2, 2, 2, 1, 1]) t.update(v, v);
    expect([t.upper, t.lower]).toEqual([2, 1]);
  });
});

describe('ADX on a tie (Wilder)', () => {
  it('credits neither direction when the high rises exactly as far as the low falls', () => {
    // Every candle widens by 1 on both sides: Wilder's +DM and -DM are both 0, so are +DI and -DI.
    const a = new Adx(3);
    for (let i = 0; i < 12; i++) a.update(100 + i, 100 - i, 100);
    expect(a.plusDI).toBe(0);
    expect(a.minusDI).toBe(0);
    expect(a.value).toBe(0);
  });

  it('credits the larger move when they differ', () => {
    const a = new Adx(3);
    for (let i = 0; i < 12; i++) a.update(100 + 2 * i, 100 - i, 100);
    expect(a.plusDI).toBeGreaterThan(0);
    expect(a.minusDI).toBe(0);
  });
});
