/**
 * Fills pushed by the user data streams (issue 30, point 2): the stack's user stream service keeps
 * one stream per bound key and market with running bots (functions/streams) and records each fill
 * as it comes, through the executor's once-only path. Between two candle closes no tick runs here,
 * so only a stream can put a fill in the journal; a stream that is out (the paper exchange's outage,
 * as a network failure) leaves its fills to the candle-close lookups, and a fill the stream recorded
 * is recorded no second time by the lookup: each fill once. Both tests wait on a Zeno stop that the
 * exchange fills mid-candle: it fills whenever the replay crosses its price, with no model to agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackControls } from '#local/stack';
import { call } from '../../support/api';
import { deployBot } from '../../support/bots';
import {
  fleetWeightSince,
  notesOf,
  startBotStack,
  tradingMember,
  type BotStack,
  type Member,
  within,
} from './support';
import { exchangeOf } from '../../support/paper-client';

interface Zeno {
  member: Member;
  id: string;
}
interface JournalRow {
  clientOrderId: string;
  type: string;
  status: string;
  fee: number | null;
}

/**
 * Two hours of the shipped candles when a Zeno deployed then goes into a position within hours,
 * and its stop fills within hours more (its backtest: short at 09:00, stopped out at 14:00 on 21
 * October 2025; short at 12:00, stopped out at 17:00 on 26 November). A Zeno deployed once the
 * first was stopped out, at 15:00 on 21 October, waited 15 hours for a position and more than three
 * days for its stop (that test took 8 minutes).
 */
const ZENO_STOPPED_SOON = Date.UTC(2025, 9, 21, 5, 0, 0);
const ZENO_STOPPED_SOON_AGAIN = Date.UTC(2025, 10, 26, 9, 0, 0);
const QUARTER = 15 * 60_000;
const HOUR = 3_600_000;
const PERP = 'BTC/USDT:USDT';
let bots: BotStack;
/** The exchange's clock when the replay was at ZENO_STOPPED_SOON. */
let startedAt: number;

const journal = async (z: Zeno): Promise<JournalRow[]> =>
  (await call('getBotJournal', { id: z.id, limit: 50 }, z.member.idToken)).body.items;
const rowsOf = async (z: Zeno, clientOrderId: string) =>
  (await journal(z)).filter((o) => o.clientOrderId === clientOrderId);
/** The member's notifications of a Zeno stop's fill. */
const stopNotes = async (m: Member): Promise<string[]> =>
  (await notesOf(m)).filter((n: string) =>
    /^Zeno: (sold|bought) [\d.]+ BTC at [\d.]+ USDT \(.*stop.*\)/.test(n),
  );
const closedTrades = async (m: Member): Promise<number> =>
  (await call('getClosedOrders', { limit: 50 }, m.idToken)).body.items.length;
const controls = () => stackControls(bots.stack);
const listening = (m: Member) => controls().paperListening(m.key.apiKey);
const heard = (clientOrderId: string) => controls().userStreams!.heard().includes(clientOrderId);
/** The member's BTC position on the exchange, in contracts. */
const held = async (m: Member) =>
  Number((await exchangeOf(m.key, 'futures').fetchPositions([PERP]))[0]?.contracts ?? 0);
const atTheHour = () => bots.now() % HOUR === 0;
/** The fees (USDT) the exchange charged for the member's last futures order, from its trades. */
const lastOrderFee = async (m: Member) => {
  const trades = await exchangeOf(m.key, 'futures').fetchMyTrades(PERP);
  const last = trades.at(-1)?.order;
  return trades.filter((t) => t.order === last).reduce((sum, t) => sum + Number(t.fee?.cost ?? 0), 0);
};

/**
 * The paper exchange's outage of the key's user data streams: its connections dropped with no close
 * frame, as a network failure would, and each new one dropped as it opens, until it ends.
 */
const outage = async (m: Member, on: boolean): Promise<void> => {
  const answer = await fetch(`${bots.stack.webUrl}/paper/accounts/${m.key.apiKey}/streams/outage`, {
    method: on ? 'POST' : 'DELETE',
  });
  expect(answer.status).toBe(200);
};

/** A Zeno deployed for a new member, with its key's futures stream open (it opens with the first bot). */
const deployedZeno = async (): Promise<Zeno> => {
  const member = await tradingMember('imperial');
  const deployed = await deployBot(member.idToken, 'zeno', { amountUsdt: 50 });
  expect(deployed.status).toBe(200);
  await within(10_000, () => listening(member));
  return { member, id: deployed.body.deployment.id as string };
};

/**
 * Hour by hour (the tick at each) until a stop rests for a position, then `step` at a time (a
 * quarter, or the whole hour) with no tick until the exchange fills it: between two ticks nothing but
 * the exchange moves the position. `beforeStep` runs before each step played with a stop resting.
 * Answers the stop that filled; the clock is then inside the stop's candle or at its close, with
 * the close's tick not run.
 */
