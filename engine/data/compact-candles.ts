/**
 * The compact candle file the browser backtest downloads (web/src/bots/backtest/market/): a series
 * of candles as integers, so a few years of hourly candles weigh a few hundred KB once gzipped
 * rather than megabytes of CSV, and decode to exactly the numbers the CSV parses to.
 *
 * Layout, little-endian: a header of six 32-bit words (magic, version, candle count, price
 * decimals, step in ms, first open time in steps), then five Int32 columns of `count` values:
 * the open time in steps since the previous candle's, then prices in ticks of 10^-decimals: the
 * close's move from the previous close, the open's gap from the previous close, the high above
 * the candle's body and the low below it. Volume is not kept: no strategy reads it. Pure: no
 * I/O, runs in Node and in a Web Worker.
 */
import { allocateCandles } from '../candles';
import type { Candles } from '../types';

const MAGIC = 0x54584331; // "TXC1"
const VERSION = 1;
const HEADER_WORDS = 6;
const PRICE_COLUMNS = ['open', 'high', 'low', 'close'] as const;

/** Digits after the point of a price as its CSV wrote it (the shortest round-trip form). */
function decimalsOf(x: number): number {
  const text = String(x);
  const point = text.indexOf('.');
  if (text.includes('e')) throw new RangeError(`price ${text} has no fixed-point form`);
  return point < 0 ? 0 : text.length - point - 1;
}

/**
 * Encodes `c` (times a whole number of `stepMs` apart). Throws if a value would not decode to
 * exactly itself, so a file that ships always reproduces the candles it was built from.
 */
export function encodeCompactCandles(c: Candles, stepMs: number): Uint8Array<ArrayBuffer> {
  let decimals = 0;
  for (const column of PRICE_COLUMNS)
    for (let i = 0; i < c.length; i++) decimals = Math.max(decimals, decimalsOf(c[column][i]));
  const scale = 10 ** decimals;
  const words = new Int32Array(HEADER_WORDS + 5 * c.length);
  const first = c.length > 0 ? c.time[0] / stepMs : 0;
  words.set([MAGIC, VERSION, c.length, decimals, stepMs, first]);
  let previousTime = first;
  for (let i = 0; i < c.length; i++) {
    const t = c.time[i] / stepMs;
    words[HEADER_WORDS + i] = t - previousTime;
    previousTime = t;
  }
  // Small numbers gzip well: the close as a move from the previous close, the open as its gap
  // from that close (nearly always 0: the market trades around the clock), and the wicks beyond
  // the candle's body.
  const [closes, opens, highs, lows] = [1, 2, 3, 4].map((k) => HEADER_WORDS + k * c.length);
  let previousClose = 0;
  for (let i = 0; i < c.length; i++) {
    const [open, high, low, close] = PRICE_COLUMNS.map((column) => Math.round(c[column][i] * scale));
    words[closes + i] = close - previousClose;
    words[opens + i] = open - previousClose;
    words[highs + i] = high - Math.max(open, close);
    words[lows + i] = Math.min(open, close) - low;
    previousClose = close;
  }
  const bytes = new Uint8Array(words.buffer);
  const back = decodeCompactCandles(bytes);
  for (let i = 0; i < c.length; i++) {
    const same =
      back.time[i] === c.time[i] && PRICE_COLUMNS.every((column) => back[column][i] === c[column][i]);
    if (!same) throw new RangeError(`candle ${i} (${c.time[i]}) does not survive the compact encoding`);
  }
  return bytes;
}

/** Decodes a file written by encodeCompactCandles (already gunzipped). */
export function decodeCompactCandles(bytes: Uint8Array): Candles {
  // An Int32Array view needs a 4-byte aligned offset (Node's pooled buffers may not have one).
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
  const [magic, version, count, decimals, stepMs, first] = words;
  if (magic !== MAGIC || version !== VERSION)
    throw new Error('not a compact candle file (or a newer version)');
  if (words.length !== HEADER_WORDS + 5 * count) throw new Error('compact candle file is truncated');
  const out = allocateCandles(count);
  let steps = first;
  for (let i = 0; i < count; i++) {
    steps += words[HEADER_WORDS + i];
    out.time[i] = steps * stepMs;
  }
  const scale = 10 ** decimals;
  const [closes, opens, highs, lows] = [1, 2, 3, 4].map((k) => HEADER_WORDS + k * count);
  let previousClose = 0;
  for (let i = 0; i < count; i++) {
    const open = previousClose + words[opens + i];
    const close = previousClose + words[closes + i];
    // Correctly rounded divisions: the same doubles the CSV's decimal text parses to.
    out.open[i] = open / scale;
    out.close[i] = close / scale;
    out.high[i] = (Math.max(open, close) + words[highs + i]) / scale;
    out.low[i] = (Math.min(open, close) - words[lows + i]) / scale;
    previousClose = close;
  }
  return out;
}
