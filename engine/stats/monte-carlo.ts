import type { Trade } from '../backtest/account';

/**
 * Trade-order Monte Carlo: the trades' returns on the equity they were made with, drawn again with
 * replacement in a random order, `samples` times; the 5th percentile of the compounded return is
 * how bad the same edge could plausibly have come out. (Shuffling without replacement would change
 * only the path, not the compounded return.) Seeded, so the published figure reproduces.
 */
export function tradeMonteCarlo5thPct(
  trades: readonly Trade[],
  time: Float64Array,
  equity: Float64Array,
  capital: number,
  samples = 1000,
): number | null {
  const n = trades.length;
  if (n === 0) return null;
  const returns = new Float64Array(n);
  let j = 0;
  for (let k = 0; k < n; k++) {
    // The equity at the close before the trade's exit candle: what the trade's PnL was made on.
    while (j < time.length && time[j] < trades[k].exitTime) j++;
    const before = j > 0 ? equity[j - 1] : capital;
    returns[k] = before > 0 ? trades[k].pnl / before : 0;
  }
  const random = mulberry32(0x5eed);
  const finals = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    let growth = 1;
    for (let k = 0; k < n; k++) growth *= 1 + returns[Math.floor(random() * n)];
    finals[s] = (growth - 1) * 100;
  }
  finals.sort();
  return finals[Math.floor(0.05 * (samples - 1))];
}

/** A small seeded PRNG (mulberry32), uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
