/**
 * The shipped candles around each published run's listed trades (written by build-candles.ts):
 * `bars` are [open time ms, open, high, low, close], each `barMs` long (several shipped candles
 * merged, so a run's trades fit on about 120 bars).
 */
export type BacktestCandles = Record<
  string,
  { barMs: number; bars: [number, number, number, number, number][] }
>;
