/**
 * A paper exchange alone on an ephemeral port of node:http, on a clock the test moves by hand, and
 * ccxt clients pointed at it the way the functions point them (binanceClient with
 * EXCHANGE_BINANCE_URL).
 */
import { createServer, type Server } from 'node:http';
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
  const { binanceClient } = await import('#functions/exchange/clients');

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
    async close() {
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
