import type { Candles } from './types';

/** Allocates an empty series of `length` candles. */
export function allocateCandles(length: number): Candles {
  return {
    length,
    time: new Float64Array(length),
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
    volume: new Float64Array(length),
  };
}

/**
 * Parses the shipped CSV format (`open_time_ms,open,high,low,close,volume`, header first).
 * Pure string work, so it also runs in a browser on a fetched file.
 */
export function parseCandlesCsv(text: string): Candles {
  const lines = text.split('\n');
  let rows = 0;
  for (let l = 1; l < lines.length; l++) if (lines[l].length > 0) rows++;
  const out = allocateCandles(rows);
  let i = 0;
  for (let l = 1; l < lines.length; l++) {
    const line = lines[l];
    if (line.length === 0) continue;
    const f = line.split(',');
    out.time[i] = Number(f[0]);
    out.open[i] = Number(f[1]);
    out.high[i] = Number(f[2]);
    out.low[i] = Number(f[3]);
    out.close[i] = Number(f[4]);
    out.volume[i] = Number(f[5]);
    i++;
  }
  return out;
}

/** A view of candles [start, end) that shares memory with the source. */
export function sliceCandles(c: Candles, start: number, end: number = c.length): Candles {
  return {
    length: end - start,
    time: c.time.subarray(start, end),
    open: c.open.subarray(start, end),
    high: c.high.subarray(start, end),
    low: c.low.subarray(start, end),
    close: c.close.subarray(start, end),
    volume: c.volume.subarray(start, end),
  };
}

/** First index whose open time is >= t (binary search; times increase strictly). */
function indexAtOrAfter(c: Candles, t: number): number {
  let lo = 0;
  let hi = c.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (c.time[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `a` then `b` in one series (the caller keeps the times increasing). */
export function concatCandles(a: Candles, b: Candles): Candles {
  const out = allocateCandles(a.length + b.length);
  for (const column of ['time', 'open', 'high', 'low', 'close', 'volume'] as const) {
    out[column].set(a[column]);
    out[column].set(b[column], a.length);
  }
  return out;
}

/** Candles whose open time is in [fromMs, toMs). */
export function candlesBetween(c: Candles, fromMs: number, toMs: number): Candles {
  return sliceCandles(c, indexAtOrAfter(c, fromMs), indexAtOrAfter(c, toMs));
}

/** Builds candles from plain rows (tests and small hand-made series). */
export function candlesFromRows(
  rows: readonly { time: number; open: number; high: number; low: number; close: number; volume?: number }[],
): Candles {
  const out = allocateCandles(rows.length);
  rows.forEach((r, i) => {
    out.time[i] = r.time;
    out.open[i] = r.open;
    out.high[i] = r.high;
    out.low[i] = r.low;
    out.close[i] = r.close;
    out.volume[i] = r.volume ?? 0;
  });
  return out;
}

/**
 * Repeats `sources` end to end until `length` candles, rescaling each copy so its first open equals
 * the previous copy's last close (prices stay continuous) and shifting time so it keeps increasing.
 * Used by the benchmarks to build a long realistic series from the shipped files.
 */
export function repeatCandles(sources: readonly Candles[], length: number): Candles {
  const out = allocateCandles(length);
  const step = 60_000;
  let n = 0;
  let lastClose = sources[0].open[0];
  let t = sources[0].time[0];
  for (let s = 0; n < length; s = (s + 1) % sources.length) {
    const src = sources[s];
    const scale = lastClose / src.open[0];
    for (let i = 0; i < src.length && n < length; i++, n++) {
      out.time[n] = t;
      t += step;
      out.open[n] = src.open[i] * scale;
      out.high[n] = src.high[i] * scale;
      out.low[n] = src.low[i] * scale;
      out.close[n] = src.close[i] * scale;
      out.volume[n] = src.volume[i];
    }
    lastClose = out.close[n - 1];
  }
  return out;
}

/**
 * Candles merged into UTC-aligned buckets of `bucketMs` (e.g. 15-minute candles into the hourly
 * candles an hourly bot sees): open of the first, highest high, lowest low, close of the last,
 * summed volume, stamped with the bucket's open time. A bucket with missing candles (an outage, the
 * last partial hour of a file) is built from the candles it has.
 */
export function resampleCandles(c: Candles, bucketMs: number): Candles {
  let buckets = 0;
  for (let i = 0; i < c.length; i++)
    if (i === 0 || bucketOf(c.time[i], bucketMs) !== bucketOf(c.time[i - 1], bucketMs)) buckets++;
  const out = allocateCandles(buckets);
  let b = -1;
  for (let i = 0; i < c.length; i++) {
    const t = bucketOf(c.time[i], bucketMs);
    if (b < 0 || out.time[b] !== t) {
      b++;
      out.time[b] = t;
      out.open[b] = c.open[i];
      out.high[b] = c.high[i];
      out.low[b] = c.low[i];
    } else {
      out.high[b] = Math.max(out.high[b], c.high[i]);
      out.low[b] = Math.min(out.low[b], c.low[i]);
    }
    out.close[b] = c.close[i];
    out.volume[b] += c.volume[i];
  }
  return out;
}

const bucketOf = (t: number, bucketMs: number) => Math.floor(t / bucketMs) * bucketMs;
