/**
 * The in-sample / out-of-sample split of the shipped candles (docs/strategies.md, "Research
 * protocol"). Parameters and designs are chosen on the in-sample period only
 * (scripts/search-parameters.ts); the out-of-sample periods are run only to report
 * (scripts/report-designs.ts, once per design; scripts/publish-backtests.ts for the shipped one).
 */
export interface Period {
  /** The shipped file's candles; a bot runs on its own interval (hourly), merging finer candles. */
  readonly interval: '1h' | '15m';
  /** The file's suffix: '' or '-2021H1' (data/market/SOURCES.md). */
  readonly suffix: string;
  /** Inclusive start and exclusive end, epoch ms UTC (the data may start later or end earlier). */
  readonly from: number;
  readonly to: number;
}

/** Hourly 2017-08-17 (first candle) to the end of 2020: parameters and designs are chosen here. */
export const IN_SAMPLE: Period = {
  interval: '1h',
  suffix: '',
  from: Date.UTC(2017, 0, 1),
  to: Date.UTC(2021, 0, 1),
};

/**
 * The published periods: hourly 2021-01-01 to the end of the hourly data (2023-03-03), and every
 * 15-minute candle of 2024-2026 (BTC from 2024-07-10, ETH from 2025-04-30) merged into hourly candles.
 */
export const OUT_OF_SAMPLE: readonly Period[] = [
  { interval: '1h', suffix: '', from: Date.UTC(2021, 0, 1), to: Date.UTC(2100, 0, 1) },
  { interval: '15m', suffix: '', from: Date.UTC(2024, 0, 1), to: Date.UTC(2100, 0, 1) },
];

/**
 * The 2021 15-minute files (2021-01-12 to 2021-06-05), merged into hourly candles: reported in the
 * research log, not published, because they repeat the first months of the hourly period (they
 * check that the merge gives the hourly bot the same market).
 */
export const OUT_OF_SAMPLE_2021H1: Period = {
  interval: '15m',
  suffix: '-2021H1',
  from: Date.UTC(2021, 0, 1),
  to: Date.UTC(2100, 0, 1),
};

export const HOUR_MS = 3_600_000;
