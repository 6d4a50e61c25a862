/**
 * A paper exchange stopped and another started on the same file (as `npm start` twice does):
 * resting orders, futures stops, isolated margins and the funding clock carry on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CANDLE, MINUTE, btc, findCandle, handClock, servePaper } from './serve';

const c = btc();
const BTC = 'BTC/USDT';
const PERP = 'BTC/USDT:USDT';
const dir = mkdtempSync(join(tmpdir(), 'paper-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A limit 0.4 % under candle k's open that the next three candles never reach and one of the
// nine after them does.
const k = findCandle((i) => {
  const level = c.open[i] * 0.996;
  const untouched = [0, 1, 2, 3].every((d) => c.low[i + d] > level);
  return untouched && [4, 5, 6, 7, 8, 9, 10, 11, 12].some((d) => c.low[i + d] < level);
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

    // down over 16:00; the new replay starts where the first would be at 16:00
    clock.set(Date.UTC(2026, 0, 5, 16, 10));
    const second = await servePaper({ file, now: clock.now, speed: 1, startAt: c.time[k + 3] });
    try {
      const spotAgain = second.client(key, 'spot');
      const futuresAgain = second.client(key, 'futures');
      expect((await spotAgain.fetchOpenOrders(BTC)).map((o) => o.id)).toEqual([resting.id]);
      expect((await spotAgain.fetchBalance()).used).toMatchObject({ USDT: 0.001 * limit });
      expect(
        (await futuresAgain.fetchOpenOrders(PERP, undefined, undefined, { trigger: true })).map((o) => o.id),
      ).toEqual([stop.id]);

      // 08:00 once, and 16:00 that fell due while it was down (at the replay's 16:00 price)
      const funding = await futuresAgain.fetchFundingHistory(PERP);
      expect(funding.map((f) => f.timestamp)).toEqual([Date.UTC(2026, 0, 5, 8), Date.UTC(2026, 0, 5, 16)]);
      expect(funding[1].amount).toBeCloseTo(-0.01 * c.open[k + 3] * 0.0001, 8);
      const [position] = await futuresAgain.fetchPositions([PERP]);
      expect(position).toMatchObject({ marginMode: 'isolated', contracts: 0.01, entryPrice: c.open[k] });
      const margin = (0.01 * c.open[k]) / 10 + funding[0].amount! + funding[1].amount!;
      expect(Number((position.info as { isolatedWallet: string }).isolatedWallet)).toBeCloseTo(margin, 6);

      clock.advance(12 * CANDLE - 10 * MINUTE);
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
