/**
 * The in-sample / out-of-sample split of the shipped candles. Parameters are searched on the
 * in-sample period only (scripts/search-parameters.ts); every published figure comes from an
 * out-of-sample period (scripts/publish-backtests.ts), which no parameter was chosen on.
 */
export interface Period {
  readonly interval: '1h' | '15m';
  /** Inclusive start and exclusive end, epoch ms UTC (the data may start later or end earlier). */
  readonly from: number;
  readonly to: number;
}

/** Hourly 2017-08-17 (first candle) to the end of 2020: parameters are chosen here. */
export const IN_SAMPLE: Period = { interval: '1h', from: Date.UTC(2017, 0, 1), to: Date.UTC(2021, 0, 1) };

/**
 * Hourly 2021-01-01 to the end of the hourly data (2023-03-03), and every 15-minute candle
 * (2024-07-10 to 2026-04-25 for BTC, from 2025-04-30 for ETH): nothing was tuned on these.
 */
export const OUT_OF_SAMPLE: readonly Period[] = [
  { interval: '1h', from: Date.UTC(2021, 0, 1), to: Date.UTC(2100, 0, 1) },
  { interval: '15m', from: Date.UTC(2024, 0, 1), to: Date.UTC(2100, 0, 1) },
];
