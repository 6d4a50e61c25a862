/**
 * `npm start` stopped in the middle of a candle and started again (issue 30): the paper exchange
 * goes on with its clock and its book, so a running bot neither skips candles nor sees the price
 * run backwards. The stack's stop saves nothing of the paper exchange (it has nothing to close):
 * what the second start finds is what a kill -9 would have left (state-file.ts). The exchange-chaos
 * test shares this restartable stack (its own process, vitest.config.ts OWN_PROCESS) for its kill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosedOrder, Position } from '#api/schemas/bots';
import type { FaultRule } from '#local/paper-exchange/faults';
import { stackControls } from '#local/stack';
import { call } from '../../support/api';
import { deployBot, startDcaManual } from '../../support/bots';
import {
  ZENO_CROSS_AT,
  ZENO_SHORT_AT,
  cockpitOf,
  faultsOf,
  journalOf,
  notesOf,
  startBotStack,
  switchFaults,
  tradingMember,
  type BotStack,
  type DeployedBot,
  type Member,
} from './support';
import { exchangeOf } from '../../support/paper-client';

const HOUR = 3_600_000;
const BTC = 'BTC/USDT';

let bots: BotStack;
/** The exchange's clock when the replay was at ZENO_CROSS_AT. */
let startedAt: number;
beforeAll(async () => {
  bots = await startBotStack(ZENO_CROSS_AT, undefined, { restartable: true });
  startedAt = bots.now();
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
    // What the fills while it was down moved (the take profit) is placed anew on this candle; what
    // the model still wants where it rests rests on (orders rest across candles).
    const next = await exchange.fetchOpenOrders(BTC);
    const placedNow = next.filter((o) => !open.includes(o.clientOrderId!));
    expect(placedNow.length).toBeGreaterThan(0);
    for (const order of placedNow) {
      expect(order.timestamp!).toBeGreaterThanOrEqual(restartedAt);
      expect(order.timestamp! - restartedAt).toBeLessThanOrEqual(HOUR);
    }
  }, 300_000);
});

/**
 * Exchange chaos (issue 30, point 4): a small fleet on two members' paper Binance accounts trades
 * through a schedule that switches on every fault of local/paper-exchange/faults.ts at least once,
 * drops a user data stream, kills and restarts the stack, and has a member cancel a resting order,
 * sell part of a DCA's coins and close a futures position by hand. Afterwards each bot's books are
 * the exchange's, read through ccxt with the member's own key. What the schedule covers and does
 * not: docs/decisions/exchange-faults.md, "The exchange-chaos test".
 */
