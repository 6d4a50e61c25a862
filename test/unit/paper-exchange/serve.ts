/**
 * A paper exchange alone on an ephemeral port of node:http, on a clock the test moves by hand, and
 * ccxt clients pointed at it the way the functions point them (binanceClient with
 * EXCHANGE_BINANCE_URL), ccxt pro clients too, with their user data streams on it.
 */
import { createServer, type Server } from 'node:http';
import { pro } from 'ccxt';
import type { AddressInfo } from 'node:net';
import { loadCandles } from '#engine/data/load-candles';
import { startPaperExchange, type PaperExchangeOptions } from '#local/paper-exchange/server';

export const MINUTE = 60_000;
export const CANDLE = 15 * MINUTE;

/** A hand-moved clock: starts at `start`, moves by `advance`. */
export const handClock = (start: number) => {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    set: (ms: number) => {
      t = ms;
    },
  };
};

export const btc = () => loadCandles('BTCUSDT', '15m');

/** The first candle at or after `from` (counted back from the end of the data) that satisfies `test`. */
export const findCandle = (test: (i: number) => boolean, from = 3000): number => {
  const c = btc();
  for (let i = c.length - from; i < c.length - 10; i++) if (test(i)) return i;
  throw new Error('no candle fits');
};

export const servePaper = async (options: PaperExchangeOptions) => {
  const paper = startPaperExchange(options);
  const server: Server = createServer((req, res) => {
    void paper.handle(req, res, new URL(req.url ?? '/', 'http://localhost')).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/paper`;
  const { binanceClient, binanceClientSettings, pointAt } = await import('#functions/exchange/clients');
  const userStreams = await paper.userStreams.serve();

  return {
    paper,
    base,
    async account(opts: { spot?: Record<string, number>; futuresUsdt?: number } = {}) {
      const response = await fetch(`${base}/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(opts),
      });
      return (await response.json()) as { apiKey: string; secret: string };
    },
    /** ccxt for a key, as the functions make it (the URL is read when the client is made). */
    client(key: { apiKey: string; secret: string }, market: 'spot' | 'futures') {
      process.env.EXCHANGE_BINANCE_URL = `${base}/binance`;
      return binanceClient(key, market);
    },
    /**
     * ccxt pro for a key, unchanged, made as the functions make their clients, with its REST URLs
     * and its user data stream URLs (spot WebSocket API, USD-M streams) on the paper exchange.
     */
    async proClient(key: { apiKey: string; secret: string }, market: 'spot' | 'futures') {
      process.env.EXCHANGE_BINANCE_URL = `${base}/binance`;
      const settings = binanceClientSettings(key, market);
      const client = pointAt(market === 'spot' ? new pro.binance(settings) : new pro.binanceusdm(settings));
      const ws = (client.urls.api as { ws: Record<string, unknown> }).ws;
      ws['ws-api'] = { ...(ws['ws-api'] as object), spot: `${userStreams.url}/ws-api/v3` };
      ws.future = `${userStreams.url}/ws`;
      // ccxt's own step before it dials a plain ws:// URL (the paper exchange is not behind TLS)
      await client.loadHttpProxyAgent();
      return client;
    },
    userStreamUrl: userStreams.url,
    async close() {
      await userStreams.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
