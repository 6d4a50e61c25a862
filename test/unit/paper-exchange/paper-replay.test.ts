/**
 * The replay's path and clock, through ccxt over real HTTP: inside a 15-minute candle the price
 * visits the open, the low and the high (in the candle's order) and the close, so a resting order
 * at a candle's low fills in it as the backtester fills it; and a test starts the replay at a
 * chosen candle of the data and moves it with its own clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDLE, MINUTE, btc, findCandle, handClock, servePaper } from './serve';

const c = btc();
// A rising candle whose low and high lie well outside its open and close.
const i = findCandle(
  (k) =>
    c.close[k] > c.open[k] &&
    c.low[k] < c.open[k] * 0.998 &&
    c.high[k] > c.close[k] * 1.002 &&
    c.close[k - 1] === c.open[k],
);
const T0 = Date.UTC(2026, 0, 5, 1, 0);
const HOUR = 4 * CANDLE;
const clock = handClock(T0);
let exchange: Awaited<ReturnType<typeof servePaper>>;

beforeAll(async () => {
  exchange = await servePaper({ now: clock.now, speed: 1, startAt: c.time[i] });
});
afterAll(() => exchange.close());

describe('the paper exchange replay', () => {
  it('starts at the chosen candle and follows the clock candle by candle', async () => {
    const spot = exchange.client(await exchange.account(), 'spot');
    expect((await spot.fetchTicker('BTC/USDT')).last).toBe(c.open[i]);
    clock.advance(CANDLE);
    expect((await spot.fetchTicker('BTC/USDT')).last).toBe(c.open[i + 1]);
    const [previous, current] = await spot.fetchOHLCV('BTC/USDT', '15m', undefined, 2);
    expect(previous).toEqual([T0, c.open[i], c.high[i], c.low[i], c.close[i], expect.any(Number)]);
    expect(current[0]).toBe(T0 + CANDLE);
    clock.set(T0);
  });

  it('serves any stretch of its history as Binance does, so a client can read a long warm-up back page by page', async () => {
    const futures = exchange.client(await exchange.account(), 'futures');
    // The hour opening k hours before T0: four 15-minute candles of the data from i - 4k.
    const hour = (k: number) => {
      const a = i - 4 * k;
      const span = [a, a + 1, a + 2, a + 3];
      return [
        T0 - k * HOUR,
        c.open[a],
        Math.max(...span.map((j) => c.high[j])),
        Math.min(...span.map((j) => c.low[j])),
        c.close[a + 3],
      ];
    };
    // From startTime: the first `limit` hours from it, 3,000 hours back (two requests further
    // than the last 1,500 candles).
    const page = await futures.fetchOHLCV('BTC/USDT', '1h', T0 - 3000 * HOUR, 1000);
    expect(page.map((k) => k.slice(0, 5))).toEqual(Array.from({ length: 1000 }, (_, n) => hour(3000 - n)));
    // endTime alone: the last hours that opened by it, whole.
    const upTo = await futures.fetchOHLCV('BTC/USDT', '1h', undefined, 3, { until: T0 - 2000 * HOUR + 1 });
    expect(upTo.map((k) => k.slice(0, 5))).toEqual([hour(2002), hour(2001), hour(2000)]);
  });

  it("fills a resting buy at the candle's low, and candles show the extremes visited so far", async () => {
    // a fresh exchange at the candle's open (the first test moved the clock)
    const fresh = await servePaper({ now: clock.now, speed: 1, startAt: c.time[i] });
    try {
      const spot = fresh.client(await fresh.account({ spot: { USDT: 10_000 } }), 'spot');
      const order = await spot.createOrder('BTC/USDT', 'limit', 'buy', 0.01, c.low[i]);
      expect(order.status).toBe('open');

      clock.advance(5 * MINUTE); // a third of the candle: open -> low
      const [, partial] = await spot.fetchOHLCV('BTC/USDT', '15m', undefined, 2);
      expect(partial.slice(1, 5)).toEqual([c.open[i], c.open[i], c.low[i], c.low[i]]);
      const filled = await spot.fetchOrder(order.id!, 'BTC/USDT');
      expect(filled).toMatchObject({ status: 'closed', filled: 0.01, average: c.low[i] });

      clock.advance(5 * MINUTE); // two thirds: low -> high
      const [, later] = await spot.fetchOHLCV('BTC/USDT', '15m', undefined, 2);
      expect(later.slice(1, 5)).toEqual([c.open[i], c.high[i], c.low[i], c.high[i]]);
    } finally {
      await fresh.close();
      clock.set(T0);
    }
  });
});
