/**
 * The market ticker read at its source: Binance's public combined stream of 24-hour mini tickers
 * (the runtime config's marketStreamUrl; the paper exchange's locally), about one message per
 * symbol a second, costing neither us nor the member anything. Where it cannot be reached (or
 * falls silent) the hook says "down" and the ticker falls back to ours (components/MarketTicker).
 */
import { useEffect, useRef, useState } from 'react';
import { TICKER_SYMBOLS } from '#api/markets';
import type { Ticker, TickerItem } from '#api/schemas/market';

/**
 * No price for this long: the stream is down here. Binance sends each symbol every second, so
 * three silent seconds is a stall, and a page never shows a price older than the 3 s goal without
 * turning to the fallback (docs/operations.md, "The market ticker").
 */
const SILENCE_MS = 3_000;
/** While down, the stream is tried again this often. */
const RETRY_MS = 30_000;

export type StreamState = 'connecting' | 'live' | 'down';

export const miniTickerStreamUrl = (base: string): string =>
  `${base}?streams=${TICKER_SYMBOLS.map((s) => `${s.toLowerCase()}@miniTicker`).join('/')}`;

/** Binance's mini-ticker event (numbers as strings), inside a combined-stream message's `data`. */
interface MiniTicker {
  e: string;
  s: string;
  c: string;
  o: string;
}

/** A combined-stream message as a ticker item (24-hour change from its open and last price); null for anything else. */
export const tickerItemOf = (message: unknown): TickerItem | null => {
  const data = (message as { data?: Partial<MiniTicker> } | null)?.data;
  if (data?.e !== '24hrMiniTicker' || !data.s) return null;
  const last = Number(data.c);
  const open = Number(data.o);
  if (!Number.isFinite(last) || !(open > 0)) return null;
  return { symbol: data.s, lastPrice: last, changePercent: ((last - open) / open) * 100 };
};

/** The ticker with one symbol's item put in (in the ticker's order), as of `at`. */
export const withItem = (ticker: Ticker | undefined, item: TickerItem, at: string): Ticker => {
  const bySymbol = new Map((ticker?.items ?? []).map((i) => [i.symbol, i]));
  bySymbol.set(item.symbol, item);
  return {
    items: TICKER_SYMBOLS.flatMap((symbol) => bySymbol.get(symbol) ?? []),
    updatedAt: at,
  };
};

/** Follows the stream at `url` (none: down at once), handing each price to `onItem`. */
export function useMarketStream(url: string | undefined, onItem: (item: TickerItem) => void): StreamState {
  const [state, setState] = useState<StreamState>(url ? 'connecting' : 'down');
  const handler = useRef(onItem);
  useEffect(() => {
    handler.current = onItem;
  }, [onItem]);

  useEffect(() => {
    if (!url) return;
    let socket: WebSocket | null = null;
    let silence: number | undefined;
    let retry: number | undefined;
    let stopped = false;
    const fail = () => {
      window.clearTimeout(silence);
      if (socket) {
        socket.onclose = null;
        socket.onmessage = null;
        socket.close();
        socket = null;
      }
      if (stopped) return;
      setState('down');
      retry = window.setTimeout(connect, RETRY_MS);
    };
    const listen = () => {
      window.clearTimeout(silence);
      silence = window.setTimeout(fail, SILENCE_MS);
    };
    function connect() {
      try {
        socket = new WebSocket(miniTickerStreamUrl(url!));
      } catch {
        // refused before it started (a URL the page may not open)
        return fail();
      }
      listen();
      socket.onmessage = (event) => {
        let item: TickerItem | null = null;
        try {
          item = tickerItemOf(JSON.parse(String(event.data)));
        } catch {
          // not a price
        }
        if (!item) return;
        listen();
        setState('live');
        handler.current(item);
      };
      // an error is followed by a close
      socket.onclose = fail;
    }
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(silence);
      window.clearTimeout(retry);
      socket?.close();
    };
  }, [url]);

  return state;
}
