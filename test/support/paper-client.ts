/** The tests' window on the paper exchange: a ccxt client of a member's key. */
import { binanceClient } from '#functions/exchange/clients';
import type { PaperKey } from './exchange';

/**
 * A ccxt Binance client of a paper key, as a test reads the exchange with the member's key. ccxt's
 * own limiter is off, as on the executor's clients (functions/exchange/trading.ts): it would space a
 * test's reads by their weight (~0.7 s for a position, orders, trades and balance) while the paper
 * exchange counts that weight itself.
 */
export const exchangeOf = (key: PaperKey, market: 'spot' | 'futures') => {
  const client = binanceClient(key, market);
  client.enableRateLimit = false;
  return client;
};
