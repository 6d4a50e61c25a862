/**
 * Orders rest across candles (issue 30, point 5; functions/bots/resting.ts): a candle where the
 * model wants resting what rests already costs no request weight while the key's user data stream
 * has heard everything since the orders were placed, and costs a lookup per order when it has not
 * (the stream out); and a level that filled while no tick ran is never sent a second time, whatever
 * candle its order was placed for or filled in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideLive } from '#engine/live/decide';
import { stackControls } from '#local/stack';
import { startDcaManual } from '../../support/bots';
import { exchangeOf } from '../../support/paper-client';
import {
  ZENO_CROSS_AT,
  fleetWeightSince,
  journalOf,
  startBotStack,
  tradingMember,
  type BotStack,
  type Member,
  within,
} from './support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let bots: BotStack;
beforeAll(async () => {
  bots = await startBotStack(ZENO_CROSS_AT);
}, 120_000);
afterAll(() => bots?.stop());

// The functions' modules read the table's endpoint when loaded: once this file's stack has set it.
const functions = async () => ({
  ...(await import('#functions/bots/model')),
  ...(await import('#functions/bots/resting')),
  ...(await import('#functions/bots/store')),
});

/**
 * The member's spot stream is up, and has been long enough to vouch for orders placed from now on
 * (resting.ts streamCovers): what the executor reads before it keeps an order without asking.
 */
const streamUp = async (memberId: string) => {
  const { getStreamStatus, STREAM_SETTLE_MS } = await functions();
  await within(20_000, async () => {
    const status = await getStreamStatus(memberId, 'spot');
    return status?.upSince !== undefined && Date.now() >= status.upSince + STREAM_SETTLE_MS;
  });
};

const streamDown = async (memberId: string) => {
  const { getStreamStatus } = await functions();
  await within(20_000, async () => (await getStreamStatus(memberId, 'spot'))?.upSince === undefined);
};

/** The paper exchange drops the key's streams, and every new one as it opens, until it ends. */
const outage = async (m: Member, on: boolean) => {
  const answer = await fetch(`${bots.stack.webUrl}/paper/accounts/${m.key.apiKey}/streams/outage`, {
    method: on ? 'POST' : 'DELETE',
  });
  expect(answer.status).toBe(200);
};

/** The spot request weight every IP used in the exchange's current minute. */
const spotWeightThisMinute = async (): Promise<number> => {
  const minute = bots.now() - (bots.now() % MINUTE);
  const report = (await (await fetch(`${bots.stack.webUrl}/paper/weights`)).json()) as Record<
    string,
    { spot?: { minutes: { minute: number; weight: number }[] } }
  >;
  return Object.values(report)
    .flatMap((ip) => ip.spot?.minutes ?? [])
    .filter((m) => m.minute === minute)
    .reduce((sum, m) => sum + m.weight, 0);
};

/** The tick at the next whole hour (a candle closed), and the spot weight of its minute. */
const candleTick = async () => {
  bots.advance(HOUR - (bots.now() % HOUR));
  await bots.runTick();
  return spotWeightThisMinute();
};

/** The tick 30 minutes into the hour (no candle closed: only the candles are read), and its weight. */
const quietTick = async () => {
  bots.advance(30 * MINUTE);
  await bots.runTick();
  return spotWeightThisMinute();
};

const resting = async (m: Member, id: string) =>
  (await journalOf({ member: m, id }))
    .filter((o) => o.status === 'resting')
    .map((o) => o.clientOrderId)
    .sort();

/** A manual DCA on BTCUSDT of 20 USDT with one stage `per` % below; started, then its base bought. */
const dcaHolding = async (per: number, takeProfitPct: number) => {
  const member = await tradingMember('executive');
  const started = await startDcaManual(member.idToken, 'BTCUSDT', 20, [[1, per]], { takeProfitPct });
  expect(started.status).toBe(200);
  const id = started.body.deployment.id as string;
  const { memberId } = (await (await functions()).getDeployment(id))!;
  await candleTick(); // the bot starts: it trades from the next candle
  await streamUp(memberId);
  await candleTick(); // the base order at market; the stage and the take profit rest
  expect((await journalOf({ member, id })).map((o) => [o.type, o.status])).toEqual([
    ['limit', 'resting'],
    ['limit', 'resting'],
    ['market', 'filled'],
  ]);
  return { member, id, memberId };
};

