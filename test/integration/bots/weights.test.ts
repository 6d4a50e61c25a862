/**
 * The fleet's request-weight budget on the paper exchange (DESIGN.md "What the whole fleet may ask
 * of an exchange"): with Binance's spot limit lowered to 50 a minute, the first candle of 80 DCA
 * bots (each buys at market and rests its ladder) needs more weight than the three simulated egress
 * IPs may use in a minute. The executor spreads it over the following minutes, never past 80 % of
 * the limit on any IP, and the exchange never answers 429 or 418; every bot still acts on the candle.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '#core/clock';
import { stackControls } from '#local/stack';
import { seedDcaBots, seedMembers } from '../../../bench/tick/fleet';
import { startBotStack, type BotStack } from './support';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const SPOT_LIMIT = 50;
const START_AT = Date.UTC(2025, 2, 10, 0, 0, 0);
const MEMBERS = 10;
const BOTS_PER_MEMBER = 8;

let bots: BotStack;
beforeAll(async () => {
  bots = await startBotStack(START_AT, { spot: SPOT_LIMIT });
}, 120_000);
afterAll(() => bots?.stop());
afterEach(() => setClock(null));

/**
 * Both clocks on one reading: the paper exchange counts weight by its clock's minute and the
 * functions' budget by theirs (in AWS both are the wall clock).
 */
const move = (ms: number) => {
  bots.advance(ms);
  setClock(new Date(bots.now()));
};

/** Runs the bot tick at the next whole hour (a candle closes) and moves a minute a second until the queue drains. */
const candleTick = async () => {
  move(HOUR - (bots.now() % HOUR) + 5_000);
  const tickAt = bots.now();
  const { runSchedule, queue } = stackControls(bots.stack);
  await runSchedule('botTick', new Date(tickAt));
  let drained = false;
  const done = queue.drained().then(() => (drained = true));
  while (!drained) {
    await Promise.race([done, new Promise((r) => setTimeout(r, 1_000))]);
    if (!drained) move(MINUTE);
  }
  return tickAt;
};

interface WeightReport {
  [ip: string]: {
    spot?: { limit: number; bans: number; minutes: { minute: number; weight: number }[] };
    futures?: { limit: number; bans: number; minutes: { minute: number; weight: number }[] };
  };
}

const weights = async (): Promise<WeightReport> =>
  (await fetch(`${bots.stack.webUrl}/paper/weights`)).json() as Promise<WeightReport>;

describe('the fleet on a lowered weight limit', () => {
  it('spreads a candle tick over minutes, under 80 % of the limit on every IP, without a 429 or 418', async () => {
    // Members and bots straight into the table (the deploy API is tested elsewhere; here what
    // matters is the executor's traffic), on the exchange's clock from the start.
    setClock(new Date(bots.now()));
    const members = await seedMembers(bots.stack.webUrl, MEMBERS, 10_000);
    const deployments = await seedDcaBots(members, MEMBERS * BOTS_PER_MEMBER, 400);

    // The first tick starts the bots; on the next candle every one of them buys and rests its
    // ladder (a candle where the ladders rest on costs next to nothing: resting.test.ts).
    await candleTick();
    const lastTick = await candleTick();

    const report = await weights();
    const cap = SPOT_LIMIT * 0.8;
    const lanes = Object.entries(report).filter(([ip]) => ip.startsWith('127.0.0.1') && ip !== '127.0.0.1');
    expect(lanes.length).toBeGreaterThan(1);
    let tickMinutes = 0;
    let tickWeight = 0;
    for (const [ip, families] of Object.entries(report))
      for (const family of [families.spot, families.futures]) {
        if (!family) continue;
        expect(family.bans, `${ip} was banned`).toBe(0);
        for (const { minute, weight } of family.minutes) {
          // A 429 would show: the paper exchange counts a refused request's weight too.
          if (family === families.spot)
            expect(weight, `${ip} at ${new Date(minute).toISOString()}`).toBeLessThanOrEqual(cap);
          if (family === families.spot && minute >= lastTick - (lastTick % MINUTE)) {
            tickMinutes++;
            tickWeight += weight;
          }
        }
      }
    // The last candle's work did not fit in one minute of the three IPs: it was spread, not refused.
    expect(tickWeight).toBeGreaterThan(cap * lanes.length);
    expect(tickMinutes).toBeGreaterThan(lanes.length);

    const { getDeployment, deploymentOrders } = await import('#functions/bots/store');
    const closed = lastTick - (lastTick % HOUR) - HOUR;
    for (const id of deployments) {
      const d = await getDeployment(id);
      expect(d?.status).toBe('active');
      expect(d?.lastCandle).toBe(closed);
      const orders = await deploymentOrders(id);
      expect(orders.filter((o) => o.status === 'failed')).toEqual([]);
      expect(orders.some((o) => o.candle > closed)).toBe(true);
    }
    expect(stackControls(bots.stack).queue.deadLetters()).toEqual([]);
  }, 420_000);
});
