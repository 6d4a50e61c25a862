/**
 * The executor against Binance's faults and the member's own hands (issue 30, point 3), each
 * switched on in the paper exchange (local/paper-exchange/faults.ts) with Binance's own codes and
 * messages: what a member then sees (the journal, the bot's state, notifications, positions) and
 * that no client order id is ever filled twice. docs/decisions/exchange-faults.md has the table.
 * A one-shot manual DCA on ETHUSDT buys at market on its first candle and rests a take profit 5 %
 * above; a Zeno (futures) deployed three hours before it goes short stands for the futures bots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountFaults } from '#local/paper-exchange/faults';
import { stackControls } from '#local/stack';
import { call } from '../../support/api';
import { deployBot, startDcaManual } from '../../support/bots';
import {
  cockpitOf,
  faultsOf as faultsOfAccount,
  journalOf,
  notesOf,
  startBotStack,
  switchFaults,
  tradingMember,
  ZENO_SHORT_AT,
  type BotStack,
  type DeployedBot as Bot,
  type Member,
} from './support';
import { exchangeOf } from '../../support/paper-client';

let bots: BotStack;
let zeno: Bot;

const baseOrder = async (b: Bot) => (await journalOf(b)).find((o) => o.type === 'market');
const positions = async (m: Member) => (await call('getPositions', {}, m.idToken)).body.positions;
/** An asset's balance on the member's spot account, free or in all (free and locked). */
const balanceOf = async (m: Member, asset: string, part: 'free' | 'total') => {
  const balance = (await exchangeOf(m.key, 'spot').fetchBalance()) as unknown as Record<
    'free' | 'total',
    Record<string, number | undefined>
  >;
  return Number(balance[part][asset] ?? 0);
};

const switchOn = (path: string, faults: AccountFaults) => switchFaults(bots, path, faults);
const faultsOf = (m: Member, faults: AccountFaults) => faultsOfAccount(bots, m, faults);

/**
 * The key's user data streams out (the paper exchange drops each as it opens) until the test's end,
 * and the stream's status says so: the executor then looks up what rests instead of trusting it.
 */
