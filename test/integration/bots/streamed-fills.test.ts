/**
 * Spot fills the user data stream tells, on a manual DCA's ladder (issue 30, point 5; the futures
 * side is streams.test.ts):
 *  - the race a candle's last write must survive (commit 192fb14; docs/decisions/bots-execution.md,
 *    "Every model fill is answered by the records of its level"): the stream records a fill while
 *    the executor acts on a candle, the candle's last write finds the deployment moved, and the
 *    candle is acted on again at once. The second go must find the stage its first go answered,
 *    not buy it again at market. Under load the manual-DCA parity test met it by chance; here the
 *    test makes it happen: the executor's handle before its last write (runner.ts
 *    setBeforeCandleWrite) lets the exchange's replay walk on until the next stage fills and the
 *    stack's own user stream records it. Real parts throughout: the paper exchange fills, the
 *    stream service records, DynamoDB Local refuses the stale write;
 *  - a stage filled while the stream is out: no trade of it was heard, so the candle-close lookup
 *    records it, once, with the fee the exchange charged.
 * The tests play the replay forward from 23 January 2025, 16:00, in their order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackControls } from '#local/stack';
import { startDcaManual } from '../../support/bots';
import { exchangeOf } from '../../support/paper-client';
import {
  ZENO_CROSS_AT,
  fleetWeightSince,
  journalOf,
  notesOf,
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
afterAll(async () => {
  (await import('#functions/bots/runner')).setBeforeCandleWrite(undefined);
  await bots?.stop();
});

// The functions' modules read the table's endpoint when loaded: once this file's stack has set it.
const functions = async () => ({
  ...(await import('#functions/bots/runner')),
  ...(await import('#functions/bots/resting')),
  ...(await import('#functions/bots/store')),
});

const heard = (clientOrderId: string) =>
  stackControls(bots.stack).userStreams!.heard().includes(clientOrderId);

const streamStatus = async (memberId: string) =>
  (await (await functions()).getStreamStatus(memberId, 'spot'))?.upSince;

/** The paper exchange drops the key's streams, and every new one as it opens, until it ends. */
const outage = async (m: Member, on: boolean) => {
  const answer = await fetch(`${bots.stack.webUrl}/paper/accounts/${m.key.apiKey}/streams/outage`, {
    method: on ? 'POST' : 'DELETE',
  });
  expect(answer.status).toBe(200);
};

/**
 * A manual DCA of 20 USDT a stage on BTCUSDT (take profit 5 %), started at the next hour's tick,
 * its key's spot stream up, and its base bought at the hour after: its whole ladder rests.
 */
const ladder = async (stages: [number, number][]) => {
  const { STREAM_SETTLE_MS, deploymentOrders, getDeployment } = await functions();
  const member = await tradingMember('executive');
  const started = await startDcaManual(member.idToken, 'BTCUSDT', 20, stages, { takeProfitPct: 5 });
  expect(started.status).toBe(200);
  const id = started.body.deployment.id as string;
  const { memberId } = (await getDeployment(id))!;
  bots.advance(HOUR - (bots.now() % HOUR));
  await bots.runTick(); // the bot starts: it trades from the next candle
  await within(20_000, async () => {
    const upSince = await streamStatus(memberId);
    return upSince !== undefined && Date.now() >= upSince + STREAM_SETTLE_MS;
  });
  bots.advance(HOUR);
  await bots.runTick(); // the base buy at market; the stages and the take profit rest
  const spot = exchangeOf(member.key, 'spot');
  return {
    member,
    id,
    memberId,
    spot,
    /** The stages resting, highest first. */
    stagesResting: async () =>
      (await deploymentOrders(id))
        .filter((o) => o.side === 'buy' && o.type === 'limit' && o.status === 'open')
        .sort((a, b) => b.price! - a.price!),
    /** The types of the bot's buys recorded filled. */
    filledBuys: async () =>
      (await deploymentOrders(id))
        .filter((o) => o.status === 'filled' && o.side === 'buy')
        .map((o) => o.type)
        .sort(),
    /** Hour after hour with no tick, until the exchange fills the order (at most `hours`). */
    async untilFilled(clientOrderId: string, hours: number) {
      for (let played = 0; played < hours; played++) {
        bots.advance(HOUR);
        const onExchange = await spot.fetchOrder('', 'BTC/USDT', { clientOrderId });
        if (onExchange.status === 'closed') return;
      }
      throw new Error(`${clientOrderId} not filled within ${hours} hours`);
    },
    /** Waits until the order's record says filled (a stream records it). */
    recorded: (clientOrderId: string) =>
      within(10_000, async () =>
        (await deploymentOrders(id)).some((o) => o.clientOrderId === clientOrderId && o.status === 'filled'),
      ),
  };
};

