/**
 * Market data: the latest ticker of BTC, ETH, XRP and BNB (last price, 24-hour change), read from
 * Binance's public 24-hour ticker (the paper exchange locally), kept in the table and pushed on
 * the WebSocket 'ticker' topic.
 */
import type { Ticker } from '#api/schemas/market';
import { now, nowIso } from '#core/clock';
import { config } from '#core/config';
import { logger } from '#core/logger';
import { pushToTopic } from '#functions/realtime/service';
import { readTicker, saveTicker } from './store';

const binanceBase = () => (process.env.EXCHANGE_BINANCE_URL ?? 'https://api.binance.com').replace(/\/$/, '');

/** One public call for the four symbols. */
const fetchTicker = async (): Promise<Ticker> => {
  const symbols = encodeURIComponent(JSON.stringify(config.market.symbols));
  const response = await fetch(`${binanceBase()}/api/v3/ticker/24hr?symbols=${symbols}`, {
    signal: AbortSignal.timeout(config.exchange.timeoutMs),
  });
  if (!response.ok) throw new Error(`ticker answered ${response.status}`);
  const rows = (await response.json()) as { symbol: string; lastPrice: string; priceChangePercent: string }[];
  const bySymbol = new Map(rows.map((r) => [r.symbol, r]));
  return {
    items: config.market.symbols.flatMap((symbol) => {
      const row = bySymbol.get(symbol);
      return row
        ? [{ symbol, lastPrice: Number(row.lastPrice), changePercent: Number(row.priceChangePercent) }]
        : [];
    }),
    updatedAt: nowIso(),
  };
};

/** One poll: read, keep, push. */
export const refreshTicker = async (): Promise<Ticker> => {
  const ticker = await fetchTicker();
  await saveTicker(ticker);
  await pushToTopic('ticker', { type: 'ticker', data: ticker });
  return ticker;
};

/**
 * The latest ticker. The schedule keeps it fresh; should it be older than one poll (the schedule
 * between runs, or not running), this read refreshes it, and a stale one beats none.
 */
export const getTicker = async (): Promise<Ticker> => {
  const stored = await readTicker();
  if (stored && now().getTime() - Date.parse(stored.updatedAt) < config.market.pollSeconds * 1000)
    return stored;
  try {
    const ticker = await fetchTicker();
    await saveTicker(ticker);
    return ticker;
  } catch (error) {
    logger.warn('ticker read failed', { error: error as Error });
    if (stored) return stored;
    throw error;
  }
};