const streamOut = async (m: Member) => {
  const answer = await fetch(`${bots.stack.webUrl}/paper/accounts/${m.key.apiKey}/streams/outage`, {
    method: 'POST',
  });
  expect(answer.status).toBe(200);
  const { getStreamStatus } = await import('#functions/bots/store');
  const { memberIdOf } = await import('../../support/api');
  const memberId = await memberIdOf(m.email);
  for (let waited = 0; (await getStreamStatus(memberId, 'spot'))?.upSince !== undefined; waited += 100) {
    if (waited > 20_000) throw new Error('the stream still counts as up');
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The next minute's tick: the same candle, acted on again if the last attempt was put off. */
const nextMinute = async () => {
  bots.advance(60_000);
  await bots.runTick();
};

/** A one-shot manual DCA of 30 USDT on ETHUSDT; it trades from the candle after the next tick. */
const startDca = async (): Promise<Bot> => {
  const member = await tradingMember('executive');
  const started = await startDcaManual(member.idToken, 'ETHUSDT', 30, [], {
    takeProfitPct: 5,
    oneShot: true,
  });
  expect(started.status).toBe(200);
  return { member, id: started.body.deployment.id };
};

/** Started, then its first candle traded: bought at market, its take profit resting. */
const dcaHolding = async (): Promise<Bot> => {
  const b = await startDca();
  await bots.nextHour();
  await bots.nextHour();
  expect((await journalOf(b)).map((o) => [o.type, o.status])).toEqual([
    ['limit', 'resting'],
    ['market', 'filled'],
  ]);
  return b;
};

/**
 * What must hold whatever happened: every exchange order of the symbol under a client order id of
 * the bot's journal, none twice, each filled as much as the journal says, and the bot's position
 * what the exchange holds (spot: the coin's balance; futures: the symbol's position).
 */
const agreesWithExchange = async (b: Bot, market: 'spot' | 'futures', symbol: string) => {
  const exchange = exchangeOf(b.member.key, market);
  const orders = await exchange.fetchOrders(symbol);
  const ids = orders.map((o) => o.clientOrderId);
  expect(new Set(ids).size).toBe(ids.length);
  const ours = new Map((await journalOf(b)).map((o) => [o.clientOrderId, o]));
  for (const o of orders.filter((x) => ours.has(x.clientOrderId!)))
    expect(ours.get(o.clientOrderId!)!.filled).toBeCloseTo(o.filled ?? 0, 8);
  const held = (await positions(b.member)).reduce((s, p: { quantity: number }) => s + p.quantity, 0);
  if (market === 'spot') {
    // What a sale leaves below one lot step is dust, kept aside from the position.
    const total = await balanceOf(b.member, symbol.split('/')[0], 'total');
    expect(Math.abs(held - total)).toBeLessThan(0.0001);
  } else {
    const [position] = await exchange.fetchPositions([symbol]);
    expect(held).toBeCloseTo(Math.abs(Number(position?.contracts ?? 0)), 8);
  }
};

beforeAll(async () => {
  bots = await startBotStack(ZENO_SHORT_AT);
  const member = await tradingMember('imperial');
  const deployed = await deployBot(member.idToken, 'zeno', { amountUsdt: 50 });
  expect(deployed.status).toBe(200);
  zeno = { member, id: deployed.body.deployment.id };
  for (let hour = 0; hour < 60 && (await cockpitOf(zeno)).position === null; hour++) await bots.nextHour();
}, 600_000);
afterAll(() => bots?.stop());

describe("the member's own hands", () => {
  it('a futures position closed by hand: the bot follows the exchange and tells the member', async () => {
    const before = await cockpitOf(zeno);
    expect(before.position).not.toBeNull();
    const exchange = exchangeOf(zeno.member.key, 'futures');
    const [open] = await exchange.fetchPositions(['BTC/USDT:USDT']);
    await exchange.createOrder(
      'BTC/USDT:USDT',
      'market',
      open.side === 'long' ? 'sell' : 'buy',
      open.contracts!,
      undefined,
      {
        reduceOnly: true,
      },
    );
    await bots.nextHour();
    // Whatever its model then did on this candle (here it may open anew), its position is the exchange's.
    expect(await notesOf(zeno.member)).toContainEqual(
      expect.stringMatching(
        /^Zeno: your Binance futures position is 0 BTC, less than the [\d.]+ BTC it held \(sold, closed or moved by hand\)\. It now counts 0 BTC as its position\.$/,
      ),
    );
    await agreesWithExchange(zeno, 'futures', 'BTC/USDT:USDT');
    expect(bots.queue().deadLetters()).toEqual([]);
  }, 300_000);

  it('a resting take profit cancelled on Binance, then part of the coins sold: the journal says so, the position follows, the member is told', async () => {
    const b = await dcaHolding();
    const exchange = exchangeOf(b.member.key, 'spot');
    const tp = (await journalOf(b))[0];
    await exchange.cancelOrder('', 'ETH/USDT', { origClientOrderId: tp.clientOrderId });
    const eth = await balanceOf(b.member, 'ETH', 'free');
    await exchange.createOrder('ETH/USDT', 'market', 'sell', Math.floor((eth / 2) * 1e4) / 1e4);
    await bots.nextHour();
    const after = await journalOf(b);
    expect(after.find((o) => o.clientOrderId === tp.clientOrderId)).toMatchObject({
      status: 'cancelled',
      note: 'cancelled or expired on Binance, not by the bot',
    });
    const told = await notesOf(b.member);
    expect(told).toContainEqual(
      'Manual DCA: its sell order (take profit) was cancelled or expired on Binance, not by the bot.',
    );
    expect(told).toContainEqual(
      expect.stringMatching(
        /^Manual DCA: your Binance spot account holds [\d.]+ ETH, less than the [\d.]+ ETH it held/,
      ),
    );
    // Its new take profit sells what is left, no more.
    const next = after[0];
    expect(next).toMatchObject({ type: 'limit', side: 'sell', status: 'resting' });
    const left = (await positions(b.member))[0].quantity;
    expect(next.size).toBeLessThanOrEqual(left);
    expect(next.size).toBeGreaterThan(left - 0.0001); // one lot step
    expect((await cockpitOf(b)).state.name).toBe('position');
    await agreesWithExchange(b, 'spot', 'ETH/USDT');
  }, 300_000);

  it('the quote moved out before a buy: Needs attention, the exchange refusal in the journal, a notification', async () => {
    const b = await startDca();
    await bots.nextHour();
    const exchange = exchangeOf(b.member.key, 'spot');
    const usdt = await balanceOf(b.member, 'USDT', 'free');
    await exchange.createOrder('BTC/USDT', 'market', 'buy', undefined as unknown as number, undefined, {
      quoteOrderQty: Math.floor(usdt - 1),
    });
    await bots.nextHour();
    const buy = (await journalOf(b)).find((o) => o.type === 'market');
    expect(buy).toMatchObject({
      status: 'refused',
      note: 'Account has insufficient balance for requested action.',
    });
    expect((await cockpitOf(b)).state).toMatchObject({
      name: 'attention',
      label: 'Needs attention',
      detail: 'Not enough free balance on your spot account.',
    });
    expect(await notesOf(b.member)).toContainEqual(
      'Manual DCA: the exchange refused its buy order (DCA base order): not enough free balance on your spot account.',
    );
  }, 300_000);
});

describe('faults whose outcome is unknown or that refuse a request unrun', () => {
  it('an order answered 503 "execution status unknown" is looked up by its client order id, never sent again, even after its candle', async () => {
    const b = await startDca();
    await bots.nextHour();
    // The order runs but its answer is a 503; the lookups of the two tries that follow at once are busy.
    await faultsOf(b.member, {
      rules: [{ fault: 'unknownOutcome' }, { fault: 'busy', method: 'GET', times: 2 }],
    });
    await bots.nextHour();
    // It filled on the exchange; the bot does not know yet, and nothing needs the member.
    expect((await journalOf(b)).map((o) => [o.type, o.status])).toEqual([['market', 'sending']]);
    expect((await cockpitOf(b)).state.name).not.toBe('attention');
    await bots.nextHour();
    const [tp, buy] = await journalOf(b);
    expect(buy).toMatchObject({ type: 'market', status: 'filled' });
    expect(tp).toMatchObject({ type: 'limit', status: 'resting' });
    expect(await exchangeOf(b.member.key, 'spot').fetchMyTrades('ETH/USDT')).toHaveLength(1);
    await agreesWithExchange(b, 'spot', 'ETH/USDT');
    expect(bots.queue().deadLetters()).toEqual([]);
  }, 300_000);

  it('-1021 is signed anew at once; a -1008 that lasts puts the tick off to the next minute; the order is looked up first, then sent once', async () => {
    const b = await startDca();
    await bots.nextHour();
    await faultsOf(b.member, {
      rules: [{ fault: 'recvWindow' }, { fault: 'busy', method: 'GET', times: 2 }],
    });
    await bots.nextHour();
    expect((await journalOf(b)).map((o) => o.status)).toEqual(['sending']);
    expect((await cockpitOf(b)).state.name).not.toBe('attention');
    await nextMinute();
    expect((await journalOf(b)).map((o) => [o.type, o.status])).toEqual([
      ['limit', 'resting'],
      ['market', 'filled'],
    ]);
    expect((await cockpitOf(b)).state.name).toBe('position');
    await agreesWithExchange(b, 'spot', 'ETH/USDT');
    expect(bots.queue().deadLetters()).toEqual([]);
  }, 300_000);

  it('a 429 and a 418 ban are waited out for their Retry-After, and the tick goes on', async () => {
    const b = await startDca();
    await bots.nextHour();
    await faultsOf(b.member, { rules: [{ fault: 'rateLimit', retryAfter: 1 }] });
    await bots.nextHour();
    expect((await journalOf(b)).map((o) => o.status)).toEqual(['resting', 'filled']);
    // With the key's stream out, the take profit resting on is looked up at the next close.
    await streamOut(b.member);
    await faultsOf(b.member, { rules: [{ fault: 'ban', retryAfter: 2 }] });
    const tp = (await journalOf(b)).find((o) => o.type === 'limit')!;
    const began = Date.now();
    await bots.nextHour();
    // The lane stayed closed for the ban's two seconds; then the candle was acted on as usual: the
    // take profit, still wanted where it rests, rests on.
    expect(Date.now() - began).toBeGreaterThanOrEqual(2_000);
    const after = await journalOf(b);
    expect(after[0]).toMatchObject({ clientOrderId: tp.clientOrderId, type: 'limit', status: 'resting' });
    expect((await cockpitOf(b)).state.name).toBe('position');
    await agreesWithExchange(b, 'spot', 'ETH/USDT');
    expect(bots.queue().deadLetters()).toEqual([]);
  }, 300_000);

  it('a maintenance: nothing is traded while Binance is away, and the bot acts on its first tick after', async () => {
    const b = await startDca();
    await bots.nextHour();
    // Away from now for 90 minutes: the candle the bot is to buy on closes in the middle of it.
    await switchOn('/faults', { rules: [{ fault: 'maintenance', until: bots.now() + 90 * 60_000 }] });
    const status = await fetch(`${bots.stack.webUrl}/paper/binance/sapi/v1/system/status`);
    expect(await status.json()).toEqual({ status: 1, msg: 'system_maintenance' });
    // The tick cannot read the candles: it fails (EventBridge tries it again), no bot is asked to act.
    bots.advance(3_600_000);
    await expect(stackControls(bots.stack).runSchedule('botTick', new Date(bots.now()))).rejects.toThrow();
    expect(await journalOf(b)).toEqual([]);
    // The first minute after it: the candle is traded, late but once.
    bots.advance(31 * 60_000);
    await bots.runTick();
    expect((await journalOf(b)).map((o) => [o.type, o.status])).toEqual([
      ['limit', 'resting'],
      ['market', 'filled'],
    ]);
    expect((await cockpitOf(b)).state.name).toBe('position');
    expect(bots.queue().deadLetters()).toEqual([]);
  }, 300_000);
});

describe('refusals the member must act on', () => {
  it('-2015, a filter refusal and insufficient balance: Needs attention with what to do, the exchange words in the journal, a notification', async () => {
    const [key, filter, funds] = [await startDca(), await startDca(), await startDca()];
    await bots.nextHour();
    await faultsOf(key.member, { rules: [{ fault: 'keyRejected', times: 50 }] });
    await faultsOf(filter.member, { rules: [{ fault: 'filter', filter: 'LOT_SIZE' }] });
    await faultsOf(funds.member, { rules: [{ fault: 'insufficientBalance' }] });
    await bots.nextHour();

    expect(await baseOrder(key)).toMatchObject({
      status: 'refused',
      note: 'Invalid API-key, IP, or permissions for action. (-2015)',
    });
    expect((await cockpitOf(key)).state).toMatchObject({
      name: 'attention',
      detail: 'Binance refused your API key.',
    });
    expect(await notesOf(key.member)).toContainEqual(
      'Manual DCA: the exchange refused its buy order (DCA base order): your API key was refused. Check it on the Exchange page (trading must be enabled).',
    );

    expect(await baseOrder(filter)).toMatchObject({
      status: 'refused',
      note: 'Filter failure: LOT_SIZE (-1013)',
    });
    expect((await cockpitOf(filter)).state).toMatchObject({
      name: 'attention',
      detail: 'Filter failure: LOT_SIZE (-1013)',
    });
    expect(await notesOf(filter.member)).toContainEqual(
      'Manual DCA: the exchange refused its buy order (DCA base order): Filter failure: LOT_SIZE (-1013)',
    );

    expect(await baseOrder(funds)).toMatchObject({
      status: 'refused',
      note: 'Account has insufficient balance for requested action.',
    });
    expect((await cockpitOf(funds)).state.name).toBe('attention');

    // The key works again: nothing of the refused orders reached the exchange; the next candle clears the attention.
    await faultsOf(key.member, {});
    for (const b of [key, filter, funds])
      expect(await exchangeOf(b.member.key, 'spot').fetchOrders('ETH/USDT')).toEqual([]);
    await bots.nextHour();
    expect((await cockpitOf(key)).state.name).not.toBe('attention');
    expect(bots.queue().deadLetters()).toEqual([]);
  }, 300_000);
});

describe('the order book’s own faults', () => {
  it('a cancel that loses the race with a fill (-2011 "Unknown order sent.") records the fill, once', async () => {
    const b = await dcaHolding();
    const tp = (await journalOf(b))[0];
    await faultsOf(b.member, { rules: [{ fault: 'cancelRace', clientOrderId: tp.clientOrderId }] });
    // The take profit rests across candles: the member's pause cancels it.
    expect((await call('pauseBot', { id: b.id }, b.member.idToken)).status).toBe(200);
    await bots.nextHour();
    const filled = (await journalOf(b)).find((o) => o.clientOrderId === tp.clientOrderId)!;
    expect(filled).toMatchObject({ status: 'filled', filled: tp.size });
    expect(await positions(b.member)).toEqual([]);
    const closed = (await call('getClosedOrders', { limit: 10 }, b.member.idToken)).body.items;
    expect(closed).toHaveLength(1);
    expect(closed[0].profit).toBeGreaterThan(0);
    await agreesWithExchange(b, 'spot', 'ETH/USDT');
  }, 300_000);

  it('a partial fill, the rest cancelled: "partly filled", the position what is left', async () => {
    const b = await dcaHolding();
    const tp = (await journalOf(b))[0];
    const held = (await positions(b.member))[0].quantity;
    await faultsOf(b.member, { rules: [{ fault: 'cancelRace' }, { fault: 'partialFill' }] });
    expect((await call('pauseBot', { id: b.id }, b.member.idToken)).status).toBe(200);
    await bots.nextHour();
    const part = (await journalOf(b)).find((o) => o.clientOrderId === tp.clientOrderId)!;
    expect(part.status).toBe('partly filled');
    expect(part.filled).toBeGreaterThan(0);
    expect(part.filled).toBeLessThan(tp.size);
    expect((await positions(b.member))[0].quantity).toBeCloseTo(held - part.filled, 8);
    await agreesWithExchange(b, 'spot', 'ETH/USDT');
  }, 300_000);

  it("self-trade prevention expires the bot's resting order (EXPIRED_IN_MATCH) when another order of the account crosses it", async () => {
    const b = await dcaHolding();
    const tp = (await journalOf(b))[0];
    await faultsOf(b.member, { rules: [{ fault: 'selfTrade' }] });
    // Another order of the same account, on the other side of the same symbol.
    await exchangeOf(b.member.key, 'spot').createOrder('ETH/USDT', 'market', 'buy', 0.01);
    await bots.nextHour();
    const after = await journalOf(b);
    expect(after.find((o) => o.clientOrderId === tp.clientOrderId)).toMatchObject({
      status: 'cancelled',
      note: "expired by Binance's self-trade prevention (EXPIRED_IN_MATCH): another order on your account crossed it on ETHUSDT",
    });
    expect(await notesOf(b.member)).toContainEqual(
      "Manual DCA: its sell order (take profit) was expired by Binance's self-trade prevention (EXPIRED_IN_MATCH): another order on your account crossed it on ETHUSDT. Two bots on one symbol can cross each other.",
    );
    expect(after[0]).toMatchObject({ type: 'limit', status: 'resting' });
  }, 300_000);
});