describe('a candle acted on again after its last write met a streamed fill', () => {
  it('finds the stage its first go answered and sends no second market buy', async () => {
    const { getDeployment, setBeforeCandleWrite } = await functions();
    // The base buy at the 18:00 tick (~105,900) and its ladder rests; stage 1 (1.5 % below) fills
    // in the 19:00 candle (low 103,400), stage 2 (1.5 % below stage 1, ~102,770) in the 20:00
    // candle (low 102,559): the shipped 15-minute candles.
    const bot = await ladder([
      [1, 1.5],
      [1, 1.5],
      // never reached here: its share of the capital leaves room for a stage bought twice
      [1, 20],
    ]);
    const { id, stagesResting, filledBuys, spot } = bot;

    // Stage 1 fills within hours, with no tick run: the stream records it.
    const [stage1, stage2] = await stagesResting();
    expect(stage2).toBeDefined();
    await bot.untilFilled(stage1.clientOrderId, 6);
    await bot.recorded(stage1.clientOrderId);

    // The tick at that candle's close answers the model's stage 1 with its record, keeps stage 2
    // resting and moves the take profit. Before its last write, stage 2 fills and the stream
    // records it: the write finds the deployment moved, and the candle is acted on again.
    const next = bots.now();
    let raced: string | undefined;
    setBeforeCandleWrite(async (deploymentId) => {
      if (deploymentId !== id || raced !== undefined) return;
      const resting = await stagesResting();
      raced = resting[0]?.clientOrderId ?? '';
      if (raced !== stage2.clientOrderId) return;
      await bot.untilFilled(stage2.clientOrderId, 6);
      await bot.recorded(stage2.clientOrderId);
    });
    try {
      await bots.runTick();
    } finally {
      setBeforeCandleWrite(undefined);
    }

    // The race happened: stage 2 was recorded by the stream before the first go's last write.
    expect(raced).toBe(stage2.clientOrderId);
    expect(heard(stage2.clientOrderId)).toBe(true);
    const d = (await getDeployment(id))!;
    expect(d.lastCandle).toBe(next - HOUR);

    // One market buy (the base), two limit buys (the stages), each once: no stage bought again.
    const buys = (await spot.fetchOrders('BTC/USDT')).filter((o) => o.side === 'buy' && o.status === 'closed');
    expect(buys.map((o) => o.type).sort()).toEqual(['limit', 'limit', 'market']);
    expect(new Set(buys.map((o) => o.clientOrderId)).size).toBe(3);
    expect(await filledBuys()).toEqual(['limit', 'limit', 'market']);
    expect(stackControls(bots.stack).queue.deadLetters()).toEqual([]);
  }, 300_000);
});

describe('a stage filled while its stream is out', () => {
  it('is recorded once, by the candle-close lookup, with the fee the exchange charged', async () => {
    // The base bought around 104,000 late on 23 January; its stage 1 % below fills within hours
    // (24 January, 02:00 to 03:00: lows 102,956 and 102,750).
    const bot = await ladder([[1, 1]]);
    const { member, memberId, id, spot } = bot;
    const [stage] = await bot.stagesResting();
    const rows = async () =>
      (await journalOf({ member, id })).filter((o) => o.clientOrderId === stage.clientOrderId);
    const stageNotes = async () => (await notesOf(member)).filter((n) => n.includes(`(${stage.reason})`));

    await outage(member, true);
    await within(20_000, async () => (await streamStatus(memberId)) === undefined);
    await bot.untilFilled(stage.clientOrderId, 12);
    // no stream heard it: the journal has it resting until a candle closes
    expect((await rows()).map((o) => o.status)).toEqual(['resting']);
    await outage(member, false);

    const from = bots.now();
    await bots.runTick();
    const [row] = await rows();
    expect((await rows()).map((o) => o.status)).toEqual(['filled']);
    expect(heard(stage.clientOrderId)).toBe(false);
    // looked up: the order (4) and its trades for the fees (20)
    expect(await fleetWeightSince(bots, 'spot', from)).toBeGreaterThanOrEqual(24);
    const trades = await spot.fetchMyTrades('BTC/USDT', undefined, undefined, { orderId: row.orderId });
    expect(row.fee).toBeGreaterThan(0);
    expect(row.fee).toBeCloseTo(
      trades.reduce((sum, t) => sum + Number(t.fee?.cost) * Number(t.price), 0),
      8,
    );
    expect(await stageNotes()).toHaveLength(1);

    // and the stream back, the next candles record nothing more of it, nor buy it again
    bots.advance(HOUR);
    await bots.runTick();
    expect((await rows()).map((o) => o.status)).toEqual(['filled']);
    expect(await stageNotes()).toHaveLength(1);
    expect(await bot.filledBuys()).toEqual(['limit', 'market']);
    const buys = (await spot.fetchOrders('BTC/USDT')).filter((o) => o.side === 'buy' && o.status === 'closed');
    expect(buys.map((o) => o.type).sort()).toEqual(['limit', 'market']);
    expect(stackControls(bots.stack).queue.deadLetters()).toEqual([]);
  }, 300_000);
});
