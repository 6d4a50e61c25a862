/** Node-only: reads the shipped gzip CSV candles from data/market into typed arrays. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { concatCandles, parseCandlesCsv, resampleCandles } from '../candles';
import { HOUR_MS } from '../published/periods';
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

/**
 * Every shipped candle of a symbol as the hourly bots see it: the hourly file (2017-2023), then the
 * 2024-2026 15-minute file merged into hours (as the published runs merge it). The 2021 15-minute
 * files repeat hours the hourly file has and are left out.
 */
export function loadHourlyHistory(symbol: string): Candles {
  const hourly = loadCandles(symbol, '1h');
  const recent = resampleCandles(loadCandles(symbol, '15m'), HOUR_MS);
  if (recent.time[0] <= hourly.time[hourly.length - 1]) throw new Error(`${symbol}: the files overlap`);
  return concatCandles(hourly, recent);
}
