import { candlesFromRows } from '#engine/candles';
import { defaultConfig, type BacktestConfig } from '#engine/backtest/config';
import type { Candles, Market } from '#engine/types';

const HOUR = 3_600_000;
/** 2024-01-01 00:00 UTC. */
export const T0 = Date.UTC(2024, 0, 1);

export interface Bar {
  open?: number;
  high?: number;
  low?: number;
  close: number;
}

/** Hourly candles from bars; open defaults to the previous close, high/low to the body. */
export function hourly(bars: readonly Bar[]): Candles {
  let previous = bars[0].open ?? bars[0].close;
  return candlesFromRows(
    bars.map((b, i) => {
      const open = b.open ?? previous;
      previous = b.close;
      return {
        time: T0 + i * HOUR,
        open,
        high: b.high ?? Math.max(open, b.close),
        low: b.low ?? Math.min(open, b.close),
        close: b.close,
      };
    }),
  );
}

export const closes = (xs: readonly number[]): Candles => hourly(xs.map((close) => ({ close })));

/** A market with no fees, slippage or funding, so expected numbers stay simple. */
export function frictionless(market: Market, capital: number): BacktestConfig {
  return { ...defaultConfig(market, capital), makerFee: 0, takerFee: 0, slippage: 0, fundingRate: 0 };
}

export const flat = (n: number, price = 100): number[] => Array.from({ length: n }, () => price);
export const ramp = (n: number, from: number, to: number): number[] =>
  Array.from({ length: n }, (_, i) => from + ((to - from) * (i + 1)) / n);
