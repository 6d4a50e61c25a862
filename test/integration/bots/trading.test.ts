/**
 * Bots trading on the paper exchange, driven hour by hour on a hand-moved clock (issue 13): a
 * manual DCA buys its stages as the replayed price falls and takes profit as it rises, with the
 * 20 % profit charge booked through the ledger; and parity: the executor's real fills are the
 * backtester's trades on the same candles (side, candle, price within the slippage model).
 */
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideLive } from '#engine/live/decide';
import { formatUsdt } from '#api/money';
import { call } from '../../support/api';
import { deployBot, startDcaManual } from '../../support/bots';
import { faultsOf, notesOf, startBotStack, tradingMember, type BotStack } from './support';
import { exchangeOf } from '../../support/paper-client';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// 23 January 2025, 16:00: Zeno's EMAs cross within hours (found by running the backtester over
// the shipped candles), and BTC then swings enough for a tight DCA ladder to fill and take profit.
const START_AT = Date.UTC(2025, 0, 23, 16, 0, 0);

let bots: BotStack;
beforeAll(async () => {
  bots = await startBotStack(START_AT);
}, 120_000);
afterAll(() => bots?.stop());

// The functions' modules read the table's endpoint when loaded: load them once this file's stack
// has set it (startBotStack), as its handlers did.
const functions = async () => ({
  ...(await import('#functions/bots/model')),
  ...(await import('#functions/bots/resting')),
  ...(await import('#functions/bots/store')),
  ...(await import('#functions/ledger/service')),
});

/** The model's fills against the real filled orders of a deployment, pair by pair. */
const compareWithModel = async (deploymentId: string) => {
  const { deploymentCandles, deploymentOrders, fillCandleOf, getCandles, getDeployment, modelOf } =
    await functions();
  const d = (await getDeployment(deploymentId))!;
  const item = (await getCandles(d.market, d.symbol, d.interval))!;
  const decision = decideLive({
    ...modelOf(d),
    candles: deploymentCandles(d, item, HOUR),
    tradeFrom: d.tradeFrom!,
  });
  const model = decision.fills.filter((f) => f.time <= d.lastCandle!);
  const orders = await deploymentOrders(deploymentId);
  // Each fill in the candle it belongs to: an order may rest for many candles before it fills.
  const real = orders
    .filter((o) => o.status === 'filled')
    .map((o) => ({ ...o, candle: fillCandleOf(o, HOUR) }))
    .sort((a, b) => a.candle - b.candle || a.clientOrderId.localeCompare(b.clientOrderId));
  return { d, model, real, orders, item };
};

describe('Zeno (futures) on the paper exchange', () => {
  it('trades what the backtester trades on the same candles, stops included', async () => {
    const member = await tradingMember('imperial');
    const deployed = await deployBot(member.idToken, 'zeno', { amountUsdt: 50 });
    expect(deployed.status).toBe(200);
    const id = deployed.body.deployment.id;
    let closed = 0;
    for (let hour = 0; hour < 120 && closed < 1; hour++) {
      await bots.nextHour();
      closed = (await call('getClosedOrders', { limit: 10, bot: 'zeno' }, member.idToken)).body.items.length;
    }
    const { model, real, orders } = await compareWithModel(id);
    expect(orders.filter((o) => o.status === 'missed' || o.status === 'failed')).toEqual([]);
    expect(closed).toBeGreaterThanOrEqual(1);
    expect(real.map((o) => [o.side, o.type, o.candle])).toEqual(
      model.map((f) => [f.order.side, f.order.type, f.time]),
    );
    model.forEach((f, k) => {
      const tolerance = f.order.type === 'limit' ? 1e-5 : 0.001;
      expect(Math.abs(real[k].average! - f.order.price) / f.order.price).toBeLessThan(tolerance);
    });
    expect(
      (await call('undeployBot', { bot: 'zeno', acceptTerms: true, acceptRisk: true }, member.idToken))
        .status,
    ).toBe(200);
    expect((await call('getPositions', {}, member.idToken)).body.positions).toEqual([]);
  }, 600_000);
});

