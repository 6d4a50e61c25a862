/**
 * Fills pushed by the user data streams (issue 30, point 2): the stack's user stream service keeps
 * one stream per bound key and market with running bots (functions/streams) and records each fill
 * as it comes, through the executor's once-only path. Between two candle closes no tick runs here,
 * so only a stream can put a fill in the journal; a dropped stream (the paper exchange's drop, as a
 * network failure) leaves its fills to the candle-close lookups, and a fill the stream recorded is
 * recorded no second time by the lookup: each fill once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binanceClient } from '#functions/exchange/clients';
import { stackControls } from '#local/stack';
import { call } from '../../support/api';
import { deployBot, startDcaManual } from '../../support/bots';
import { startBotStack, tradingMember, type BotStack } from './support';

type Member = Awaited<ReturnType<typeof tradingMember>>;
interface Bot {
  member: Member;
  id: string;
}
interface JournalRow {
  clientOrderId: string;
  type: string;
  side: string;
  status: string;
  reason: string;
  filled: number;
}

/**
 * 21 October 2025, 05:00: Zeno's backtest over the shipped candles goes short at 09:00 and is
 * stopped out at 14:00, so a deployed Zeno's stop fills within hours.
 */
const ZENO_STOPPED_SOON = Date.UTC(2025, 9, 21, 5, 0, 0);
const QUARTER = 15 * 60_000;
const HOUR = 3_600_000;
let bots: BotStack;

const journal = async (b: Bot): Promise<JournalRow[]> =>
  (await call('getBotJournal', { id: b.id, limit: 50 }, b.member.idToken)).body.items;
const notes = async (m: Member): Promise<string[]> =>
  (await call('listNotifications', { limit: 50 }, m.idToken)).body.items.map(
    (n: { message: string }) => n.message,
  );
const closedTrades = async (m: Member): Promise<unknown[]> =>
  (await call('getClosedOrders', { limit: 50 }, m.idToken)).body.items;
const exchangeOf = (m: Member, market: 'spot' | 'futures') =>
  binanceClient({ apiKey: m.key.apiKey, secret: m.key.secret }, market);
const controls = () => stackControls(bots.stack);
const listening = (m: Member) => controls().paperListening(m.key.apiKey);
const heard = (clientOrderId: string) => controls().userStreams!.heard().includes(clientOrderId);

/** Polls `test` every 50 ms until it holds; fails after `ms`. Answers how long it took. */
const within = async (ms: number, test: () => Promise<boolean> | boolean): Promise<number> => {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
};

/** Drops the key's user data stream connections with no close frame, as a network failure would. */
const dropStreams = async (m: Member): Promise<void> => {
  const answer = await fetch(`${bots.stack.webUrl}/paper/accounts/${m.key.apiKey}/streams`, {
    method: 'DELETE',
  });
  expect(answer.status).toBe(200);
};

/**
 * A one-shot manual DCA on ETHUSDT that bought and rests its take profit 0.5 % above its model's
 * average. When that level is already below the price (the model bought lower than the exchange
 * filled), the take profit fills at once: another member's DCA is started then.
 */
const dcaHolding = async (): Promise<Bot> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const member = await tradingMember('executive');
    const started = await startDcaManual(member.idToken, 'ETHUSDT', 30, [], {
      takeProfitPct: 0.5,
      oneShot: true,
    });
    expect(started.status).toBe(200);
    const b = { member, id: started.body.deployment.id as string };
    await bots.nextHour();
    await bots.nextHour();
    if (await restingTakeProfit(b)) return b;
    expect((await call('closeDca', { id: b.id }, member.idToken)).status).toBe(200);
  }
  throw new Error('no DCA rested its take profit');
};

/** The take profit resting now (each candle rests its own, under its own client order id). */
const restingTakeProfit = async (b: Bot) =>
  (await journal(b)).find((o) => o.type === 'limit' && o.side === 'sell' && o.status === 'resting');

const filledOnExchange = async (b: Bot, clientOrderId: string) =>
  (await exchangeOf(b.member, 'spot').fetchOrder('', 'ETH/USDT', { origClientOrderId: clientOrderId }))
    .status === 'closed';

const atTheHour = () => bots.now() % HOUR === 0;

/**
 * A DCA's take profit filled on the exchange: a quarter of the replay at a time (the tick at each
 * hour) until one fills; `before` runs before each quarter. A DCA whose model took its profit
 * without the exchange (its level missed) rests no take profit any more: another one is started.
 */
const takeProfitFilled = async (before: (b: Bot) => Promise<void> = async () => undefined) => {
  let b = await dcaHolding();
  await within(10_000, () => listening(b.member));
  for (let quarter = 0; quarter < 4 * 100; quarter++) {
    const resting = await restingTakeProfit(b);
    await before(b);
    bots.advance(QUARTER);
    if (resting && (await filledOnExchange(b, resting.clientOrderId))) return { b, tp: resting };
    if (!atTheHour()) continue;
    await bots.runTick();
    if (!(await restingTakeProfit(b))) {
      expect((await call('closeDca', { id: b.id }, b.member.idToken)).status).toBe(200);
      b = await dcaHolding();
      await within(10_000, () => listening(b.member));
    }
  }
  throw new Error('no take profit filled');
};

