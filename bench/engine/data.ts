import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { repeatCandles } from '#engine/candles';
import { loadCandles } from '#engine/data/load-candles';
import type { Candles } from '#engine/types';

const MILLION = 1_000_000;

/** The shipped hourly and 15-minute BTC series, end to end and repeated to a million candles. */
export function millionCandles(): Candles {
  return repeatCandles([loadCandles('BTCUSDT', '1h'), loadCandles('BTCUSDT', '15m')], MILLION);
}

setFlagsFromString('--expose-gc');
/** A full garbage collection, so one contender's garbage is not collected on another's time. */
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Best of `runs` timings in milliseconds of CPU time (user + system) of this process, not wall time:
 * on a machine shared with other engineers' jobs (load averages of 10-20 on 2 cores were seen) a
 * wall-clock timing measures mostly the waiting for a core. The first run also warms the JIT up.
 * Each run starts after a full, untimed garbage collection; the collections a run itself causes
 * are timed (GC helper threads included, which only makes a figure more conservative).
 */
export function bestOf(runs: number, fn: () => unknown): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    collectGarbage();
    const t0 = process.cpuUsage();
    fn();
    const used = process.cpuUsage(t0);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

export const pad = (s: string | number, n: number) => String(s).padStart(n);

/**
 * Best timing of each contender over `rounds` rounds, the contenders taking turns within a round,
 * so a burst of load from other processes hits all of them rather than one.
 */
export function bestOfInterleaved(rounds: number, fns: readonly ((() => unknown) | null)[]): number[] {
  const best = fns.map(() => Number.NaN);
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, k) => {
      if (fn === null) return;
      const ms = bestOf(1, fn);
      if (!(ms >= best[k])) best[k] = ms;
    });
  }
  return best;
}
