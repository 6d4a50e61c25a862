/**
 * A running bot's events reach its member through the executor itself (issue 31 point 5): a manual
 * DCA on the paper exchange, hour by hour, buys and takes profit; the member's feed has every
 * fill, and the take profit (mailed by default, unlike routine fills) is in the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, outbox } from '../../support/api';
import { startDcaManual } from '../../support/bots';
import { ZENO_CROSS_AT, startBotStack, tradingMember, type BotStack } from '../bots/support';

let bots: BotStack;
beforeAll(async () => {
  bots = await startBotStack(ZENO_CROSS_AT);
}, 120_000);
afterAll(() => bots?.stop());

describe('bot events from the executor', () => {
  it("a DCA's fills are in the feed, and its take profit is e-mailed", async () => {
    const member = await tradingMember('executive');
    const started = await startDcaManual(member.idToken, 'BTCUSDT', 20, [[1, 0.7]], {
      takeProfitPct: 0.6,
      oneShot: true,
    });
    expect(started.status).toBe(200);
    const feed = async () =>
      (
        (await call('listNotifications', { limit: 100 }, member.idToken)).body.items as { message: string }[]
      ).map((n) => n.message);
    for (let hour = 0; hour < 120 && !(await feed()).some((m) => m.includes('(take profit)')); hour++)
      await bots.nextHour();

    const messages = await feed();
    expect(messages.some((m) => /^Manual DCA: bought [\d.]+ BTC at [\d.]+ USDT/.test(m))).toBe(true);
    const takeProfit = messages.find((m) => m.includes('(take profit)'))!;
    expect(takeProfit).toMatch(
      /^Manual DCA: sold [\d.]+ BTC at [\d.]+ USDT \(take profit\), profit [\d.]+ USDT\.$/,
    );
    const mails = (await outbox(member.email)).filter((m) => m.subject.startsWith('Trendex: Manual DCA'));
    expect(mails.map((m) => m.subject)).toEqual(['Trendex: Manual DCA: Take profit']);
    expect(mails[0].text).toContain(takeProfit);
  }, 240_000);
});
