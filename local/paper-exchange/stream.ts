/**
 * Binance's public market streams, the part the web app reads, on a port of their own as Binance
 * serves them on a host of their own (wss://stream.binance.com:9443):
 *  - the combined stream `/stream?streams=btcusdt@miniTicker/ethusdt@miniTicker`, each message
 *    `{ "stream": "btcusdt@miniTicker", "data": <event> }`;
 *  - the raw stream `/ws/btcusdt@miniTicker`, each message the event alone.
 * The event is Binance's 24-hour mini ticker, field for field (numbers as strings): e
 * "24hrMiniTicker", E event time, s symbol, c last price, o open 24 hours ago, h high, l low,
 * v base volume, q quote volume; pushed once a second per symbol, from the replay's prices (the
 * same figures as GET /api/v3/ticker/24hr). A stream name it does not serve sends nothing, as a
 * symbol Binance does not list.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PaperMarket } from './accounts';
import { SYMBOLS } from './engine';
import { num } from './wire';

/** What the streams read of the paper market: its clock and its replayed prices. */
type StreamedMarket = Pick<PaperMarket, 'now' | 'replay'>;

/** Binance pushes the mini ticker every 1000 ms. */
const PUSH_MS = 1_000;
const MINI_TICKER = /^([a-z0-9]+)@miniticker$/;

/** The mini-ticker event of one symbol now, as Binance words it. */
export const miniTicker = (market: StreamedMarket, symbol: string) => {
  const at = market.now();
  const s = market.replay.stats24h(symbol, at);
  const d = SYMBOLS[symbol].pricePrecision;
  return {
    e: '24hrMiniTicker',
    E: at,
    s: symbol,
    c: num(s.last, d),
    o: num(s.open, d),
    h: num(s.high, d),
    l: num(s.low, d),
    v: num(s.volume),
    q: num(s.volume * s.last),
  };
};

/** The stream names a connection asked for (lower case, as Binance's), from its path and query. */
const streamsOf = (url: URL): string[] => {
  if (url.pathname === '/stream') return (url.searchParams.get('streams') ?? '').split('/').filter(Boolean);
  const raw = /^\/ws\/(.+)$/.exec(url.pathname);
  return raw ? [decodeURIComponent(raw[1])] : [];
};

export interface PaperStream {
  /** e.g. ws://localhost:41234/stream (the web config's marketStreamUrl). */
  url: string;
  close(): Promise<void>;
}

/** Serves the streams on `port` (0: any free port) of the loopback interface. */
export const startPaperStream = async (market: StreamedMarket, port = 0): Promise<PaperStream> => {
  const server: Server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: -1, msg: 'Streams are WebSocket only.' }));
  });
  const wss = new WebSocketServer({ server });
  const followers = new Map<WebSocket, { combined: boolean; symbols: Map<string, string> }>();
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const names = streamsOf(url);
    if (url.pathname !== '/stream' && names.length === 0) return ws.close(1008, 'Unknown stream path.');
    const symbols = new Map<string, string>();
    for (const name of names) {
      const symbol = MINI_TICKER.exec(name.toLowerCase())?.[1].toUpperCase();
      if (symbol && SYMBOLS[symbol]) symbols.set(symbol, name);
    }
    followers.set(ws, { combined: url.pathname === '/stream', symbols });
    ws.on('close', () => followers.delete(ws));
  });

  // One event per symbol a second, worded once and written to every socket that follows it.
  const push = () => {
    const wanted = new Set([...followers.values()].flatMap((f) => [...f.symbols.keys()]));
    const events = new Map([...wanted].map((symbol) => [symbol, miniTicker(market, symbol)]));
    for (const [ws, follower] of followers)
      for (const [symbol, name] of follower.symbols) {
        const data = events.get(symbol);
        ws.send(JSON.stringify(follower.combined ? { stream: name, data } : data));
      }
  };
  const timer = setInterval(push, PUSH_MS);
  timer.unref();

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `ws://localhost:${bound}/stream`,
    close: async () => {
      clearInterval(timer);
      for (const ws of followers.keys()) ws.terminate();
      await new Promise((resolve) => wss.close(resolve));
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
