/** Node-only: reads the shipped gzip CSV candles from data/market into typed arrays. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseCandlesCsv } from '../candles';
import type { Candles } from '../types';

const MARKET_DIR = fileURLToPath(new URL('../../data/market/', import.meta.url));
const cache = new Map<string, Candles>();

/** Path of the shipped file for a symbol and interval, e.g. data/market/BTCUSDT-1h.csv.gz. */
function candlesFilePath(symbol: string, interval: string, suffix = ''): string {
  return `${MARKET_DIR}${symbol}-${interval}${suffix}.csv.gz`;
}

/** Loads (and memoises) one shipped series. `suffix` selects e.g. the '-2021H1' files. */
export function loadCandles(symbol: string, interval: string, suffix = ''): Candles {
  const path = candlesFilePath(symbol, interval, suffix);
  const hit = cache.get(path);
  if (hit) return hit;
  if (!existsSync(path)) throw new Error(`No shipped candles for ${symbol} ${interval}${suffix} (${path})`);
  const candles = parseCandlesCsv(gunzipSync(readFileSync(path)).toString('utf8'));
  cache.set(path, candles);
  return candles;
}