const stopFilled = async (
  zeno: Zeno,
  step: number,
  beforeStep: () => Promise<void> = async () => undefined,
) => {
  for (let played = 0; played < (200 * HOUR) / step; played++) {
    const resting = (await journal(zeno)).find((o) => o.type === 'stop' && o.status === 'resting');
    const before = resting ? await held(zeno.member) : 0;
    if (resting) await beforeStep();
    bots.advance(resting ? step : HOUR - (bots.now() % HOUR));
    // the lookup of the position walks the exchange's replay over the step: the stop fills now
    if (resting && (await held(zeno.member)) !== before) return resting;
    if (atTheHour()) await bots.runTick();
  }
  throw new Error('no stop filled');
};

/** The replay moved on to `at` with no tick: the file's tests go forward in time, in their order. */
const replayTo = (at: number) => {
  const replaying = ZENO_STOPPED_SOON + bots.now() - startedAt;
  if (replaying > at) throw new Error(`the replay is past ${new Date(at).toISOString()} already`);
  bots.advance(at - replaying);
};

/** The candle's close: the clock moved to the hour, if not there yet, and the tick run. */
const candleClose = async () => {
  if (!atTheHour()) bots.advance(HOUR - (bots.now() % HOUR));
  await bots.runTick();
};

/** Our position as the exchange's, after the stop. */
const positionAsExchange = async (m: Member) => {
  const [position] = (await call('getPositions', {}, m.idToken)).body.positions as { quantity: number }[];
  expect(position?.quantity ?? 0).toBeCloseTo(await held(m), 8);
};

beforeAll(async () => {
  bots = await startBotStack(ZENO_STOPPED_SOON);
  startedAt = bots.now();
}, 300_000);
afterAll(() => bots?.stop());

describe('fills pushed by the user data stream', () => {
  it('a futures stop filled mid-candle is in the journal and the notifications within seconds, before its candle closes; the settlement at the close records it no second time', async () => {
    replayTo(ZENO_STOPPED_SOON);
    const zeno = await deployedZeno();
    const stop = await stopFilled(zeno, QUARTER);
    const filledAt = bots.now();
    // recorded by the stream, with no tick run (the journal's row, then the stream's own count)
    await within(
      5_000,
      async () =>
        (await rowsOf(zeno, stop.clientOrderId))[0]?.status === 'filled' && heard(stop.clientOrderId),
    );
    // from the trades the stream told: no request asked for it (a lookup was the stop, the order it
    // became and that order's trades), and its fee as the exchange charged it
    expect(await fleetWeightSince(bots, 'futures', filledAt)).toBe(0);
    const [row] = await rowsOf(zeno, stop.clientOrderId);
    expect(row.fee).toBeGreaterThan(0);
    expect(row.fee).toBeCloseTo(await lastOrderFee(zeno.member), 8);
    expect(await stopNotes(zeno.member)).toHaveLength(1);
    const trades = await closedTrades(zeno.member);
    expect(trades).toBeGreaterThan(0);

    // the candle's close: its settlement finds the stop recorded, and records nothing more
    await candleClose();
    expect((await rowsOf(zeno, stop.clientOrderId)).map((o) => o.status)).toEqual(['filled']);
    expect(await stopNotes(zeno.member)).toHaveLength(1);
    expect(await closedTrades(zeno.member)).toBe(trades);
    await positionAsExchange(zeno.member);
  }, 600_000);

  it("a stop filled while its stream is out is recorded once by the candle-close lookup; the stream comes back, and closes with the key's last bot", async () => {
    replayTo(ZENO_STOPPED_SOON_AGAIN);
    const zeno = await deployedZeno();
    // every hour played with a stop resting begins with the stream out (an outage)
    const stop = await stopFilled(zeno, HOUR, () => outage(zeno.member, true));
    const trades = await closedTrades(zeno.member);
    await outage(zeno.member, false);
    await within(10_000, () => listening(zeno.member));
    // a stream tells only what changed while it was open: the fill waits for the candle's close
    expect((await rowsOf(zeno, stop.clientOrderId)).map((o) => o.status)).toEqual(['resting']);
    expect(await stopNotes(zeno.member)).toEqual([]);

    await candleClose();
    expect((await rowsOf(zeno, stop.clientOrderId)).map((o) => o.status)).toEqual(['filled']);
    expect(heard(stop.clientOrderId)).toBe(false);
    expect((await rowsOf(zeno, stop.clientOrderId))[0].fee).toBeCloseTo(await lastOrderFee(zeno.member), 8);
    expect(await stopNotes(zeno.member)).toHaveLength(1);
    expect(await closedTrades(zeno.member)).toBe(trades + 1);
    await positionAsExchange(zeno.member);

    // its key's last bot stopped: the stream closes
    const undeployed = await call(
      'undeployBot',
      { bot: 'zeno', acceptTerms: true, acceptRisk: true },
      zeno.member.idToken,
    );
    expect(undeployed.status).toBe(200);
    await bots.runTick();
    await within(10_000, () => !listening(zeno.member));
  }, 600_000);
});
