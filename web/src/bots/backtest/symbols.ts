import coverageData from './market/coverage.json';

/** The symbols a member can backtest in the browser: the bots' own (BTC, ETH for Glint) and the manual DCA's. */
export const BACKTEST_SYMBOLS = ['BTCUSDT', 'ETHUSDT'] as const;
export type BacktestSymbol = (typeof BACKTEST_SYMBOLS)[number];

/** The shipped candles of a symbol: first and last open time, and the holes in the data longer than a week (epoch ms). */
export interface Coverage {
  readonly first: number;
  readonly last: number;
  readonly gaps: readonly (readonly [number, number])[];
}

/** Written by build-market.ts with the candle files. */
export const COVERAGE = coverageData as unknown as Record<BacktestSymbol, Coverage>;
