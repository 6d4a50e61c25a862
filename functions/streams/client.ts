/**
 * A ccxt pro client of a member's Binance key for its user data stream, in the stream service's
 * own domain so that only it bundles ccxt pro and its WebSocket client (the functions' bundles
 * stay as they are: test/infra/stack.test.ts). Made as the exchange domain makes its clients. REST
 * goes where `binanceClient` points (pointAt: the futures listen-key calls); when
 * EXCHANGE_BINANCE_USER_STREAM_URL is set (the local stack: the paper exchange's user streams), the
 * spot WebSocket API and the USD-M streams go there, else to Binance's own hosts.
 */
import binancePro from '#ccxt/pro/binance.js';
import binanceusdmPro from '#ccxt/pro/binanceusdm.js';
import { binanceClientSettings, pointAt, type Credentials } from '#functions/exchange/service';

export const binanceStreamClient = async (credentials: Credentials, market: 'spot' | 'futures') => {
  const settings = binanceClientSettings(credentials, market);
  const client = pointAt(market === 'spot' ? new binancePro(settings) : new binanceusdmPro(settings));
  const streams = process.env.EXCHANGE_BINANCE_USER_STREAM_URL?.replace(/\/$/, '');
  if (streams) {
    const ws = (client.urls.api as { ws: Record<string, unknown> }).ws;
    ws['ws-api'] = { ...(ws['ws-api'] as object), spot: `${streams}/ws-api/v3` };
    ws.future = `${streams}/ws`;
    // ccxt pro's own step before it dials a plain ws:// URL (the paper exchange has no TLS)
    await client.loadHttpProxyAgent();
  }
  return client;
};

export type BinanceStreamClient = Awaited<ReturnType<typeof binanceStreamClient>>;