describe('a manual DCA on the paper exchange', () => {
  it('buys its stages as the price falls, takes profit as it rises, books the 20 % charge, and matches the backtester', async () => {
    const member = await tradingMember('executive');
    const started = await startDcaManual(
      member.idToken,
      'BTCUSDT',
      20,
      [
        [1, 0.7],
        [1.5, 0.7],
        [2, 1],
      ],
      { takeProfitPct: 0.6 },
    );
    expect(started.status).toBe(200);
    const id = started.body.deployment.id;

    // Hour by hour until a cycle that bought a stage has been sold at its take profit and two
    // cycles have closed (from whichever hour Zeno's test left the clock at: the first cycle may
    // be the one with the stage).
    const { deploymentOrders, fillCandleOf } = await functions();
    const stageSold = async () => {
      const filled = (await deploymentOrders(id)).filter((o) => o.status === 'filled');
      const stage = filled.find((o) => o.side === 'buy' && o.type === 'limit');
      return Boolean(
        stage && filled.some((o) => o.side === 'sell' && fillCandleOf(o, HOUR) > fillCandleOf(stage, HOUR)),
      );
    };
    const twoClosed = async () =>
      (await call('getClosedOrders', { limit: 50 }, member.idToken)).body.items.length >= 2;
    for (let hour = 0; hour < 120 && !((await stageSold()) && (await twoClosed())); hour++)
      await bots.nextHour();
    const closed = (await call('getClosedOrders', { limit: 50 }, member.idToken)).body.items;
    const { model, real, orders } = await compareWithModel(id);
    expect(orders.filter((o) => o.status === 'missed' || o.status === 'failed')).toEqual([]);
    const buys = real.filter((o) => o.side === 'buy');
    const stageBuys = buys.filter((o) => o.type === 'limit');
    expect(stageBuys.length, 'a stage bought below the first fill').toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThanOrEqual(2);

    // Parity: the same trades, in the same candles, at the model's prices within its slippage.
    expect(real.map((o) => [o.side, o.type, o.candle])).toEqual(
      model.map((f) => [f.order.side, f.order.type, f.time]),
    );
    model.forEach((f, k) => {
      const tolerance = f.order.type === 'market' ? 0.001 : 1e-5;
      expect(Math.abs(real[k].average! - f.order.price) / f.order.price).toBeLessThan(tolerance);
    });

    // What the member sees: the closed orders with their profit and charge, the statement, the ledger.
    const takeProfit = closed.find((c) => c.profit > 0)!;
    expect(takeProfit.symbol).toBe('BTCUSDT');
    expect(takeProfit.sellPrice).toBeGreaterThan(takeProfit.buyPrice);
    expect(takeProfit.charge).toBe(Math.floor(takeProfit.profit * 0.2));
    const charge = await (await functions()).getTx(`botcharge:${id}:${takeProfit.id}`);
    expect((charge as { postings?: unknown } | null)?.postings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: 'platform:corepool', amount: takeProfit.charge }),
      ]),
    );
    const statement = await call('getProfitStatement', {}, member.idToken);
    expect(statement.body.total).toBe(closed.reduce((s, c) => s + c.profit, 0));

    // Each fill reached the member's notifications, the take profit with its profit.
    const notes = await notesOf(member);
    expect(notes.filter((m: string) => m.startsWith('Manual DCA: bought '))).toHaveLength(buys.length);
    expect(notes).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Manual DCA: sold [\\d.]+ BTC at [\\d.]+ USDT \\(take profit\\), profit ${formatUsdt(takeProfit.profit).replace('.', '\\.')} USDT\\.$`,
        ),
      ),
    );
  }, 600_000);
});

describe('the executor under faults', () => {
  it('records an order whose answer was lost once, and never sends it twice', async () => {
    const member = await tradingMember('executive');
    const started = await startDcaManual(member.idToken, 'ETHUSDT', 30, [], {
      takeProfitPct: 5,
      oneShot: true,
    });
    expect(started.status).toBe(200);
    // The next order reaches the exchange and fills, but its answer never comes back.
    await faultsOf(bots, member, { dropOrderAnswers: 1 });
    await bots.nextHour(); // the bot starts: it trades from the next candle
    await bots.nextHour(); // the base order: sent, answer lost, the message retried
    const exchange = exchangeOf(member.key, 'spot');
    const trades = await exchange.fetchMyTrades('ETH/USDT');
    expect(trades).toHaveLength(1);
    const positions = await call('getPositions', {}, member.idToken);
    expect(positions.body.positions).toHaveLength(1);
    expect(positions.body.positions[0].quantity).toBeCloseTo(trades[0].amount! * 0.999, 6);
    expect(bots.queue().deadLetters()).toEqual([]);
  }, 120_000);

  it('moves a message it cannot process to the dead-letter queue after three tries, and keeps it', async () => {
    const sqs = new SQSClient({ endpoint: bots.stack.webUrl, region: 'local' });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: process.env.ORDER_QUEUE_URL,
        MessageBody: 'not a tick',
        MessageGroupId: 'poison',
        MessageDeduplicationId: randomUUID(),
      }),
    );
    await bots.queue().drained();
    expect(
      bots
        .queue()
        .deadLetters()
        .map((l) => l.body),
    ).toEqual(['not a tick']);
    // the admin's API error viewer reads it from the dead-letter queue, as in AWS
    const { deadLetters } = await import('#functions/admin/deadLetters');
    expect((await deadLetters()).map((l) => l.error)).toEqual([
      'failed three times in the order executor (its log has the error)',
    ]);
  }, 60_000);
});

describe('the candles the bots replay', () => {
  it('reach back, page by page, the warm-up of the slowest bot of each series, without a gap', async () => {
    await bots.nextHour();
    const { getCandles } = await functions();
    const { warmUpCandles } = await import('#engine/strategies/registry');
    // A request answers 1,000 candles and the paper exchange, as Binance, any stretch of its
    // history: each series keeps its slowest bot's warm-up and ~29 days since a deployment.
    const series = [
      // Alpha's 2,400-candle trend filter
      { item: (await getCandles('futures', 'BTCUSDT', '1h'))!, kept: 3100, slowest: warmUpCandles('alfa') },
      // Glint's daily 50-day EMA (design glint/v4)
      { item: (await getCandles('futures', 'ETHUSDT', '1h'))!, kept: 1900, slowest: warmUpCandles('glint') },
    ];
    for (const { item, kept, slowest } of series) {
      expect(item.t).toHaveLength(kept);
      expect(item.t.length).toBeGreaterThan(slowest);
      expect(item.oldest).toBeUndefined();
      expect(item.t.every((t, k) => k === 0 || t - item.t[k - 1] === HOUR)).toBe(true);
    }
  }, 120_000);

  it('between two closes, ask the exchange only what came after them, and keep the price current', async () => {
    await bots.nextHour();
    const { getCandles } = await functions();
    const before = (await getCandles('futures', 'BTCUSDT', '1h'))!;
    bots.advance(25 * MINUTE); // no candle closes
    await bots.runTick();
    // Every futures request of the tick's minute, the fleet's own included: the two futures
    // series' candles weigh 1 each (a 1,001-candle read weighed 10 per series).
    const minute = Math.floor(bots.now() / MINUTE) * MINUTE;
    const report = (await (await fetch(`${bots.stack.webUrl}/paper/weights`)).json()) as Record<
      string,
      { futures?: { minutes: { minute: number; weight: number }[] } }
    >;
    const futuresWeight = Object.values(report)
      .flatMap((ip) => ip.futures?.minutes ?? [])
      .filter((m) => m.minute === minute)
      .reduce((sum, m) => sum + m.weight, 0);
    expect(futuresWeight).toBeLessThan(10);
    const after = (await getCandles('futures', 'BTCUSDT', '1h'))!;
    expect(after.t).toEqual(before.t);
    const { fetchCandles } = await import('#functions/exchange/service');
    const forming = (await fetchCandles('BTCUSDT', 'futures', '1h', 1)).at(-1)!;
    expect(forming.time).toBe(after.t.at(-1)! + HOUR);
    expect(after.price).toBe(forming.close);
    expect(after.price).not.toBe(before.price);
  }, 120_000);

  it('give a freshly deployed Alpha its whole 2,400-candle warm-up before its first candle', async () => {
    const member = await tradingMember('executive');
    const deployed = await deployBot(member.idToken, 'alfa');
    expect(deployed.status).toBe(200);
    await bots.nextHour(); // the first tick sets the candle it trades from
    await bots.nextHour(); // and the executor acts on it
    const { deploymentCandles, getCandles, getDeployment } = await functions();
    const d = (await getDeployment(deployed.body.deployment.id))!;
    const replayed = deploymentCandles(d, (await getCandles('futures', 'BTCUSDT', '1h'))!, HOUR);
    expect(d.status).toBe('active');
    expect(d.lastCandle).toBeGreaterThanOrEqual(d.tradeFrom!);
    expect(replayed.time[0]).toBe(d.tradeFrom! - 2400 * HOUR);
    expect(replayed.time[replayed.length - 1]).toBe(d.lastCandle);
    expect(replayed.time.every((t, k) => k === 0 || t - replayed.time[k - 1] === HOUR)).toBe(true);
  }, 120_000);
});
