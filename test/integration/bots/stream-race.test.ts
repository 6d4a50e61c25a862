/**
 * The race a candle's last write must survive (commit 192fb14; docs/decisions/bots-execution.md,
 * "Every model fill is answered by the records of its level"): the user stream records a fill
 * while the executor acts on a candle, the candle's last write finds the deployment moved, and the
 * candle is acted on again at once. The second go must find the stage its first go answered, not
 * buy it again at market. Under load the manual-DCA parity test met it by chance; here the test
 * makes it happen: the executor's handle before its last write (runner.ts setBeforeCandleWrite)
 * lets the exchange's replay walk on until the next stage, placed by that very go, fills, and the
 * stack's own user stream records it. Real parts throughout: the paper exchange fills, the stream
 * service records, DynamoDB Local refuses the stale write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackControls } from '#local/stack';
import { startDcaManual } from '../../support/bots';
import { exchangeOf } from '../../support/paper-client';
import { ZENO_CROSS_AT, startBotStack, tradingMember, type BotStack, within } from './support';

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

describe('a candle acted on again after its last write met a streamed fill', () => {
  it('finds the stage its first go answered and sends no second market buy', async () => {
    const { deploymentOrders, getDeployment, getStreamStatus, setBeforeCandleWrite, STREAM_SETTLE_MS } =
      await functions();
    // The replay from 23 January 2025, 16:00 (the shipped 15-minute candles): the base buy at the
    // 18:00 tick (~105,900) and its ladder rests; stage 1 (1.5 % below) fills in the 19:00 candle
    // (low 103,400), stage 2 (1.5 % below stage 1, ~102,770) in the 20:00 candle (low 102,559).
    const member = await tradingMember('executive');
    const started = await startDcaManual(
      member.idToken,
      'BTCUSDT',
      20,
      [
        [1, 1.5],
        [1, 1.5],
        // never reached here: its share of the capital leaves room for a stage bought twice
        [1, 20],
      ],
      { takeProfitPct: 5 },
    );
    expect(started.status).toBe(200);
    const id = started.body.deployment.id as string;
    const { memberId } = (await getDeployment(id))!;
    const spot = exchangeOf(member.key, 'spot');
    /** The stages resting (the ladder rests whole), highest first. */
    const stagesResting = async () =>
      (await deploymentOrders(id))
        .filter((o) => o.side === 'buy' && o.type === 'limit' && o.status === 'open')
        .sort((a, b) => b.price! - a.price!);
    const filledBuys = async () =>
      (await deploymentOrders(id))
        .filter((o) => o.status === 'filled' && o.side === 'buy')
        .map((o) => o.type)
        .sort();

    bots.advance(HOUR - (bots.now() % HOUR));
    await bots.runTick(); // the bot starts: it trades from the next candle
    await within(20_000, async () => {
      const status = await getStreamStatus(memberId, 'spot');
      return status?.upSince !== undefined && Date.now() >= status.upSince + STREAM_SETTLE_MS;
    });
    bots.advance(HOUR);
    await bots.runTick(); // the base buy at market; the two stages and the take profit rest

    // Stage 1 fills within hours, with no tick run: the stream records it.
    const [stage1, stage2] = await stagesResting();
    expect(stage2).toBeDefined();
    let hours = 0;
    for (; hours < 6; hours++) {
      bots.advance(HOUR);
      const onExchange = await spot.fetchOrder('', 'BTC/USDT', { clientOrderId: stage1.clientOrderId });
      if (onExchange.status === 'closed') break;
    }
    expect(hours, 'stage 1 filled within six hours').toBeLessThan(6);
    await within(10_000, async () =>
      (await deploymentOrders(id)).some(
        (o) => o.clientOrderId === stage1.clientOrderId && o.status === 'filled',
      ),
    );

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
      for (let hours = 0; hours < 6; hours++) {
        bots.advance(HOUR);
        const onExchange = await spot.fetchOrder('', 'BTC/USDT', { clientOrderId: stage2.clientOrderId });
        if (onExchange.status === 'closed') break;
      }
      await within(10_000, async () =>
        (await deploymentOrders(id)).some(
          (o) => o.clientOrderId === stage2.clientOrderId && o.status === 'filled',
        ),
      );
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