// The first test needs the replay where it starts (its stage fills an hour after it rests); the
// second, hours without a level reached.
describe('orders that rest across candles', () => {
  it('a stage filled and recorded by the stream while no tick ran (from its trades: its fee as charged, no request), candles skipped, then the next candle: no second order for that level, the fills the model’s', async () => {
    // The stage 1.5 % below, the take profit 5 % above the base buy.
    const { member, id } = await dcaHolding(1.5, 5);
    const { deploymentOrders, deploymentCandles, fillCandleOf, getCandles, getDeployment, modelOf } =
      await functions();
    const stage = (await deploymentOrders(id)).find((o) => o.side === 'buy' && o.type === 'limit')!;
    const spot = exchangeOf(member.key, 'spot');
    // the requests from here on (the tick that placed the stage spent its own minute's)
    const from = bots.now() + MINUTE;
    // Hour after hour with no tick, until the exchange fills the stage and the stream records it.
    let hours = 0;
    for (; hours < 48; hours++) {
      bots.advance(HOUR);
      const onExchange = await spot.fetchOrder('', 'BTC/USDT', { clientOrderId: stage.clientOrderId });
      if (onExchange.status === 'closed') break;
    }
    expect(hours, 'the stage filled within two days').toBeLessThan(48);
    await within(10_000, async () =>
      (await deploymentOrders(id)).some(
        (o) => o.clientOrderId === stage.clientOrderId && o.status === 'filled',
      ),
    );
    // From the trades the stream told: nothing asked of the exchange for it (a lookup was the order
    // and its trades, 4 + 20), and its fee as charged: in BTC, valued at each trade's price.
    expect(await fleetWeightSince(bots, 'spot', from)).toBe(0);
    const row = (await journalOf({ member, id })).find((o) => o.clientOrderId === stage.clientOrderId)!;
    const trades = await spot.fetchMyTrades('BTC/USDT', undefined, undefined, { orderId: row.orderId });
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.every((t) => t.fee?.currency === 'BTC')).toBe(true);
    expect(row.fee).toBeCloseTo(
      trades.reduce((sum, t) => sum + Number(t.fee?.cost) * Number(t.price), 0),
      8,
    );
    expect(row.filled).toBeCloseTo(
      trades.reduce((sum, t) => sum + Number(t.amount), 0),
      10,
    );
    const recorded = (await deploymentOrders(id)).find((o) => o.clientOrderId === stage.clientOrderId)!;
    // It filled in a later candle than the one it was placed for: the case a match by the order's
    // own candle got wrong (the level sent again at market).
    expect(fillCandleOf(recorded, HOUR)).toBeGreaterThan(stage.candle);

    // One more candle with no tick, then the tick at the next close acts on all of them at once.
    bots.advance(HOUR);
    await candleTick();

    const orders = await spot.fetchOrders('BTC/USDT');
    const ids = orders.map((o) => o.clientOrderId);
    expect(new Set(ids).size).toBe(ids.length);
    const buys = orders.filter((o) => o.side === 'buy');
    expect(buys.map((o) => o.type).sort()).toEqual(['limit', 'market']);
    expect(buys.filter((o) => o.status === 'closed')).toHaveLength(2);

    // Every fill is the model's, in the candle the model made it.
    const d = (await getDeployment(id))!;
    const item = (await getCandles(d.market, d.symbol, d.interval))!;
    const model = decideLive({
      ...modelOf(d),
      candles: deploymentCandles(d, item, HOUR),
      tradeFrom: d.tradeFrom!,
    }).fills.filter((f) => f.time <= d.lastCandle!);
    const real = (await deploymentOrders(id))
      .filter((o) => o.status === 'filled')
      .map((o) => [o.side, o.type, fillCandleOf(o, HOUR)])
      .sort((a, b) => Number(a[2]) - Number(b[2]));
    expect(real).toEqual(model.map((f) => [f.order.side, f.order.type, f.time]));
    expect(
      (await deploymentOrders(id)).filter((o) => o.status === 'missed' || o.status === 'failed'),
    ).toEqual([]);
    expect(stackControls(bots.stack).queue.deadLetters()).toEqual([]);
  }, 300_000);

  it('a candle where nothing changed costs what a minute without a close costs while the stream is up; a lookup per order while it is out', async () => {
    // The stage 8 % below and the take profit 6 % above: neither is reached within these hours.
    const { member, id, memberId } = await dcaHolding(8, 6);
    const before = await resting(member, id);
    expect(before).toHaveLength(2);

    const quiet = await quietTick();
    const steady = await candleTick();
    // Nothing asked of the exchange for the bot: the same two orders rest on, under the same ids.
    expect(steady).toBe(quiet);
    expect(await resting(member, id)).toEqual(before);

    // The stream out: it can no longer vouch for them, so each is looked up (GET /api/v3/order, 4)
    // and still rests; nothing is cancelled or placed again.
    await outage(member, true);
    await streamDown(memberId);
    const quietOut = await quietTick();
    const lookedUp = await candleTick();
    expect(lookedUp - quietOut).toBe(2 * 4);
    expect(await resting(member, id)).toEqual(before);
    await outage(member, false);

    const open = await exchangeOf(member.key, 'spot').fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.clientOrderId).sort()).toEqual(before);
  }, 300_000);
});