/** The take profit's fill recorded once: filled on the exchange as in the journal, one trade, one note. */
const recordedOnce = async (b: Bot, clientOrderId: string) => {
  const rows = (await journal(b)).filter((o) => o.clientOrderId === clientOrderId);
  expect(rows).toHaveLength(1);
  expect(rows[0].status).toBe('filled');
  const onExchange = await exchangeOf(b.member, 'spot').fetchOrder('', 'ETH/USDT', {
    origClientOrderId: clientOrderId,
  });
  expect(rows[0].filled).toBeCloseTo(onExchange.filled ?? 0, 8);
  expect(await closedTrades(b.member)).toHaveLength(1);
  expect((await notes(b.member)).filter((n) => n.includes('(take profit)'))).toHaveLength(1);
};

beforeAll(async () => {
  bots = await startBotStack(ZENO_STOPPED_SOON);
}, 300_000);
afterAll(() => bots?.stop());

describe('fills pushed by the user data stream', () => {
  it('a futures stop filled mid-candle is in the journal and the notifications within seconds, before its candle closes; the settlement at the close records it no second time', async () => {
    const member = await tradingMember('imperial');
    const deployed = await deployBot(member.idToken, 'zeno', { amountUsdt: 50 });
    expect(deployed.status).toBe(200);
    const zeno = { member, id: deployed.body.deployment.id as string };
    // the key's futures stream opens once its first bot runs
    await within(10_000, () => listening(member));
    const futures = exchangeOf(member, 'futures');
    const held = async () => Number((await futures.fetchPositions(['BTC/USDT:USDT']))[0]?.contracts ?? 0);
    // Hour by hour until a stop rests for a position, then a quarter at a time (no tick) until the
    // exchange fills it: within the hour, nothing but the exchange moves the position.
    let stop: JournalRow | undefined;
    for (let quarter = 0; quarter < 4 * 200 && !stop; quarter++) {
      const resting = (await journal(zeno)).find((o) => o.type === 'stop' && o.status === 'resting');
      const before = resting ? await held() : 0;
      bots.advance(QUARTER);
      if (resting && (await held()) !== before) stop = resting;
      else if (atTheHour()) await bots.runTick();
    }
    expect(stop).toBeDefined();
    // recorded by the stream (the journal's row, then the notification, then the stream's own count)
    await within(5_000, async () => {
      const row = (await journal(zeno)).find((o) => o.clientOrderId === stop!.clientOrderId);
      return row?.status === 'filled' && heard(stop!.clientOrderId);
    });
    const stopNotes = async () =>
      (await notes(member)).filter((n) =>
        /^Zeno: (sold|bought) [\d.]+ BTC at [\d.]+ USDT \(.*stop.*\)/.test(n),
      );
    expect(await stopNotes()).toHaveLength(1);
    const trades = (await closedTrades(member)).length;
    expect(trades).toBeGreaterThan(0);

    // the candle's close: its settlement finds the stop recorded, and records nothing more
    if (!atTheHour()) bots.advance(HOUR - (bots.now() % HOUR));
    await bots.runTick();
    const rows = (await journal(zeno)).filter((o) => o.clientOrderId === stop!.clientOrderId);
    expect(rows.map((o) => o.status)).toEqual(['filled']);
    expect(await stopNotes()).toHaveLength(1);
    expect(await closedTrades(member)).toHaveLength(trades);
    const [position] = (await call('getPositions', {}, member.idToken)).body.positions as {
      quantity: number;
    }[];
    expect(position?.quantity ?? 0).toBeCloseTo(await held(), 8);
  }, 600_000);

  it('a stream dropped when the take profit fills: the candle-close lookup records the fill once; the stream is back, and closes with the last bot', async () => {
    // each quarter of the replay played right after a drop: the service dials again after 0.5 s
    const { b, tp } = await takeProfitFilled((bot) => dropStreams(bot.member));
    await within(10_000, () => listening(b.member));
    // a stream tells only what changed while it was open: the fill waits for the candle's close
    expect((await restingTakeProfit(b))?.clientOrderId).toBe(tp.clientOrderId);
    if (!atTheHour()) bots.advance(HOUR - (bots.now() % HOUR));
    await bots.runTick();
    await recordedOnce(b, tp.clientOrderId);
    expect(heard(tp.clientOrderId)).toBe(false);
    // its key's last bot stopped: the stream closes
    expect((await call('closeDca', { id: b.id }, b.member.idToken)).status).toBe(200);
    await bots.runTick();
    await within(10_000, () => !listening(b.member));
  }, 600_000);
});
