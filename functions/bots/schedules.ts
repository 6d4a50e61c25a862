/**
 * The bot tick (api/schedules.ts botTick, every minute): reads the market's candles once per
 * symbol and interval for the whole fleet and keeps them in the table, then sends one message per
 * running bot to the order queue, where the executor (executor.ts) acts for it.
 */
import { nowIso } from '#core/clock';
import { logger } from '#core/logger';
import { countMetric } from '#core/metrics';
import { fetchCandles, intervalMs, type Kline } from '#functions/exchange/service';
import { BOT_LIST, warmUpCandles } from '#engine/strategies/registry';
import { sendTicks } from './queue';
import { getCandles, pageRunningDeployments, saveCandles, savePrice, type CandlesItem } from './store';

/** Candles a deployment replays after its warm-up before it falls back on the oldest kept: ~29 days of 1 hour. */
const HISTORY_SINCE_DEPLOYMENT = 700;

/** Candles per request: Binance's spot maximum (futures allows 1,500). */
const PAGE = 1000;

/**
 * Candles asked for after the stored ones: under 100 a futures request weighs 1 instead of the
 * 10 of a 1,001-candle read (spot's weighs 2 either way), for a tick that mostly finds none closed.
 */
const SINCE_PAGE = 99;

interface Series {
  readonly market: (typeof BOT_LIST)[number]['market'];
  readonly symbol: string;
  readonly interval: (typeof BOT_LIST)[number]['interval'];
  /**
   * Candles kept: the longest warm-up of the bots trading the series and ~29 days since
   * deployment. The most, futures BTCUSDT's 3,100 (Alpha's 2,400-candle trend filter), stay under
   * ~210 KB even at 17 significant digits a number, within DynamoDB's 400 KB item; every bot's
   * executor reads the item each candle, so a series keeps no more than its bots need.
   */
  readonly kept: number;
}

/** Every (market, symbol, interval) a bot trades; the manual DCA also trades ETHUSDT on spot. */
const SERIES: readonly Series[] = [
  ...[
    ...BOT_LIST.map((b) => ({ ...b, warmUp: warmUpCandles(b.id) })),
    { market: 'spot' as const, symbol: 'ETHUSDT', interval: '1h' as const, warmUp: warmUpCandles('dca') },
  ]
    .reduce((all, { market, symbol, interval, warmUp }) => {
      const key = `${market}|${symbol}|${interval}`;
      const kept = Math.max(warmUp + HISTORY_SINCE_DEPLOYMENT, all.get(key)?.kept ?? 0);
      return all.set(key, { market, symbol, interval, kept });
    }, new Map<string, Series>())
    .values(),
];

const storedRows = (item: CandlesItem | null): Kline[] =>
  item
    ? item.t.map((time, k) => ({
        time,
        open: item.o[k],
        high: item.h[k],
        low: item.l[k],
        close: item.c[k],
        volume: item.v[k],
      }))
    : [];

/**
 * The series' `kept` closed candles up to `closed`'s last: the stored ones that join `closed`
 * without a gap, then pages read backwards from the exchange while the history is short (a new
 * series, a window kept shorter before, or a tick stopped for a while), until the exchange has
 * nothing older: that oldest candle is remembered, so a short history costs one request, not one a tick.
 */
const withHistory = async (
  { symbol, market, interval, kept }: Series,
  stored: CandlesItem | null,
  closed: Kline[],
): Promise<{ rows: Kline[]; oldest?: number }> => {
  if (closed.length >= kept) return { rows: closed.slice(-kept) };
  const step = intervalMs(interval);
  const storedClosed = storedRows(stored);
  const joins =
    storedClosed.length > 0 && storedClosed[storedClosed.length - 1].time >= closed[0].time - step;
  let rows = [...(joins ? storedClosed.filter((r) => r.time < closed[0].time) : []), ...closed];
  let oldest = joins ? stored?.oldest : undefined;
  while (rows.length < kept && rows[0].time !== oldest) {
    const first = rows[0].time;
    const wanted = Math.min(PAGE, kept - rows.length);
    const older = (await fetchCandles(symbol, market, interval, wanted, first - wanted * step)).filter(
      (r) => r.time < first,
    );
    // A gap in what came back would put unrelated candles side by side: keep what joins, no more.
    if (older.length === 0 || older[older.length - 1].time !== first - step) oldest = first;
    else rows = [...older, ...rows];
  }
  return { rows: rows.slice(-kept), ...(oldest !== undefined ? { oldest } : {}) };
};

/**
 * What the exchange has after the stored candles: the ones closed since (oldest first) and the
 * forming one last, in one small request; null where that cannot be told from it (nothing stored,
 * a history still short, a gap longer than the page, or an exchange whose history no longer reaches
 * the stored candles).
 */
const sinceStored = async (
  { symbol, market, interval, kept }: Series,
  stored: CandlesItem | null,
): Promise<Kline[] | null> => {
  // A history still short of what the series keeps is read whole, to page back (withHistory).
  if (!stored?.t.length || (stored.t.length < kept && stored.t[0] !== stored.oldest)) return null;
  const next = stored.t[stored.t.length - 1] + intervalMs(interval);
  const rows = await fetchCandles(symbol, market, interval, SINCE_PAGE, next);
  return rows.length > 0 && rows.length < SINCE_PAGE && rows[0].time === next ? rows : null;
};

/**
 * Keeps each series' closed candles and current price in the table, for the whole fleet. Between
 * two closes (59 ticks of 60 on an hour) it asks the exchange only what came after the stored
 * candles and writes only the price; a close appends the new candles. Reading the whole window
 * again (one request reaches back 1,000 candles, the warm-ups more) is for a new series or a gap.
 */
export const refreshCandles = async (): Promise<void> => {
  await Promise.all(
    SERIES.map(async (series) => {
      const { market, symbol, interval } = series;
      const stored = await getCandles(market, symbol, interval);
      const fresh = await sinceStored(series, stored);
      if (fresh?.length === 1) {
        await savePrice(market, symbol, interval, fresh[0].close, nowIso());
        return;
      }
      const rows = fresh
        ? [...storedRows(stored), ...fresh]
        : await fetchCandles(symbol, market, interval, PAGE + 1);
      if (rows.length < 2) return;
      const { rows: closed, oldest } = fresh
        ? { rows: rows.slice(-series.kept - 1, -1), oldest: stored?.oldest }
        : await withHistory(series, stored, rows.slice(0, -1));
      await saveCandles(market, symbol, interval, {
        ...(oldest !== undefined ? { oldest } : {}),
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
