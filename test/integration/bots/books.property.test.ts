/**
 * Property (issue 32): whatever the timing, a bot never holds more than the member gave it, its
 * stops cover its whole position, no decision reaches the exchange twice, and its books equal the
 * exchange's fills. fast-check drives the executor against the paper exchange with the model and the
 * exchange made to disagree: each tick runs up to 14 minutes after its candle closed (resting orders
 * fill meanwhile, after the close the model saw), an order's answer may be lost (the executor
 * dies between two legs and the message is retried), and a resting limit may fill only in part. After every tick the exchange, read through
 * ccxt with the member's own key, is compared with what the app recorded.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { deployBot } from '../../support/bots';
import { ZENO_CROSS_AT, faultsOf, startBotStack, tradingMember, type BotStack, type Member } from './support';
import { exchangeOf } from '../../support/paper-client';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const USDT = 1_000_000;
// Every run goes on from where the last one left the clock.
const START_AT = ZENO_CROSS_AT;

let bots: BotStack;
beforeAll(async () => {
  bots = await startBotStack(START_AT);
}, 120_000);
afterAll(() => bots?.stop());

// The functions' modules read the table's endpoint when loaded: after this file's stack set it.
const functions = async () => ({
  ...(await import('#functions/bots/store')),
  ...(await import('#engine/strategies/registry')),
});

interface Step {
  /** How long after the candle's close the tick runs. */
  lateMinutes: number;
  /** The first order of the tick reaches the exchange, its answer does not. */
  loseAnswer: boolean;
  /** The first resting limit the price reaches fills half, and rests on for the rest. */
  partialFill: boolean;
}

/** Everything the exchange says about the bot's symbol, read with the member's key. */
const exchangeSide = async (member: Member, market: 'spot' | 'futures', symbol: string) => {
  const client = exchangeOf(member.key, market);
  const unified = market === 'spot' ? `${symbol.slice(0, -4)}/USDT` : `${symbol.slice(0, -4)}/USDT:USDT`;
  const [trades, orders, open, balance] = await Promise.all([
    client.fetchMyTrades(unified),
    client.fetchOrders(unified),
    client.fetchOpenOrders(unified),
    client.fetchBalance(),
  ]);
  const stops =
    market === 'futures'
      ? await client.fetchOpenOrders(unified, undefined, undefined, { trigger: true })
      : [];
  const totals = balance.total as unknown as Record<string, number>;
  const [p] = market === 'futures' ? await client.fetchPositions([unified]) : [];
  const position =
    market === 'futures'
      ? Number(p?.contracts ?? 0) * (p?.side === 'short' ? -1 : 1)
      : Number(totals[symbol.slice(0, -4)] ?? 0);
  const entry = Number(p?.entryPrice ?? 0);
  return {
    trades,
    orders,
    open,
    stops,
    position,
    entry,
    usdt: Number(totals.USDT ?? 0),
  };
};

/** A trade's fee in USDT, valued at its price when paid in the coin. */
const feeUsdt = (t: { fee?: { cost?: number; currency?: string }; price?: number }) =>
  t.fee?.currency === 'USDT' ? Number(t.fee.cost ?? 0) : Number(t.fee?.cost ?? 0) * Number(t.price);

