/**
 * One user data stream: a member's Binance key on one market, read through ccxt pro's own
 * watchOrders (spot: the WebSocket API's userDataStream.subscribe.signature; USD-M futures: a
 * listen key, which ccxt makes, keeps alive every 20 minutes and makes anew after -1125 or a lapse).
 * A connection that drops, or is closed after 24 hours, is dialled again after a wait (plan.ts
 * backoffMs) by watching again on the same client; every whole fill of one of our orders is handed
 * to `onFill` as it comes. Whatever happened while it was down is the candle-close lookups' to find.
 */
import { logger } from '#core/logger';
import { countMetric } from '#core/metrics';
import type { Credentials } from '#functions/exchange/clients';
import { binanceStreamClient, type BinanceStreamClient } from '#functions/exchange/stream-client';
import { sharedMarkets } from '#functions/exchange/trading';
import { backoffMs, fillOf, type StreamMarket, type StreamedFill, type StreamedOrder } from './plan';

export interface Watcher {
  /** Connected to the exchange now (ccxt's socket is open). */
  connected(): boolean;
  /** Closes the stream for good; resolves once its loop ended. */
  close(): Promise<void>;
}

export interface WatchOptions {
  credentials: Credentials;
  market: StreamMarket;
  /** For the logs: whose stream (never the key). */
  memberId: string;
  onFill: (fill: StreamedFill) => Promise<void>;
}

export const watchStream = (options: WatchOptions): Watcher => {
  const { market, memberId } = options;
  let closed = false;
  let client: BinanceStreamClient | undefined;
  let wake = () => undefined as void;
  const pause = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });

  const loop = (async () => {
    for (let attempt = 0; !closed; attempt++) {
      try {
        if (!client) {
          client = await binanceStreamClient(options.credentials, market);
          client.setMarkets((await sharedMarkets(market)) as never);
        }
        if (attempt > 0) countMetric('StreamReconnects');
        for (;;) {
          const orders = (await client.watchOrders()) as StreamedOrder[];
          attempt = 0;
          for (const order of orders) {
            const fill = fillOf(order);
            if (fill)
              // one fill's failure (the table away for a moment) leaves it to the candle-close lookup
              await options.onFill(fill).catch((error: unknown) =>
                logger.warn('streamed fill not recorded', {
                  memberId,
                  clientOrderId: fill.clientOrderId,
                  error: (error as Error).message,
                }),
              );
          }
        }
      } catch (error) {
        if (closed) break;
        logger.info('user stream dropped', { memberId, market, attempt, error: (error as Error).message });
        await pause(backoffMs(attempt, Math.random()));
      }
    }
  })();

  return {
    connected: () =>
      Object.values((client?.clients ?? {}) as Record<string, { isConnected?: boolean }>).some(
        (c) => c.isConnected === true,
      ),
    async close() {
      closed = true;
      wake();
      await client?.close().catch(() => undefined);
      await loop;
    },
  };
};
