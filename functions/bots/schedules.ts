/**
 * The bot tick (api/schedules.ts botTick, every minute): reads the market's candles once per
 * symbol and interval for the whole fleet and keeps them in the table, then sends one message per
 * running bot to the order queue, where the executor (executor.ts) acts for it.
 */
import { nowIso } from '#core/clock';
import { logger } from '#core/logger';
import { countMetric } from '#core/metrics';
import { fetchCandles } from '#functions/exchange/service';
import { BOT_LIST } from '#engine/strategies/registry';
import { sendTicks } from './queue';
import { pageRunningDeployments, saveCandles } from './store';

/** Candles kept per series: 300 of warm-up and ~29 days of 1-hour history since deployment. */
const CANDLES_KEPT = 1000;

/** Every (market, symbol, interval) a bot trades; the manual DCA also trades ETHUSDT on spot. */
const SERIES = [
  ...new Map(
    [
      ...BOT_LIST.map((b) => ({ market: b.market, symbol: b.symbol, interval: b.interval })),
      { market: 'spot' as const, symbol: 'ETHUSDT', interval: '1h' as const },
    ].map((s) => [`${s.market}|${s.symbol}|${s.interval}`, s]),
  ).values(),
];

/** Reads each series once and stores its closed candles (Binance answers the forming one last). */
export const refreshCandles = async (): Promise<void> => {
  await Promise.all(
    SERIES.map(async ({ market, symbol, interval }) => {
      const rows = await fetchCandles(symbol, market, interval, CANDLES_KEPT + 1);
      if (rows.length < 2) return;
      const closed = rows.slice(0, -1);
      await saveCandles(market, symbol, interval, {
        t: closed.map((r) => r.time),
        o: closed.map((r) => r.open),
        h: closed.map((r) => r.high),
        l: closed.map((r) => r.low),
        c: closed.map((r) => r.close),
        v: closed.map((r) => r.volume),
        price: rows[rows.length - 1].close,
        updatedAt: nowIso(),
      });
    }),
  );
};

export const tick = async (event: { time?: string } = {}): Promise<{ dispatched: number }> => {
  const at = event.time ? Date.parse(event.time) : Date.now();
  const minute = Math.floor(at / 60_000) * 60_000;
  await refreshCandles();
  let dispatched = 0;
  let cursor: string | undefined;
  do {
    const page = await pageRunningDeployments(cursor);
    await sendTicks(page.ids.map((deploymentId) => ({ deploymentId, tick: minute })));
    dispatched += page.ids.length;
    cursor = page.cursor;
  } while (cursor);
  logger.info('bot tick dispatched', { dispatched });
  countMetric('BotsActive', dispatched);
  return { dispatched };
};
