/**
 * Orders as the bots' executor places them through ccxt 4.5 (over real HTTP): futures stops on
 * Binance's algo endpoints and a spot STOP_LOSS, triggered by the replayed price and filled at
 * their stop price; client order ids that make a retried order safe.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANDLE, btc, findCandle, handClock, servePaper } from './serve';

const c = btc();
// A falling candle (open -> high -> low -> close) that trades 0.5 % below its open.
const j = findCandle(
  (k) => c.close[k] < c.open[k] && c.low[k] < c.open[k] * 0.995 && c.close[k - 1] === c.open[k],
);
const stop = Math.round(c.open[j] * 0.997 * 100) / 100;
const T0 = Date.UTC(2026, 0, 5, 1, 0);
const BTC = 'BTC/USDT';
const PERP = 'BTC/USDT:USDT';
let clock: ReturnType<typeof handClock>;
let exchange: Awaited<ReturnType<typeof servePaper>>;

beforeEach(async () => {
  clock = handClock(T0);
  exchange = await servePaper({ now: clock.now, speed: 1, startAt: c.time[j] });
});
afterEach(() => exchange.close());

describe('conditional orders on the paper exchange', () => {
  it('a futures STOP_MARKET (reduce-only) closes the long at its stop price; a TAKE_PROFIT_MARKET is listed and cancelled', async () => {
    const futures = exchange.client(await exchange.account({ futuresUsdt: 5_000 }), 'futures');
    await futures.setLeverage(10, PERP);
    await futures.createOrder(PERP, 'market', 'buy', 0.01);
    const stopLoss = await futures.createOrder(PERP, 'STOP_MARKET', 'sell', 0.01, undefined, {
      triggerPrice: stop,
      reduceOnly: true,
      clientOrderId: 'bot1-sl-1',
    });
    expect(stopLoss).toMatchObject({ status: 'open', triggerPrice: stop, clientOrderId: 'bot1-sl-1' });
    const takeProfit = await futures.createOrder(
      PERP,
      'market',
      'sell',
      undefined as unknown as number,
      undefined,
      {
        takeProfitPrice: Math.round(c.open[j] * 1.05),
        closePosition: true,
      },
    );
    const open = await futures.fetchOpenOrders(PERP, undefined, undefined, { trigger: true });
    expect(open.map((o) => o.id).sort()).toEqual([stopLoss.id, takeProfit.id].sort());
    expect(open.find((o) => o.id === takeProfit.id)!.info).toMatchObject({
      orderType: 'TAKE_PROFIT_MARKET',
      closePosition: true,
    });
    await futures.cancelOrder(takeProfit.id!, PERP, { trigger: true });
    expect(
      (await futures.fetchOpenOrders(PERP, undefined, undefined, { trigger: true })).map((o) => o.id),
    ).toEqual([stopLoss.id]);
    expect(await futures.fetchOpenOrders(PERP)).toHaveLength(0); // the regular book holds no stop

    clock.advance(CANDLE); // the candle falls through the stop
    const done = await futures.fetchOrder(stopLoss.id!, PERP, { trigger: true });
    expect(done.status).toBe('closed');
    const filled = await futures.fetchOrder((done.info as { actualOrderId: string }).actualOrderId, PERP);
    expect(filled).toMatchObject({ status: 'closed', filled: 0.01, average: stop, reduceOnly: true });
    const positions = await futures.fetchPositions([PERP]);
    expect(positions.every((p) => !p.contracts)).toBe(true);
    expect((await futures.fetchMyTrades(PERP)).at(-1)).toMatchObject({
      side: 'sell',
      price: stop,
      amount: 0.01,
    });
  });

  it('a spot STOP_LOSS sells at its stop price when the price falls to it', async () => {
    const spot = exchange.client(await exchange.account({ spot: { USDT: 100, BTC: 0.01 } }), 'spot');
    const order = await spot.createOrder(BTC, 'STOP_LOSS', 'sell', 0.01, undefined, { stopPrice: stop });
    expect(order).toMatchObject({ status: 'open', triggerPrice: stop });
    expect((await spot.fetchBalance()).used).toMatchObject({ BTC: 0.01 });
    clock.advance(CANDLE);
    expect(await spot.fetchOrder(order.id!, BTC)).toMatchObject({
      status: 'closed',
      filled: 0.01,
      average: stop,
    });
    const balance = await spot.fetchBalance();
    expect(balance.total).toMatchObject({ BTC: 0, USDT: expect.closeTo(100 + 0.01 * stop * 0.999, 6) });
  });
});

describe('client order ids on the paper exchange', () => {
  it('spot: a second order with a used id is refused (-2010 Duplicate order sent.) and the order is found by its id', async () => {
    const spot = exchange.client(await exchange.account({ spot: { USDT: 1_000 } }), 'spot');
    const first = await spot.createOrder(BTC, 'market', 'buy', 0.001, undefined, {
      clientOrderId: 'bot1-42',
    });
    await expect(
      spot.createOrder(BTC, 'market', 'buy', 0.001, undefined, { clientOrderId: 'bot1-42' }),
    ).rejects.toThrow('"code":-2010,"msg":"Duplicate order sent."');
    const found = await spot.fetchOrder('', BTC, { clientOrderId: 'bot1-42' });
    expect(found).toMatchObject({ id: first.id, clientOrderId: 'bot1-42', status: 'closed' });
    expect(await spot.fetchMyTrades(BTC)).toHaveLength(1);
  });

  it('futures: the same for orders and stops (-4116 ClientOrderId is duplicated.)', async () => {
    const futures = exchange.client(await exchange.account({ futuresUsdt: 5_000 }), 'futures');
    const first = await futures.createOrder(PERP, 'market', 'buy', 0.01, undefined, {
      clientOrderId: 'bot2-1',
    });
    await expect(
      futures.createOrder(PERP, 'market', 'buy', 0.01, undefined, { clientOrderId: 'bot2-1' }),
    ).rejects.toThrow('"code":-4116,"msg":"ClientOrderId is duplicated."');
    expect(await futures.fetchOrder('', PERP, { clientOrderId: 'bot2-1' })).toMatchObject({
      id: first.id,
      status: 'closed',
    });
    const params = { triggerPrice: stop, reduceOnly: true, clientOrderId: 'bot2-sl' };
    const sl = await futures.createOrder(PERP, 'STOP_MARKET', 'sell', 0.01, undefined, params);
    await expect(futures.createOrder(PERP, 'STOP_MARKET', 'sell', 0.01, undefined, params)).rejects.toThrow(
      '-4116',
    );
    expect(await futures.fetchOrder('', PERP, { clientOrderId: 'bot2-sl', trigger: true })).toMatchObject({
      id: sl.id,
      status: 'open',
    });
    const [position] = await futures.fetchPositions([PERP]);
    expect(position.contracts).toBe(0.01);
  });
});

describe('fills and fees on the paper exchange, as Binance reports them', () => {
  it('myTrades and userTrades with an orderId answer only that order’s trades', async () => {
    const key = await exchange.account({ spot: { USDT: 1_000 }, futuresUsdt: 1_000 });
    const spot = exchange.client(key, 'spot');
    const first = await spot.createOrder(BTC, 'market', 'buy', 0.001);
    const second = await spot.createOrder(BTC, 'market', 'buy', 0.002);
    const own = await spot.fetchMyTrades(BTC, undefined, undefined, { orderId: second.id });
    expect(own.map((t) => [t.order, t.amount])).toEqual([[second.id, 0.002]]);
    expect(await spot.fetchMyTrades(BTC)).toHaveLength(2);
    const futures = exchange.client(key, 'futures');
    await futures.createOrder(PERP, 'market', 'buy', 0.001);
    const closing = await futures.createOrder(PERP, 'market', 'sell', 0.001, undefined, { reduceOnly: true });
    const trades = await futures.fetchMyTrades(PERP, undefined, undefined, { orderId: closing.id });
    expect(trades.map((t) => t.order)).toEqual([closing.id]);
    expect(trades[0].fee?.currency).toBe('USDT');
    expect(trades[0].fee!.cost! / (trades[0].amount! * trades[0].price!)).toBeCloseTo(0.0004, 6);
    expect(first.id).not.toBe(second.id);
  });

  it('under the partial-fill fault a resting limit fills half, rests on as PARTIALLY_FILLED, and a cancel keeps the part', async () => {
    const key = await exchange.account({ spot: { USDT: 1_000 } });
    const spot = exchange.client(key, 'spot');
    await fetch(`${exchange.base}/accounts/${key.apiKey}/faults`, {
      method: 'POST',
      body: JSON.stringify({ partialFills: 1 }),
    });
    const level = Math.round(c.open[j] * 0.996 * 100) / 100;
    const order = await spot.createOrder(BTC, 'limit', 'buy', 0.002, level);
    // Two thirds of the falling candle: from its high down to its low, through the level once.
    clock.advance((CANDLE * 2) / 3);
    const resting = await spot.fetchOrder(order.id!, BTC);
    expect(resting).toMatchObject({ status: 'open', filled: 0.001, remaining: 0.001 });
    expect((resting.info as { status: string }).status).toBe('PARTIALLY_FILLED');
    expect((await spot.fetchBalance()).used).toMatchObject({ USDT: expect.closeTo(0.001 * level, 6) });
    await spot.cancelOrder(order.id!, BTC);
    expect(await spot.fetchOrder(order.id!, BTC)).toMatchObject({ status: 'canceled', filled: 0.001 });
    const balance = await spot.fetchBalance();
    expect(balance.total).toMatchObject({
      BTC: expect.closeTo(0.001 * 0.999, 9),
      USDT: expect.closeTo(1_000 - 0.001 * level, 6),
    });
  });
});
