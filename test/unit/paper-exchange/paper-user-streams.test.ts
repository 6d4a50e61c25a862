/**
 * Binance's user data streams on the paper exchange, read by ccxt pro's own watch methods
 * unchanged (spot through the WebSocket API's userDataStream.subscribe.signature, USD-M futures
 * through a listen key), and the listen key's and the connection's lifetimes, on a hand-moved
 * clock.
 */
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HeardFill } from '#functions/exchange/service';
import { heardFillOf, type StreamedOrder } from '#functions/streams/plan';
import { CANDLE, MINUTE, btc, findCandle, handClock, servePaper } from './serve';

const c = btc();
// A falling candle (open -> high -> low -> close) that trades 0.5 % below its open.
const j = findCandle(
  (k) => c.close[k] < c.open[k] && c.low[k] < c.open[k] * 0.995 && c.close[k - 1] === c.open[k],
);
const below = Math.round(c.open[j] * 0.997 * 100) / 100;
const BTC = 'BTC/USDT';
const PERP = 'BTC/USDT:USDT';
let clock: ReturnType<typeof handClock>;
let exchange: Awaited<ReturnType<typeof servePaper>>;

beforeEach(async () => {
  clock = handClock(Date.UTC(2026, 0, 5, 1, 0));
  exchange = await servePaper({
    now: clock.now,
    speed: 1,
    startAt: c.time[j],
    userStreams: { pushEveryMs: 20 },
  });
});
afterEach(() => exchange.close());

type Pro = Awaited<ReturnType<typeof exchange.proClient>>;
interface Seen {
  id: string;
  clientOrderId?: string;
  status?: string;
  filled?: number;
  price?: number;
  average?: number;
  /** The trades the update carries when they are the whole fill (functions/streams/plan.ts). */
  heard?: HeardFill;
}

/** Every order update watchOrders hands over until `done`, as it was when handed over. */
const watchUntil = async (client: Pro, done: (seen: Seen[]) => boolean) => {
  const seen: Seen[] = [];
  while (!done(seen))
    for (const o of await client.watchOrders())
      seen.push({
        id: o.id!,
        clientOrderId: o.clientOrderId,
        status: o.status,
        filled: o.filled,
        price: o.price,
        average: o.average,
        heard: heardFillOf(o as StreamedOrder),
      });
  return seen;
};

/** Resolves once the paper exchange tells the key's account to a stream. */
const listening = async (apiKey: string) => {
  while (!exchange.paper.userStreams.listening(apiKey)) await new Promise((r) => setTimeout(r, 10));
};

