/**
 * The shipped hourly candles of a symbol, in the browser: fetched the first time a member runs a
 * backtest on that symbol (never with the page), then kept. The files are build assets with a hash
 * in their name, so the browser's cache keeps them for a year and a second visit downloads nothing.
 */
import { decodeCompactCandles } from '../../../../engine/data/compact-candles';
import type { Candles } from '../../../../engine/types';
import type { BacktestSymbol } from './symbols';

/** Written by build-market.ts; `new URL(…, import.meta.url)` makes Vite emit each as a hashed asset. */
const FILES: Record<BacktestSymbol, URL> = {
  BTCUSDT: new URL('./market/BTCUSDT-1h.bin', import.meta.url),
  ETHUSDT: new URL('./market/ETHUSDT-1h.bin', import.meta.url),
};

const loaded = new Map<BacktestSymbol, Promise<Candles>>();

async function download(symbol: BacktestSymbol): Promise<Candles> {
  const response = await fetch(FILES[symbol]);
  if (!response.ok || !response.body) throw new Error(`The ${symbol} candles could not be downloaded.`);
  const bytes = await new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  return decodeCompactCandles(new Uint8Array(bytes));
}

/** Every shipped hourly candle of `symbol` (one download per symbol and page life). */
export function symbolHistory(symbol: BacktestSymbol): Promise<Candles> {
  let history = loaded.get(symbol);
  if (!history) {
    history = download(symbol);
    // A failed download is tried again next time rather than remembered.
    history.catch(() => loaded.delete(symbol));
    loaded.set(symbol, history);
  }
  return history;
}