describe('exchange chaos', () => {
  const ETH = 'ETH/USDT';
  const PERP = 'BTC/USDT:USDT';
  const MINUTE = 60_000;
  type Order = Awaited<ReturnType<ReturnType<typeof exchangeOf>['fetchOrders']>>[number];

  /** Where BTC's replay is (ETH's data begins later: its replay began at its first candle). */
  const replayNow = () => ZENO_CROSS_AT + bots.now() - startedAt;
  /** The candle a tick at `at` acts on: the last one closed (the exchange serves them on its clock). */
  const lastClosed = (at: number) => Math.floor(at / HOUR) * HOUR - HOUR;
  const outage = async (m: Member, on: boolean) => {
    const answer = await fetch(`${bots.stack.webUrl}/paper/accounts/${m.key.apiKey}/streams/outage`, {
      method: on ? 'POST' : 'DELETE',
    });
    expect(answer.status).toBe(200);
  };
  const state = async (b: DeployedBot) => (await cockpitOf(b)).state;

  /** The journal's word for what became of an exchange order. */
  const outcomeOf = (o: Order) =>
    o.status === 'open'
      ? 'resting'
      : (o.filled ?? 0) > 0
        ? o.status === 'closed'
          ? 'filled'
          : 'partly filled'
        : 'cancelled';

  /**
   * Every order of the account's symbol under the bots' client order ids, none twice, each in one
   * bot's journal with its outcome and fill (a futures stop: its algo order, filled as the order it
   * became); every fill of a journal on the exchange, and nothing it says was not sent; `byHand`
   * are the member's own orders.
   */
  const ordersAgree = async (
    fleet: readonly DeployedBot[],
    market: 'spot' | 'futures',
    symbol: string,
    byHand: readonly string[],
  ) => {
    const exchange = exchangeOf(fleet[0].member.key, market);
    const orders = (await exchange.fetchOrders(symbol)).filter((o) => !byHand.includes(String(o.id)));
    const algos =
      market === 'futures' ? await exchange.fetchOrders(symbol, undefined, undefined, { trigger: true }) : [];
    for (const list of [orders, algos]) {
      const ids = list.map((o) => o.clientOrderId);
      expect(new Set(ids).size, `a client order id twice on ${symbol}`).toBe(ids.length);
    }
    const journal = new Map(
      (await Promise.all(fleet.map(journalOf))).flat().map((o) => [o.clientOrderId, o]),
    );
    const byId = new Map(orders.map((o) => [o.clientOrderId!, o]));
    for (const o of orders) {
      const row = journal.get(o.clientOrderId!);
      expect(row, `exchange order ${o.clientOrderId} in no journal`).toBeDefined();
      // an order that rested unfilled where the model filled it is "missed"
      const status = row!.status === 'missed' ? 'cancelled' : row!.status;
      expect([o.clientOrderId, status, row!.filled]).toEqual([o.clientOrderId, outcomeOf(o), o.filled ?? 0]);
    }
    for (const a of algos) {
      const row = journal.get(a.clientOrderId!);
      const became = byId.get(a.clientOrderId!);
      expect(row, `stop ${a.clientOrderId} in no journal`).toBeDefined();
      expect([a.clientOrderId, row!.status]).toEqual([
        a.clientOrderId,
        a.status === 'open' ? 'resting' : became ? outcomeOf(became) : 'cancelled',
      ]);
    }
    const algoIds = new Set(algos.map((a) => a.clientOrderId));
    for (const row of journal.values()) {
      if (row.filled > 0)
        expect(byId.get(row.clientOrderId)?.filled, `${row.clientOrderId} filled`).toBe(row.filled);
      // what the journal says never reached the exchange did not
      if (['refused', 'skipped'].includes(row.status) || row.note?.startsWith('never reached'))
        expect(byId.has(row.clientOrderId) || algoIds.has(row.clientOrderId), row.clientOrderId).toBe(false);
    }
  };

  /** The bots' positions (the app's) summed, against what the member's account holds of the coin. */
  const positionsAgree = async (
    fleet: readonly DeployedBot[],
    market: 'spot' | 'futures',
    symbol: string,
  ) => {
    const member = fleet[0].member;
    const ids = fleet.map((b) => b.id);
    const held = ((await call('getPositions', {}, member.idToken)).body.positions as Position[])
      .filter((p) => ids.includes(p.deploymentId))
      .reduce((s, p) => s + (p.side === 'short' ? -p.quantity : p.quantity), 0);
    const exchange = exchangeOf(member.key, market);
    if (market === 'futures') {
      const [p] = await exchange.fetchPositions([symbol]);
      expect(held).toBeCloseTo(Number(p?.contracts ?? 0) * (p?.side === 'short' ? -1 : 1), 8);
      return;
    }
    const total =
      ((await exchange.fetchBalance()).total as unknown as Record<string, number>)[symbol.split('/')[0]] ?? 0;
    // What sales leave below one lot step is dust, kept aside from a position (one per bot at most).
    const step = Number(exchange.market(symbol).limits.amount?.min ?? 0);
    expect(Math.abs(held - total)).toBeLessThanOrEqual(step * fleet.length + 1e-12);
  };

  it('a fleet trades through every Binance fault, a stream drop, a stack kill and the member’s own hands: its books stay the exchange’s, nothing is sent twice, the member is told what needs them', async () => {
    const { clientOrderIdOf } = await import('#functions/bots/runner');
    const { getTx } = await import('#functions/ledger/service');
    // BTC's replay on to 26 November 2025, 09:00: Zeno goes short at 12:00
    bots.advance(ZENO_SHORT_AT - replayNow());
    // One after the other: cognito-local writes its file without a lock, and the stack restarts on it.
    const member = await tradingMember('imperial');
    const gridMember = await tradingMember('imperial');
    const deployed = async (
      started: Promise<{ status: number; body: { deployment: { id: string } } }>,
      m: Member,
    ) => {
      const answer = await started;
      expect(answer.status).toBe(200);
      return { member: m, id: answer.body.deployment.id };
    };
    // A DCA that holds (its take profit 5 % above), a futures bot, and a grid on the other account.
    const holder = await deployed(
      startDcaManual(member.idToken, 'ETHUSDT', 30, [[1, 0.5]], { takeProfitPct: 5 }),
      member,
    );
    const zeno = await deployed(deployBot(member.idToken, 'zeno', { amountUsdt: 50 }), member);
    // The grid's key has no stream the whole test: its resting orders, which rest across candles,
    // are looked up at every close, so its key's faults meet a request every candle.
    await outage(gridMember, true);
    const grid = await deployed(deployBot(gridMember.idToken, 'classic'), gridMember);
    const ofMember = (rules: FaultRule[]) => faultsOf(bots, member, { rules });
    const ofGrid = (rules: FaultRule[]) => faultsOf(bots, gridMember, { rules });
    /**
     * One of the grid's resting buys cancelled by the member on Binance: the next close finds it,
     * and places its level again (the grid's levels otherwise rest on, with nothing to send).
     */
    const cancelGridBuyByHand = async () => {
      await ofGrid([]); // what is left of the last hour's faults is not the member's
      const buy = (await journalOf(grid)).find((o) => o.status === 'resting' && o.side === 'buy')!;
      await exchangeOf(gridMember.key, 'spot').cancelOrder('', 'BTC/USDT', {
        origClientOrderId: buy.clientOrderId,
      });
    };

    // 10:00, the grid lays its ladder: -1021 once (signed anew), a 429 (its Retry-After waited out).
    await ofGrid([{ fault: 'recvWindow' }, { fault: 'rateLimit', retryAfter: 1 }]);
    await bots.nextHour();
    expect((await journalOf(grid)).filter((o) => o.status === 'resting').length).toBeGreaterThan(5);

    // 11:00, the DCA's base order: its answer a 503 "execution status unknown", and the lookups
    // of the two tries that follow at once busy (-1008): put off, "sending". The grid: a 418 ban
    // (met by its lookups), and a cancel that loses the race with a fill (-2011) if it moves a level
    // (faults.test.ts meets that race every time, through a pause).
    await ofMember([
      { fault: 'unknownOutcome', symbol: 'ETHUSDT' },
      { fault: 'busy', method: 'GET', symbol: 'ETHUSDT', times: 2 },
    ]);
    await ofGrid([{ fault: 'ban', retryAfter: 1 }, { fault: 'cancelRace' }]);
    await bots.nextHour();
    expect((await journalOf(holder)).map((o) => [o.type, o.status])).toEqual([['market', 'sending']]);
    // A second DCA on the same symbol and account, quick to take profit: its first tick is the
    // next one, its base order at 12:00.
    const quick = await deployed(
      startDcaManual(member.idToken, 'ETHUSDT', 30, [], { takeProfitPct: 0.5 }),
      member,
    );

    // The whole stack killed with the order's outcome unknown, started again a minute later: the
    // next tick looks the order up by its client order id and records its fill, once.
    await bots.restart(MINUTE);
    await bots.runTick();
    expect((await journalOf(holder)).map((o) => [o.type, o.status])).toEqual([
      ['limit', 'resting'],
      ['limit', 'resting'],
      ['market', 'filled'],
    ]);

    // 12:00, with the member's streams out (fills learned by the candle-close lookups): the first
    // DCA's stage fills in part, and an order's answer is lost; the second DCA's base order is
    // refused busy (-1008) for the minute, so it is sent alone at the next minute's tick, when it
    // crosses the first one's resting take profit, which self-trade prevention expires. The grid
    // meets a filter refusal as it places again the buy its member cancelled. (Switched on before
    // the clock moves: the hour's fills happen as the exchange catches up with it.)
    const tickAt = bots.now() + HOUR;
    const quickBase = clientOrderIdOf(quick.id, lastClosed(tickAt), 'm0o');
    await outage(member, true);
    await ofMember([
      { fault: 'partialFill', symbol: 'ETHUSDT' },
      { fault: 'lostAnswer', symbol: 'ETHUSDT' },
      { fault: 'busy', clientOrderId: quickBase, method: 'POST', until: tickAt + MINUTE },
      { fault: 'selfTrade', clientOrderId: quickBase },
    ]);
    await cancelGridBuyByHand();
    await ofGrid([{ fault: 'filter', filter: 'LOT_SIZE' }]);
    await bots.nextHour();
    expect((await journalOf(quick)).map((o) => [o.type, o.status])).toEqual([['market', 'sending']]);
    expect((await journalOf(holder)).find((o) => o.reason === 'DCA stage 2')?.status).toBe('partly filled');
    expect(await state(grid)).toMatchObject({
      name: 'attention',
      detail: 'Filter failure: LOT_SIZE (-1013)',
    });
    bots.advance(MINUTE);
    await bots.runTick();
    await outage(member, false);
    expect((await journalOf(quick)).find((o) => o.clientOrderId === quickBase)?.status).toBe('filled');

    // 13:00: Zeno opens with an unknown outcome; the grid's key is refused.
    await ofMember([{ fault: 'unknownOutcome', symbol: 'BTCUSDT' }]);
    // refused for the whole close (the key's stream service, dialling in vain, asks with it too)
    await ofGrid([{ fault: 'keyRejected', until: bots.now() + HOUR + MINUTE }]);
    await bots.nextHour();
    expect(await state(grid)).toMatchObject({ name: 'attention', detail: 'Binance refused your API key.' });

    // The member's own hands: the holding DCA's take profit cancelled on Binance and part of its
    // coins sold; Zeno's position closed.
    const spot = exchangeOf(member.key, 'spot');
    const futures = exchangeOf(member.key, 'futures');
    const tp = (await journalOf(holder)).find((o) => o.status === 'resting' && o.side === 'sell')!;
    await spot.cancelOrder('', ETH, { origClientOrderId: tp.clientOrderId });
    const free = Number(((await spot.fetchBalance()).free as unknown as Record<string, number>).ETH);
    const sold = await spot.createOrder(ETH, 'market', 'sell', Math.floor((free / 2) * 1e4) / 1e4);
    const [open] = await futures.fetchPositions([PERP]);
    expect(open?.contracts ?? 0).toBeGreaterThan(0);
    const closed = await futures.createOrder(
      PERP,
      'market',
      open.side === 'long' ? 'sell' : 'buy',
      open.contracts!,
      undefined,
      { reduceOnly: true },
    );

    // 14:00 Binance is away for maintenance: the tick fails. The first minutes after it, every bot
    // acts on the candle and follows what the member's hands left; the grid's buy is refused for
    // want of balance.
    await switchFaults(bots, '/faults', {
      rules: [
        { fault: 'maintenance', from: bots.now() + HOUR - MINUTE, until: bots.now() + HOUR + 2 * MINUTE },
      ],
    });
    await cancelGridBuyByHand();
    await ofGrid([{ fault: 'insufficientBalance' }]);
    bots.advance(HOUR);
    await expect(stackControls(bots.stack).runSchedule('botTick', new Date(bots.now()))).rejects.toThrow();
    bots.advance(3 * MINUTE);
    await bots.runTick();
    expect(await state(grid)).toMatchObject({
      name: 'attention',
      detail: 'Not enough free balance on your spot account.',
    });

    // Each bot's position is the exchange's; every exchange order is one decision, in its journal.
    await positionsAgree([holder, quick], 'spot', ETH);
    await positionsAgree([zeno], 'futures', PERP);
    await positionsAgree([grid], 'spot', 'BTC/USDT');
    await ordersAgree([holder, quick], 'spot', ETH, [String(sold.id)]);
    await ordersAgree([zeno], 'futures', PERP, [String(closed.id)]);
    await ordersAgree([grid], 'spot', 'BTC/USDT', []);

    // The ledger balances, and each profit paid its 20 % charge, once.
    const audit = (await stackControls(bots.stack).runSchedule('ledgerAudit')) as { ok: boolean };
    expect(audit.ok).toBe(true);
    let charged = 0;
    for (const m of [member, gridMember])
      for (const t of (await call('getClosedOrders', { limit: 100 }, m.idToken)).body
        .items as ClosedOrder[]) {
        charged += t.charge;
        expect(t.charge).toBe(t.profit > 0 ? Math.floor(t.profit * 0.2) : 0);
        const tx = (await getTx(`botcharge:${t.deploymentId}:${t.id}`)) as { postings?: unknown } | null;
        if (t.charge > 0)
          expect(tx?.postings).toEqual(
            expect.arrayContaining([
              expect.objectContaining({ account: 'platform:corepool', amount: t.charge }),
            ]),
          );
        else expect(tx).toBeNull();
      }
    // the second DCA took profit at least once
    expect(charged).toBeGreaterThan(0);

    // The member was told wherever they had to act, or where Binance or their hands changed a bot.
    const told = await notesOf(member);
    expect(told).toContainEqual(
      expect.stringMatching(
        /^Manual DCA: its sell order \(take profit\) was expired by Binance's self-trade prevention \(EXPIRED_IN_MATCH\)/,
      ),
    );
    expect(told).toContainEqual(
      'Manual DCA: its sell order (take profit) was cancelled or expired on Binance, not by the bot.',
    );
    expect(told).toContainEqual(
      expect.stringMatching(
        /^Manual DCA: your Binance spot account holds [\d.]+ ETH, less than the [\d.]+ ETH it held/,
      ),
    );
    expect(told).toContainEqual(
      expect.stringMatching(
        /^Zeno: your Binance futures position is 0 BTC, less than the [\d.]+ BTC it held/,
      ),
    );
    const gridTold = await notesOf(gridMember);
    expect(gridTold).toContainEqual(
      expect.stringMatching(
        /^Trendex \(classic\): the exchange refused its buy order \(grid buy L\d+\): Filter failure: LOT_SIZE \(-1013\)$/,
      ),
    );
    expect(gridTold).toContainEqual(expect.stringMatching(/^Trendex \(classic\).*API key/));
    expect(gridTold).toContainEqual(
      expect.stringMatching(/^Trendex \(classic\).*not enough free balance on your spot account/),
    );
    expect(bots.queue().deadLetters()).toEqual([]);
  }, 300_000);
});
