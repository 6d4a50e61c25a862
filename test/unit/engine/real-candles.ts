/** Shared fixtures: the shipped real candles, loaded once per test file. */
import { loadCandles } from '#engine/data/load-candles';

export const btc1h = () => loadCandles('BTCUSDT', '1h');
export const eth15m = () => loadCandles('ETHUSDT', '15m');

/**
 * |a - b| within 1e-9 relative to the larger magnitude, with `floor` as the smallest magnitude
 * considered (series that cross zero, like MACD, are compared relative to the price scale).
 */
export function expectClose(actual: number, expected: number, floor = 0): void {
  const scale = Math.max(Math.abs(actual), Math.abs(expected), floor);
  if (!(Math.abs(actual - expected) <= 1e-9 * scale)) {
    throw new Error(`expected ${actual} to be within 1e-9 (relative) of ${expected}`);
  }
}
