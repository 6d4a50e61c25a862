/**
 * `npm start` stopped in the middle of a candle and started again (issue 30): the paper exchange
 * goes on with its clock and its book, so a running bot neither skips candles nor sees the price
 * run backwards. The stack's stop saves nothing of the paper exchange (it has nothing to close):
 * what the second start finds is what a kill -9 would have left (state-file.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDcaManual } from '../../support/bots';
import { ZENO_CROSS_AT, startBotStack, tradingMember, type BotStack } from './support';
import { exchangeOf } from '../../support/paper-client';

const HOUR = 3_600_000;
const BTC = 'BTC/USDT';

let bots: BotStack;
beforeAll(async () => {
  bots = await startBotStack(ZENO_CROSS_AT, undefined, { restartable: true });
}, 120_000);
afterAll(() => bots?.stop());

describe('the paper exchange across a restart of the stack', () => {
  it('keeps its clock and resting orders, and a running bot places its next orders on the next candle', async () => {
    const member = await tradingMember('executive');
    const started = await startDcaManual(member.idToken, 'BTCUSDT', 20, [
      [1, 0.7],
      [1.5, 0.7],
    ]);
    expect(started.status).toBe(200);
    const id = started.body.deployment.id as string;
    const exchange = exchangeOf(member.key, 'spot');
    // hour by hour until the bot's ladder rests on the exchange
    for (let hour = 0; hour < 6 && (await exchange.fetchOpenOrders(BTC)).length === 0; hour++)
      await bots.nextHour();
    const resting = (await exchange.fetchOpenOrders(BTC)).map((o) => o.clientOrderId).sort();
    expect(resting.length).toBeGreaterThan(0);
    // the newest closed hour: its time and prices (a rewound replay serves other prices under it)
    const newestClosed = async () => (await exchange.fetchOHLCV(BTC, '1h', undefined, 2))[0].slice(0, 5);
    const closedBefore = await newestClosed();
    const { deploymentOrders, getDeployment } = await import('#functions/bots/store');
    const lastCandle = (await getDeployment(id))!.lastCandle!;

    // down for 20 minutes, in the middle of a candle
    const downAt = bots.now();
    await bots.restart(20 * 60_000);
    const restartedAt = bots.now();
    expect(await newestClosed()).toEqual(closedBefore);

    // every order that rested is there: still resting, or filled by the price while it was down
    const orders = new Map((await exchange.fetchOrders(BTC)).map((o) => [o.clientOrderId, o]));
    const open = resting.filter((o) => orders.get(o)?.status === 'open');
    const filledWhileDown = resting.filter((o) => orders.get(o)?.status === 'closed');
    expect(open.length + filledWhileDown.length).toBe(resting.length);
    expect(open.length).toBeGreaterThan(0);
    expect(filledWhileDown.length).toBeGreaterThan(0);
    for (const o of filledWhileDown) {
      expect(orders.get(o)!.lastTradeTimestamp).toBeGreaterThan(downAt);
      expect(orders.get(o)!.lastTradeTimestamp).toBeLessThanOrEqual(restartedAt);
    }

    // the next candle's tick: the bot acts on the candle after its last, and its next orders rest
    await bots.nextHour();
    expect((await newestClosed())[0]).toBe(closedBefore[0]! + HOUR);
    expect((await getDeployment(id))!.lastCandle).toBe(lastCandle + HOUR);
    const recorded = await deploymentOrders(id);
    for (const o of filledWhileDown)
      expect(recorded.find((r) => r.clientOrderId === o)).toMatchObject({ status: 'filled' });
    const next = await exchange.fetchOpenOrders(BTC);
    expect(next.length).toBeGreaterThan(0);
    for (const order of next) {
      expect(open).not.toContain(order.clientOrderId);
      expect(order.timestamp! - restartedAt).toBeLessThanOrEqual(HOUR);
    }
  }, 300_000);
});
