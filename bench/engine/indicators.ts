/**
 * Indicator benchmark: each indicator over 1,000,000 real candles, ours (batch over Float64Array)
 * against `technicalindicators` and `trading-signals`, measured in the same run.
 *
 *   npx tsx bench/engine/indicators.ts        (about a minute on one core; npm run bench:engine runs both)
 */
import * as ti from 'technicalindicators';
import * as ts from 'trading-signals';
import { adx, atr, bollinger, donchian, ema, macd, rsi, sma, zscore } from '#engine/indicators/index';
import { bestOfInterleaved, millionCandles, pad } from './data';

const c = millionCandles();
const close = Array.from(c.close);
const hlc = Array.from({ length: c.length }, (_, i) => ({
  high: c.high[i],
  low: c.low[i],
  close: c.close[i],
}));
const high = Array.from(c.high);
const low = Array.from(c.low);

function feed<T>(indicator: { update(x: T, replace: boolean): unknown }, xs: readonly T[]): void {
  for (const x of xs) indicator.update(x, false);
}

type Case = [
  name: string,
  ours: () => unknown,
  technicalindicators: (() => unknown) | null,
  tradingSignals: (() => unknown) | null,
];

const cases: Case[] = [
  [
    'SMA(20)',
    () => sma(c.close, 20),
    () => ti.SMA.calculate({ period: 20, values: close }),
    () => feed(new ts.SMA(20), close),
  ],
  [
    'EMA(50)',
    () => ema(c.close, 50),
    () => ti.EMA.calculate({ period: 50, values: close }),
    () => feed(new ts.EMA(50), close),
  ],
  [
    'RSI(14)',
    () => rsi(c.close, 14),
    () => ti.RSI.calculate({ period: 14, values: close }),
    () => feed(new ts.RSI(14), close),
  ],
  [
    'ATR(14)',
    () => atr(c.high, c.low, c.close, 14),
    () => ti.ATR.calculate({ period: 14, high, low, close }),
    () => feed(new ts.ATR(14), hlc),
  ],
  [
    'Bollinger(20,2)',
    () => bollinger(c.close, 20, 2),
    () => ti.BollingerBands.calculate({ period: 20, stdDev: 2, values: close }),
    () => feed(new ts.BollingerBands(20, 2), close),
  ],
  [
    'MACD(12,26,9)',
    () => macd(c.close),
    () =>
      ti.MACD.calculate({
        fastPeriod: 12,
        slowPeriod: 26,
        signalPeriod: 9,
        values: close,
        SimpleMAOscillator: false,
        SimpleMASignal: false,
      }),
    () => feed(new ts.MACD(new ts.EMA(12), new ts.EMA(26), new ts.EMA(9)), close),
  ],
  [
    'ADX(14)',
    () => adx(c.high, c.low, c.close, 14),
    () => ti.ADX.calculate({ period: 14, high, low, close }),
    () => feed(new ts.ADX(14), hlc),
  ],
  ['Donchian(20)', () => donchian(c.high, c.low, 20), null, () => feed(new ts.DonchianChannels(20), hlc)],
  ['z-score(20)', () => zscore(c.close, 20), () => ti.SD.calculate({ period: 20, values: close }), null],
];

console.log(`${c.length} candles; CPU time, best of 5 rounds, the three taking turns in each round`);
console.log(
  `${'indicator'.padEnd(16)}${pad('ours ms', 10)}${pad('ti ms', 10)}${pad('ts ms', 10)}${pad('vs faster', 11)}`,
);
for (const [name, ours, tiRun, tsRun] of cases) {
  const [o, a, b] = bestOfInterleaved(5, [ours, tiRun, tsRun]);
  const faster = Math.min(Number.isNaN(a) ? Infinity : a, Number.isNaN(b) ? Infinity : b);
  const f = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));
  console.log(
    `${name.padEnd(16)}${pad(f(o), 10)}${pad(f(a), 10)}${pad(f(b), 10)}${pad((faster / o).toFixed(1) + 'x', 11)}`,
  );
}
console.log(
  'ti = technicalindicators 3.1 (z-score row: its SD alone); ts = trading-signals 8.3 (no z-score).',
);
