/**
 * A paper exchange stopped and another started on the same file (as `npm start` twice does, or
 * after a crash: the first has nothing to close, so its stop is as hard as a kill): the replay
 * goes on where it would be, resting orders, futures stops, isolated margins and the funding
 * clock carry on, and what fell due while it was down happens on the first request.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CANDLE, MINUTE, btc, findCandle, handClock, servePaper } from './serve';

const c = btc();
const BTC = 'BTC/USDT';
const PERP = 'BTC/USDT:USDT';
const dir = mkdtempSync(join(tmpdir(), 'paper-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A limit 0.4 % under candle k's open that the 36 candles from k (07:30 to 16:30) never reach and
// one of the twelve after them does; a stop 10 % under it that none of them reach.
const k = findCandle((i) => {
  const level = c.open[i] * 0.996;
  const candles = (from: number, to: number) => Array.from({ length: to - from }, (_, d) => i + from + d);
  return (
    candles(0, 36).every((j) => c.low[j] > level) &&
    candles(36, 48).some((j) => c.low[j] < level) &&
    candles(0, 48).every((j) => c.low[j] > c.open[i] * 0.9)
  );
});
const limit = Math.round(c.open[k] * 0.996);

describe('the paper exchange across a restart', () => {
  it('keeps open orders, stops, isolated margins and the funding clock', async () => {
    const file = join(dir, 'paper-exchange.json');
    const clock = handClock(Date.UTC(2026, 0, 5, 7, 30));
    const first = await servePaper({ file, now: clock.now, speed: 1, startAt: c.time[k] });
    const key = await first.account({ spot: { USDT: 1_000 }, futuresUsdt: 1_000 });
    const spot = first.client(key, 'spot');
    const futures = first.client(key, 'futures');
    const resting = await spot.createOrder(BTC, 'limit', 'buy', 0.001, limit, { clientOrderId: 'dip-1' });
    await futures.setMarginMode('isolated', PERP);
    await futures.setLeverage(10, PERP);
    await futures.createOrder(PERP, 'market', 'buy', 0.01);
    const stop = await futures.createOrder(PERP, 'STOP_MARKET', 'sell', 0.01, undefined, {
      triggerPrice: Math.round(c.open[k] * 0.9),
      reduceOnly: true,
    });
    clock.set(Date.UTC(2026, 0, 5, 8, 5)); // the 08:00 funding is settled here
    expect(await futures.fetchFundingHistory(PERP)).toHaveLength(1);
    await first.close();

    // down over 16:00, and a journal line cut short by the crash (a request never answered)
    appendFileSync(`${file}.journal`, '{"exchange":"binance","acc');
    clock.set(Date.UTC(2026, 0, 5, 16, 10));
    // the replay goes on from the kept clock: another start candle is for a new exchange only
    const second = await servePaper({ file, now: clock.now, speed: 1, startAt: c.time[k + 500] });
    try {
      const spotAgain = second.client(key, 'spot');
      const futuresAgain = second.client(key, 'futures');
      expect((await spotAgain.fetchOpenOrders(BTC)).map((o) => o.id)).toEqual([resting.id]);
      expect((await spotAgain.fetchBalance()).used).toMatchObject({ USDT: 0.001 * limit });
      expect(
        (await futuresAgain.fetchOpenOrders(PERP, undefined, undefined, { trigger: true })).map((o) => o.id),
      ).toEqual([stop.id]);

      // the clock did not go back: 16:10 is 34 candles after the 07:30 start
      const [candle] = await spotAgain.fetchOHLCV(BTC, '15m', undefined, 1);
      expect(candle.slice(0, 2)).toEqual([Date.UTC(2026, 0, 5, 16), c.open[k + 34]]);

      // 08:00 once, and 16:00 that fell due while it was down (at the replay's 16:00 price)
      const funding = await futuresAgain.fetchFundingHistory(PERP);
      expect(funding.map((f) => f.timestamp)).toEqual([Date.UTC(2026, 0, 5, 8), Date.UTC(2026, 0, 5, 16)]);
      expect(funding[1].amount).toBeCloseTo(-0.01 * c.open[k + 34] * 0.0001, 8);
      const [position] = await futuresAgain.fetchPositions([PERP]);
      expect(position).toMatchObject({ marginMode: 'isolated', contracts: 0.01, entryPrice: c.open[k] });
      const margin = (0.01 * c.open[k]) / 10 + funding[0].amount! + funding[1].amount!;
      expect(Number((position.info as { isolatedWallet: string }).isolatedWallet)).toBeCloseTo(margin, 6);

      clock.advance(14 * CANDLE - 10 * MINUTE);
      expect(await spotAgain.fetchOrder(resting.id!, BTC)).toMatchObject({
        status: 'closed',
        average: limit,
      });
      const next = await spotAgain.createOrder(BTC, 'market', 'buy', 0.0001);
      expect(Number(next.id)).toBeGreaterThan(Number(resting.id));
      await expect(
        spotAgain.createOrder(BTC, 'market', 'buy', 0.0001, undefined, { clientOrderId: 'dip-1' }),
      ).rejects.toThrow('Duplicate order sent.');
    } finally {
      await second.close();
    }
  });
});

describe('the paper exchange restarted at another speed', () => {
  it('goes on from the candle it was in, with no time or price going back', async () => {
    const file = join(dir, 'speed.json');
    const clock = handClock(Date.UTC(2026, 0, 5, 7, 30));
    const fast = await servePaper({ file, now: clock.now, speed: 60, startAt: c.time[k] });
    const key = await fast.account();
    clock.advance(10 * MINUTE + 7_500); // 40.5 candles at 60 times the clock
    const [before] = await fast.client(key, 'spot').fetchOHLCV(BTC, '15m', undefined, 1);
    expect(before.slice(0, 2)).toEqual([Date.UTC(2026, 0, 5, 7, 30) + 40 * CANDLE, c.open[k + 40]]);
    await fast.close();

    clock.advance(5 * MINUTE); // down 5 minutes: 20 candles at the speed it had
    const slow = await servePaper({ file, now: clock.now, speed: 1 });
    try {
      const spot = slow.client(key, 'spot');
      const [after] = await spot.fetchOHLCV(BTC, '15m', undefined, 1);
      expect(after.slice(0, 2)).toEqual([before[0]! + 20 * CANDLE, c.open[k + 60]]);
      // from here one candle per 15 minutes: half way through candle k + 60 now
      clock.advance(CANDLE / 2);
      const [next] = await spot.fetchOHLCV(BTC, '15m', undefined, 1);
      expect(next.slice(0, 2)).toEqual([after[0]! + CANDLE, c.open[k + 61]]);
    } finally {
      await slow.close();
    }
  });
});
