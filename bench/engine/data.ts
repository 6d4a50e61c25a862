import { repeatCandles } from '#engine/candles';
import { loadCandles } from '#engine/data/load-candles';
import type { Candles } from '#engine/types';

export const MILLION = 1_000_000;

/** The shipped hourly and 15-minute BTC series, end to end and repeated to a million candles. */
export function millionCandles(): Candles {
  return repeatCandles([loadCandles('BTCUSDT', '1h'), loadCandles('BTCUSDT', '15m')], MILLION);
}

/** Best of `runs` timings in milliseconds (the first run also warms the JIT up). */
export function bestOf(runs: number, fn: () => unknown): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

export const pad = (s: string | number, n: number) => String(s).padStart(n);
