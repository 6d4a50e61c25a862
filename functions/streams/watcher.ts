/**
 * One user data stream: a member's Binance key on one market, read through ccxt pro's own
 * watchOrders (spot: the WebSocket API's userDataStream.subscribe.signature; USD-M futures: a
 * listen key, which ccxt makes, keeps alive every 20 minutes and makes anew after -1125 or a lapse).
 * A connection that drops, or is closed after 24 hours, is dialled again after a wait (plan.ts
 * backoffMs) by watching again on the same client; every whole fill of one of our orders is handed
 * to `onFill` as it comes, with its trades when the stream told them all (plan.ts heardFillOf: ccxt
 * keeps each TRADE event's trade, fee included, on the order it belongs to). Whatever happened while
 * it was down is the candle-close lookups' to find.
 */
import { NetworkError } from '#ccxt/base/errors.js';
import type WsClient from '#ccxt/base/ws/WsClient.js';
import { DcaSymbol } from '#api/schemas/bots';
import { logger } from '#core/logger';
import { wakeablePause } from '#core/pause';
import { BOT_LIST } from '#engine/strategies/registry';
import { countMetric } from '#core/metrics';
import { sharedMarkets, type Credentials } from '#functions/exchange/service';
import { binanceStreamClient, type BinanceStreamClient } from './client';
import {
  backoffMs,
  changeOf,
  fillOf,
  type StreamMarket,
  type StreamedFill,
  type StreamedOrder,
} from './plan';

export interface Watcher {
  /** Connected to the exchange now (ccxt's socket is open). */
  connected(): boolean;
  /**
   * Since when (wall clock, ms) it has heard every change of the account without a gap: when its
   * connection opened, or its last fill that could not be recorded; undefined while down.
   */
  upSince(): number | undefined;
  /** Closes the stream for good; resolves once its loop ended. */
  close(): Promise<void>;
}

export interface WatchOptions {
  credentials: Credentials;
  market: StreamMarket;
  /** For the logs: whose stream (never the key). */
  memberId: string;
  onFill: (fill: StreamedFill) => Promise<void>;
  /** An order changed other than by a whole fill (plan.ts changeOf). */
  onChange: (change: StreamedFill) => Promise<void>;
  /** The connection dropped: told at once, not at the service's next pass. */
  onDrop: () => Promise<void>;
}

/**
 * The next watch asks for the listen key again: Binance's POST answers the live one (extended) or,
 * after a lapse or -1125, a new one. ccxt would dial its cached key again until its own 20-minute
 * keepalive failed, and a lapsed key's stream is refused.
 */
const forgetListenKey = (client: BinanceStreamClient) => {
  const options = client.options as Record<string, Record<string, unknown> | undefined>;
  options.future = { ...options.future, listenKey: undefined, lastAuthenticatedTime: 0 };
};

/**
 * Binance pushes `listenKeyExpired` when a key lapsed (a keepalive lost) and then nothing more on
 * that connection; ccxt has no handler for it. Here it ends the connection's watches, so the watch
 * loop dials again on a new key.
 */
const endOnLapse = (client: BinanceStreamClient) => {
  const handle = client.handleMessage.bind(client);
  client.handleMessage = (ws: WsClient, message: unknown) => {
    if ((message as { e?: string } | null)?.e !== 'listenKeyExpired') return handle(ws, message);
    ws.reset(new NetworkError('listen key expired'));
    ws.close();
  };
};

/**
 * ccxt makes futures no caller awaits (the spot stream's subscription makes one ahead of its
 * request, for callers that come meanwhile): a connection dropped while it subscribes rejects it
 * unhandled, and an unhandled rejection ends the Node process, every stream of the task with it
 * (found by the exchange-chaos test's stream drop). Each future of the stream's sockets is marked
 * handled here; whoever awaits one still meets its rejection.
 */
const handleOrphanFutures = (client: BinanceStreamClient) => {
  const socketOf = client.client.bind(client);
  const marked = new WeakSet<WsClient>();
  client.client = (url: string) => {
    const ws = socketOf(url);
    if (!marked.has(ws)) {
      marked.add(ws);
      const future = ws.future.bind(ws);
      ws.future = (messageHash: string) => {
        const made = future(messageHash);
        made.catch(() => undefined);
        return made;
      };
    }
    return ws;
  };
};