/** A raw WebSocket and every message it received, parsed. */
const connect = async (url: string) => {
  const ws = new WebSocket(url);
  const messages: Record<string, unknown>[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data: Buffer) =>
    messages.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>),
  );
  await new Promise((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  return { ws, messages, closed };
};

const until = async (test: () => boolean) => {
  while (!test()) await new Promise((r) => setTimeout(r, 10));
};

describe('spot user data stream (WebSocket API)', () => {
  it('ccxt watchOrders gets a resting limit buy NEW, then FILLED when the replay reaches its price; watchMyTrades the fill, watchBalance the new coins', async () => {
    const key = await exchange.account({ spot: { USDT: 1_000 } });
    const spot = await exchange.proClient(key, 'spot');
    const orders = watchUntil(spot, (seen) => seen.some((o) => o.status === 'closed'));
    await listening(key.apiKey);

    const placed = await spot.createOrder(BTC, 'limit', 'buy', 0.001, below, { clientOrderId: 'bot7-buy-1' });
    const balance = spot.watchBalance();
    const trades = spot.watchMyTrades();
    clock.advance(CANDLE);

    const seen = await orders;
    expect(seen[0]).toMatchObject({ id: placed.id, clientOrderId: 'bot7-buy-1', status: 'open', filled: 0 });
    expect(seen.at(-1)).toMatchObject({
      id: placed.id,
      clientOrderId: 'bot7-buy-1',
      status: 'closed',
      filled: 0.001,
      average: below,
    });
    // the coins bought less the 0.1 % fee, as Binance's outboundAccountPosition states them
    expect((await balance).BTC.free).toBeCloseTo(0.001 * 0.999, 8);
    // the fill itself, as a maker at the limit, its fee in the coin received
    const [trade] = await trades;
    expect(trade).toMatchObject({
      order: placed.id,
      side: 'buy',
      price: below,
      amount: 0.001,
      takerOrMaker: 'maker',
    });
    expect(trade.fee).toMatchObject({ currency: 'BTC' });
    expect(trade.fee!.cost).toBeCloseTo(0.000001, 10);
    await spot.close();
  });

  it('a limit filled in part (a thin book) is told PARTIALLY_FILLED, then FILLED when the price comes back', async () => {
    const key = await exchange.account({ spot: { USDT: 1_000 } });
    await fetch(`${exchange.base}/accounts/${key.apiKey}/faults`, {
      method: 'POST',
      body: JSON.stringify({ partialFills: 1 }),
    });
    const spot = await exchange.proClient(key, 'spot');
    const part = watchUntil(spot, (seen) => seen.some((o) => o.filled === 0.001));
    await listening(key.apiKey);
    const placed = await spot.createOrder(BTC, 'limit', 'buy', 0.002, below);
    // the falling candle reaches the limit: half fills
    clock.advance(CANDLE);
    const first = await part;
    // a later candle that goes above the limit and closes below it, the rest filled on the way down
    const k = findCandle((i) => i > j && c.high[i] > below && c.close[i] < below, c.length - j - 1);
    const rest = watchUntil(spot, (seen) => seen.some((o) => o.status === 'closed'));
    clock.advance((k - j) * CANDLE);

    const seen = [...first, ...(await rest)].filter((o) => o.id === placed.id);
    expect(seen.map((o) => [o.status, o.filled])).toEqual([
      ['open', 0],
      ['open', 0.001],
      ['closed', 0.002],
    ]);
    // both trades, each with its commission (executionReport l, L, n, N), on the filled order
    expect(seen.at(-1)!.heard?.trades.map((t) => [t.qty, t.price, t.fee?.currency])).toEqual([
      [0.001, below, 'BTC'],
      [0.001, below, 'BTC'],
    ]);
    await spot.close();
  });

  it('holds one subscription per account on a connection, refuses a wrong signature, and closes the connection 24 hours after it opened', async () => {
    const key = await exchange.account();
    const other = await exchange.account({ spot: { USDT: 100 } });
    const { ws, messages, closed } = await connect(`${exchange.userStreamUrl}/ws-api/v3`);
    const subscribe = (id: string, secret: string, apiKey = key.apiKey) => {
      const params = { apiKey, timestamp: Date.now() };
      const payload = `apiKey=${params.apiKey}&timestamp=${params.timestamp}`;
      const signature = createHmac('sha256', secret).update(payload).digest('hex');
      ws.send(
        JSON.stringify({
          id,
          method: 'userDataStream.subscribe.signature',
          params: { ...params, signature },
        }),
      );
    };
    subscribe('bad', 'not-the-secret');
    subscribe('good', key.secret);
    subscribe('again', key.secret);
    subscribe('other', other.secret, other.apiKey);
    await until(() => messages.length === 4);
    expect(messages[0]).toMatchObject({
      id: 'bad',
      status: 400,
      error: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    expect(messages[1]).toMatchObject({
      id: 'good',
      status: 200,
      result: { subscriptionId: expect.any(Number) },
    });
    expect(messages[2]).toMatchObject({
      id: 'again',
      status: 400,
      error: { code: -2035, msg: 'User Data Stream subscription already active.' },
    });
    // the other account's events come under its own subscription
    const otherId = (messages[3] as { result: { subscriptionId: number } }).result.subscriptionId;
    await exchange.client(other, 'spot').createOrder(BTC, 'market', 'buy', 0.0005);
    await until(() => messages.length >= 7);
    const pushed = messages.slice(4) as { subscriptionId: number; event: { e: string; X?: string } }[];
    expect(pushed.map((m) => [m.subscriptionId, m.event.e, m.event.X])).toEqual([
      [otherId, 'executionReport', 'NEW'],
      [otherId, 'executionReport', 'FILLED'],
      [otherId, 'outboundAccountPosition', undefined],
    ]);

    clock.advance(24 * 60 * MINUTE - 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    clock.advance(1);
    expect(await closed).toBe(1000);
  });
});

describe('USD-M futures user data stream (listen key)', () => {
  it('ccxt watchOrders gets a STOP_MARKET triggered mid-candle (ALGO_UPDATE) and its market order filled (ORDER_TRADE_UPDATE)', async () => {
    const key = await exchange.account({ futuresUsdt: 5_000 });
    const futures = await exchange.proClient(key, 'futures');
    await futures.createOrder(PERP, 'market', 'buy', 0.01);
    const orders = watchUntil(futures, (seen) =>
      seen.some((o) => o.clientOrderId === 'bot3-sl-1' && o.status === 'closed' && o.filled === 0.01),
    );
    await listening(key.apiKey);

    const stop = await futures.createOrder(PERP, 'STOP_MARKET', 'sell', 0.01, undefined, {
      triggerPrice: below,
      reduceOnly: true,
      clientOrderId: 'bot3-sl-1',
    });
    const balance = futures.watchBalance();
    clock.advance(CANDLE);

    const seen = await orders;
    const algo = seen.filter((o) => o.id === stop.id);
    expect(algo[0]).toMatchObject({ clientOrderId: 'bot3-sl-1', status: 'open' });
    expect(algo.at(-1)).toMatchObject({ clientOrderId: 'bot3-sl-1', status: 'closed' });
    // the market order the trigger placed, filled at the stop price
    const filled = seen.find((o) => o.id !== stop.id && o.status === 'closed')!;
    expect(filled).toMatchObject({ clientOrderId: 'bot3-sl-1', filled: 0.01, average: below });
    // its trade with its commission in USDT (ORDER_TRADE_UPDATE l, L, n, N)
    expect(filled.heard?.trades.map((t) => [t.qty, t.price, t.fee?.currency])).toEqual([
      [0.01, below, 'USDT'],
    ]);
    expect(Number(filled.heard!.trades[0].fee!.cost)).toBeGreaterThan(0);
    expect((await futures.fetchPositions([PERP])).every((p) => !p.contracts)).toBe(true);
    // ACCOUNT_UPDATE: the wallet after the closing trade, as the REST account states it
    const wallet = Number((await futures.fetchBalance()).info.totalWalletBalance);
    expect((await balance).USDT.total).toBeCloseTo(wallet, 6);
    await futures.close();
  });

  it('a listen key lives 60 minutes from its last keepalive, then pushes listenKeyExpired and is -1125', async () => {
    const futures = exchange.client(await exchange.account(), 'futures');
    const { listenKey } = (await futures.fapiPrivatePostListenKey()) as { listenKey: string };
    // POST again while it lives: the same key, extended
    expect(await futures.fapiPrivatePostListenKey()).toEqual({ listenKey });
    const stream = await connect(`${exchange.userStreamUrl}/ws/${listenKey}`);

    clock.advance(59 * MINUTE);
    expect(await futures.fapiPrivatePutListenKey()).toEqual({ listenKey });
    clock.advance(59 * MINUTE);
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.messages).toEqual([]);

    clock.advance(MINUTE);
    await until(() => stream.messages.length > 0);
    expect(stream.messages).toEqual([{ e: 'listenKeyExpired', E: clock.now(), listenKey }]);
    await expect(futures.fapiPrivatePutListenKey()).rejects.toThrow('This listenKey does not exist.');
    // a stream on the lapsed key is refused
    const late = await connect(`${exchange.userStreamUrl}/private/ws?listenKey=${listenKey}`);
    expect(await late.closed).toBe(1008);

    // a new key, and DELETE closes its stream
    const fresh = (await futures.fapiPrivatePostListenKey()) as { listenKey: string };
    expect(fresh.listenKey).not.toBe(listenKey);
    const open = await connect(`${exchange.userStreamUrl}/private/ws/${fresh.listenKey}`);
    await futures.fapiPrivateDeleteListenKey();
    expect(await open.closed).toBe(1000);
    await expect(futures.fapiPrivatePutListenKey()).rejects.toThrow('This listenKey does not exist.');
    stream.ws.close();
  });

  it('a cancel by hand is told: a spot limit CANCELED under its client order id, a futures stop ALGO_UPDATE CANCELED', async () => {
    const key = await exchange.account({ spot: { USDT: 1_000 }, futuresUsdt: 1_000 });
    const spot = await exchange.proClient(key, 'spot');
    const orders = watchUntil(spot, (seen) => seen.some((o) => o.status === 'canceled'));
    await listening(key.apiKey);
    const rest = exchange.client(key, 'spot');
    const placed = await rest.createOrder(BTC, 'limit', 'buy', 0.001, below, { clientOrderId: 'bot9-buy-1' });
    await rest.cancelOrder(placed.id!, BTC);
    expect((await orders).at(-1)).toMatchObject({
      id: placed.id,
      clientOrderId: 'bot9-buy-1',
      status: 'canceled',
    });
    await spot.close();

    const futures = exchange.client(key, 'futures');
    const { listenKey } = (await futures.fapiPrivatePostListenKey()) as { listenKey: string };
    const stream = await connect(`${exchange.userStreamUrl}/ws/${listenKey}`);
    const stop = await futures.createOrder(PERP, 'STOP_MARKET', 'sell', 0.01, undefined, {
      triggerPrice: below,
      clientOrderId: 'bot9-sl-1',
    });
    await futures.cancelOrder(stop.id!, PERP, { trigger: true });
    await until(() => stream.messages.length >= 2);
    expect(stream.messages.map((m) => m.o)).toMatchObject([
      { caid: 'bot9-sl-1', aid: Number(stop.id), o: 'STOP_MARKET', X: 'NEW' },
      { caid: 'bot9-sl-1', aid: Number(stop.id), X: 'CANCELED' },
    ]);
    expect(stream.messages.map((m) => m.e)).toEqual(['ALGO_UPDATE', 'ALGO_UPDATE']);
  });

  it('a stream dropped mid-way (as by the network) can be opened again on the same key, and hears the next fill', async () => {
    const key = await exchange.account({ futuresUsdt: 5_000 });
    const futures = exchange.client(key, 'futures');
    const { listenKey } = (await futures.fapiPrivatePostListenKey()) as { listenKey: string };
    const first = await connect(`${exchange.userStreamUrl}/ws/${listenKey}`);
    const dropped = await fetch(`${exchange.base}/accounts/${key.apiKey}/streams`, { method: 'DELETE' });
    expect(await dropped.json()).toEqual({ dropped: 1 });
    // no close frame: what a client sees of a connection the network lost
    expect(await first.closed).toBe(1006);

    const again = await connect(`${exchange.userStreamUrl}/ws/${listenKey}`);
    await futures.createOrder(PERP, 'market', 'buy', 0.01, undefined, { clientOrderId: 'bot4-entry-1' });
    await until(() => again.messages.some((m) => (m.o as { X?: string } | undefined)?.X === 'FILLED'));
    const orderEvents = again.messages.filter((m) => m.e === 'ORDER_TRADE_UPDATE');
    expect(orderEvents.map((m) => m.o as { c: string; x: string; X: string })).toMatchObject([
      { c: 'bot4-entry-1', x: 'NEW', X: 'NEW' },
      { c: 'bot4-entry-1', x: 'TRADE', X: 'FILLED' },
    ]);
    expect(first.messages).toEqual([]);
  });

  it("an outage drops the key's streams and each new one as it opens; a fill meanwhile is told to no stream, and once it ends a stream opens and hears the next", async () => {
    const key = await exchange.account({ futuresUsdt: 5_000 });
    const futures = exchange.client(key, 'futures');
    const { listenKey } = (await futures.fapiPrivatePostListenKey()) as { listenKey: string };
    const outage = `${exchange.base}/accounts/${key.apiKey}/streams/outage`;
    const first = await connect(`${exchange.userStreamUrl}/ws/${listenKey}`);
    expect(await (await fetch(outage, { method: 'POST' })).json()).toEqual({ dropped: 1 });
    expect(await first.closed).toBe(1006);
    const during = await connect(`${exchange.userStreamUrl}/ws/${listenKey}`);
    expect(await during.closed).toBe(1006);
    await futures.createOrder(PERP, 'market', 'buy', 0.01, undefined, { clientOrderId: 'bot4-entry-1' });

    expect(await (await fetch(outage, { method: 'DELETE' })).json()).toEqual({ dropped: 0 });
    const after = await connect(`${exchange.userStreamUrl}/ws/${listenKey}`);
    await futures.createOrder(PERP, 'market', 'sell', 0.01, undefined, { clientOrderId: 'bot4-exit-1' });
    await until(() => after.messages.some((m) => (m.o as { X?: string } | undefined)?.X === 'FILLED'));
    const told = after.messages
      .filter((m) => m.e === 'ORDER_TRADE_UPDATE')
      .map((m) => (m.o as { c: string }).c);
    expect(new Set(told)).toEqual(new Set(['bot4-exit-1']));
    expect([...first.messages, ...during.messages]).toEqual([]);
  });

  it('a key deleted on the exchange ends its streams', async () => {
    const key = await exchange.account();
    const futures = exchange.client(key, 'futures');
    const { listenKey } = (await futures.fapiPrivatePostListenKey()) as { listenKey: string };
    const stream = await connect(`${exchange.userStreamUrl}/ws/${listenKey}`);
    await fetch(`${exchange.base}/accounts/${key.apiKey}`, { method: 'DELETE' });
    expect(await stream.closed).toBe(1008);
  });
});