const checkBooks = async (member: Member, deploymentId: string, startUsdt: number) => {
  const { getDeployment, deploymentOrders, getBot } = await functions();
  const d = (await getDeployment(deploymentId))!;
  const ex = await exchangeSide(member, d.market, d.symbol);
  const journal = await deploymentOrders(deploymentId);
  const closed = (await call('getClosedOrders', { limit: 100 }, member.idToken)).body.items;
  const limit = (d.capital / USDT) * getBot(d.bot).leverage;
  const held = (d.position?.size ?? 0) + (d.dust?.size ?? 0);

  // The app's position is the exchange's.
  expect(held).toBeCloseTo(ex.position, 9);

  // No decision sent twice: one exchange order per client order id, each one of the journal's.
  const ids = ex.orders.map((o) => o.clientOrderId);
  expect(new Set(ids).size).toBe(ids.length);
  const journalIds = new Set(journal.map((o) => o.clientOrderId));
  expect(ids.filter((id) => !journalIds.has(id!))).toEqual([]);

  // Every fill in the journal is the exchange's: its quantity and its fees as charged.
  for (const o of journal.filter((j) => j.status === 'filled')) {
    const own = ex.trades.filter(
      (t) =>
        String(t.order) === o.orderId ||
        ex.orders.some((x) => x.clientOrderId === o.clientOrderId && String(x.id) === String(t.order)),
    );
    expect(own.reduce((s, t) => s + Number(t.amount), 0)).toBeCloseTo(o.filled!, 9);
    expect(own.reduce((s, t) => s + feeUsdt(t), 0)).toBeCloseTo(o.fee!, 9);
  }

  const profit = closed.reduce((s, c) => s + c.profit, 0) / USDT;
  if (d.market === 'futures') {
    // Within capital × leverage at its entry; every stop covers the whole position, only reducing it.
    expect(Math.abs(ex.position) * ex.entry).toBeLessThanOrEqual(limit * 1.000001);
    for (const s of ex.stops) {
      expect(Number(s.amount)).toBeCloseTo(Math.abs(ex.position), 9);
      expect(s.reduceOnly).toBe(true);
    }
    // Realised profit less every fee equals the closed trades' profit less the open position's entry fee.
    const fromFills = ex.trades.reduce(
      (s, t) => s + Number((t.info as { realizedPnl?: string }).realizedPnl ?? 0) - feeUsdt(t),
      0,
    );
    const openFee = d.position ? Math.abs(d.position.cost - Math.abs(d.position.size) * d.position.entry) : 0;
    expect(Math.abs(fromFills - (profit - openFee))).toBeLessThan(1e-6 * (closed.length + 1));
  } else {
    // Spot: never more spent than the capital; the resting sells never more than the bot's coins.
    expect(d.position?.cost ?? 0).toBeLessThanOrEqual(limit * 1.000001);
    const selling = ex.open
      .filter((o) => o.side === 'sell')
      .reduce((s, o) => s + Number(o.remaining ?? o.amount), 0);
    expect(selling).toBeLessThanOrEqual(ex.position + 1e-12);
    // The member's USDT moved by the profit the app shows, what is held counted at its cost.
    const heldCost = (d.position?.cost ?? 0) + (d.dust?.cost ?? 0);
    expect(Math.abs(ex.usdt - startUsdt + heldCost - profit)).toBeLessThan(1e-6 * (closed.length + 1));
  }
  return { d, ex };
};

const deploy = async (bot: 'zeno' | 'dca', member: Member): Promise<string> => {
  const answer =
    bot === 'zeno'
      ? await deployBot(member.idToken, 'zeno', { amountUsdt: 50 })
      : await call(
          'startDcaManual',
          {
            symbol: 'BTCUSDT',
            initial: 20 * USDT,
            takeProfitPct: 0.5,
            stages: [
              { timesX: 1, per: 0.3 },
              { timesX: 1, per: 0.3 },
              { timesX: 1.5, per: 0.5 },
            ],
            oneShot: false,
            acceptLoss: true,
            requestId: randomUUID(),
          },
          member.idToken,
        );
  expect(answer.status).toBe(200);
  return answer.body.deployment.id;
};

/** One tick `lateMinutes` after the next candle closed (the clock stays on the hour grid). */
const tickLate = async (step: Step, member: Member) => {
  const intoHour = bots.now() % HOUR;
  bots.advance(HOUR - intoHour + step.lateMinutes * MINUTE);
  // The exchange walks the replayed prices up to its clock when it is next asked: the faults set now
  // apply to the fills of the hour gone by and to the tick's orders.
  await faultsOf(bots, member, {
    dropOrderAnswers: step.loseAnswer ? 1 : 0,
    partialFills: step.partialFill ? 1 : 0,
  });
  await bots.runTick();
};

describe('a bot against an exchange that does not do what the model says', () => {
  it.each(['dca', 'zeno'] as const)(
    'property (%s): within its capital, stops over the whole position, nothing sent twice, books equal to the fills',
    async (bot) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              lateMinutes: fc.integer({ min: 0, max: 14 }),
              loseAnswer: fc.boolean(),
              partialFill: fc.boolean(),
            }),
            {
              minLength: 10,
              maxLength: 16,
            },
          ),
          async (steps) => {
            const member = await tradingMember('imperial', 1_000, 1_000);
            const start = await exchangeSide(member, bot === 'zeno' ? 'futures' : 'spot', 'BTCUSDT');
            const id = await deploy(bot, member);
            for (const step of steps) {
              await tickLate(step, member);
              await checkBooks(member, id, start.usdt);
            }
            const undeployed =
              bot === 'zeno'
                ? await call(
                    'undeployBot',
                    { bot: 'zeno', acceptTerms: true, acceptRisk: true },
                    member.idToken,
                  )
                : await call('closeDca', { id }, member.idToken);
            expect(undeployed.status).toBe(200);
            // A close the exchange did not answer (a lost answer) is finished by the next minute's tick.
            bots.advance(MINUTE);
            await bots.runTick();
            const { ex } = await checkBooks(member, id, start.usdt);
            if (bot === 'zeno') expect(ex.position).toBe(0);
            expect(bots.queue().deadLetters()).toEqual([]);
          },
        ),
        { numRuns: 2, endOnFailure: true },
      );
    },
    900_000,
  );
});