/** What the bots trade: all a stream needs to read their orders. */
const TRADED = new Set<string>([...BOT_LIST.map((b) => b.symbol), ...DcaSymbol.options]);

/**
 * The container's shared markets, but only the bots' symbols: ccxt copies the markets it is given
 * into each client, and Binance lists thousands (a client of all spot markets holds megabytes; one
 * without them about 430 KB, measured).
 */
const tradedMarkets = async (market: StreamMarket) =>
  (await sharedMarkets(market)).filter((m) => TRADED.has(String((m as { id?: string }).id)));

/** How long a connection must have stayed open before it vouches for anything (Watcher.upSince). */
const LASTED_MS = 3_000;

export const watchStream = (options: WatchOptions): Watcher => {
  const { market, memberId } = options;
  let closed = false;
  let client: BinanceStreamClient | undefined;
  /** When a change heard could not be recorded: what it told is the lookups' to find again. */
  let gapAt = 0;
  const { pause, wake } = wakeablePause();

  /** When ccxt's socket of this stream last opened (0: never). */
  const openedAt = () =>
    Math.max(
      0,
      ...Object.values((client?.clients ?? {}) as Record<string, { connectionEstablished?: number }>).map(
        (c) => c.connectionEstablished ?? 0,
      ),
    );

  const loop = (async () => {
    // failed dials in a row: a connection that opened and then dropped starts the waits again
    let failures = 0;
    while (!closed) {
      const began = Date.now();
      try {
        if (!client) {
          client = await binanceStreamClient(options.credentials, market);
          client.setMarkets((await tradedMarkets(market)) as never);
          handleOrphanFutures(client);
          if (market === 'futures') endOnLapse(client);
        }
        for (;;) {
          const orders = (await client.watchOrders()) as StreamedOrder[];
          const updates = orders.map((order) => {
            const fill = fillOf(order);
            return { fill, change: fill ? null : changeOf(order) };
          });
          // A fill whose trades the stream told goes first: a futures stop's own update (which
          // carries no trades) would otherwise look up the fill its triggered order's trades tell.
          updates.sort((a, b) => Number(Boolean(b.fill?.heard)) - Number(Boolean(a.fill?.heard)));
          for (const { fill, change } of updates) {
            const told = fill ? options.onFill(fill) : change ? options.onChange(change) : null;
            // one failure (the table away for a moment) leaves it to the candle-close lookups: the
            // stream vouches for nothing before it (upSince)
            await told?.catch((error: unknown) => {
              gapAt = Date.now();
              logger.warn('streamed order update not recorded', {
                memberId,
                clientOrderId: (fill ?? change)!.clientOrderId,
                error: (error as Error).message,
              });
            });
          }
        }
      } catch (error) {
        if (closed) break;
        if (client && market === 'futures') forgetListenKey(client);
        failures = openedAt() >= began ? 0 : failures + 1;
        await options
          .onDrop()
          .catch((dropError: unknown) =>
            logger.warn('user stream drop not told', { memberId, error: (dropError as Error).message }),
          );
        logger.info('user stream dropped', { memberId, market, failures, error: (error as Error).message });
        await pause(backoffMs(failures, Math.random()));
        countMetric('StreamReconnects');
      }
    }
  })();

  // ccxt's own `isConnected` stays true on a client whose socket died of an error (its onClose keeps
  // such a client): the socket itself is asked.
  const connected = () =>
    Object.values((client?.clients ?? {}) as Record<string, { isOpen?: () => boolean }>).some(
      (c) => c.isOpen?.() === true,
    );
  return {
    connected,
    // a connection counts once it has lasted: one the exchange drops as it subscribes never does
    upSince: () =>
      connected() && openedAt() > 0 && Date.now() - openedAt() >= LASTED_MS
        ? Math.max(openedAt(), gapAt)
        : undefined,
    async close() {
      closed = true;
      wake();
      await client?.close().catch(() => undefined);
      await loop;
    },
  };
};
