/**
 * The daily binary payout against the test stack's table: it credits the ledger (10% of matched
 * points, capped), consumes the matched points, and a run killed half-way and run again, or a
 * second run the same day, pays each member exactly once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, stack } from '../../support/api';
import { join, node } from '../../support/team';
import { topUp, useLocalTable } from '../../support/fund';

let run: typeof import('#functions/team/payoutRun');
let store: typeof import('#functions/team/store');
beforeAll(async () => {
  useLocalTable();
  process.env.LOG_LEVEL = 'ERROR';
  run = await import('#functions/team/payoutRun');
  store = await import('#functions/team/store');
});

const activate = async (idToken: string) => {
  await topUp(idToken, '500');
  const r = await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, idToken);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

const wallet = async (idToken: string) => Number((await call('getWallet', {}, idToken)).body.wallet);

describe('daily binary payout', () => {
  it('pays 10% of the matched points once per day, even when a run is cut short and started again', async () => {
    const sponsor = await join(stack().admin.username, 'Right');
    await activate(sponsor.idToken); // Executive: daily limit 230
    const start = await wallet(sponsor.idToken);
    const left = await join(sponsor.username, 'Left');
    const right = await join(sponsor.username, 'Right');
    await activate(left.idToken);
    await activate(right.idToken);
    const price = Number((await call('getWallet', {}, left.idToken)).body.wallet);
    const paidPrice = 500_000_000 - price;
    await expect
      .poll(async () => {
        const n = (await node(sponsor.id))!;
        return [n.leftPoints, n.rightPoints];
      })
      .toEqual([paidPrice, paidPrice]);
    // the direct bonuses have landed (2 x 10%) before we look at the binary one
    await expect.poll(() => wallet(sponsor.idToken)).toBe(start + 2 * Math.floor(paidPrice / 10));
    const before = await wallet(sponsor.idToken);
    const day = new Date().toISOString().slice(0, 10);

    // a run that died after paying only this member...
    expect(await run.payNode((await store.getNode(sponsor.id))!, day)).toBe('paid');
    // ...then the whole run, and the whole run again
    const first = await run.runDailyPayout(day);
    expect(first.failed).toBe(0);
    const second = await run.runDailyPayout(day);
    expect(second).toMatchObject({ paid: 0, consumed: 0, failed: 0 });

    const bonus = Math.min(Math.floor(paidPrice / 10), 230_000_000);
    expect(await wallet(sponsor.idToken)).toBe(before + bonus);
    expect((await node(sponsor.id))!).toMatchObject({ leftPoints: 0, rightPoints: 0, paidDay: day });
    const rows = (await call('listTransactions', {}, sponsor.idToken)).body as {
      items: { type: string; amount: number }[];
    };
    expect(rows.items.filter((r) => r.type === 'Binary Bonus').map((r) => r.amount)).toEqual([bonus]);
    // a member without matched points is paid nothing
    expect(await wallet(left.idToken)).toBe(price);
  });
});
