/**
 * The admin's Operations API: a schedule run that failed every try is listed with its event and
 * error, and a redrive through the API starts it once more (the payout's state machine, a local
 * stand-in of Step Functions here): the daily payout pays its bonus exactly once, the letter is gone, a second redrive finds nothing, and the audit log names the admin's act.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoPid } from '#local/stack';
import { call, logInAdmin, stack } from '../../support/api';
import { topUp } from '../../support/fund';
import { join, node } from '../../support/team';
import { startOpsStack } from './support';

let ops: Awaited<ReturnType<typeof startOpsStack>>;
beforeAll(async () => {
  ops = await startOpsStack();
}, 180_000);
afterAll(() => ops?.stop());

const wallet = async (idToken: string) => Number((await call('getWallet', {}, idToken)).body.wallet);
const activate = async (idToken: string) => {
  await topUp(idToken, '500');
  expect((await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, idToken)).status).toBe(
    200,
  );
};

describe('dead letters through the admin API', () => {
  it('lists a failed daily payout and redrives it once: the bonus is paid exactly once', async () => {
    const sponsor = await join(stack().admin.username, 'Right');
    await activate(sponsor.idToken);
    const left = await join(sponsor.username, 'Left');
    const right = await join(sponsor.username, 'Right');
    await activate(left.idToken);
    await activate(right.idToken);
    const paidPrice = 180_000_000;
    await expect
      .poll(async () => [(await node(sponsor.id))?.leftPoints, (await node(sponsor.id))?.rightPoints])
      .toEqual([paidPrice, paidPrice]);
    // the direct bonuses (2 x 10 %) have landed before the binary one is looked for
    const start = 500_000_000 - paidPrice;
    await expect.poll(() => wallet(sponsor.idToken)).toBe(start + 2 * (paidPrice / 10));
    const before = await wallet(sponsor.idToken);
    const admin = await logInAdmin();

    // the table goes away under the run (the stack restarts it): every try fails
    const day = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    process.kill(dynamoPid(ops.stack)!, 'SIGKILL');
    expect(await ops.controls.fireSchedule('referralPayout', day)).toBe(false);
    await expect.poll(() => dynamoPid(ops.stack), { timeout: 60_000 }).toBeDefined();

    const listed = await call('deadLetters', {}, admin);
    expect(listed.status).toBe(200);
    const letter = listed.body.items.find((l) => l.name === 'referralPayout')!;
    expect(letter).toMatchObject({ source: 'schedule', attempts: 3, error: expect.any(String) });
    expect(JSON.parse(letter.event)).toMatchObject({ time: day.toISOString() });

    // the redrive starts the payout's state machine again and deletes the letter; while DynamoDB
    // Local is still starting, that run can fail too and come back as a new letter, redriven in turn
    const redrive = await call('redriveDeadLetter', { id: letter.id }, admin);
    expect(redrive).toMatchObject({ status: 200, body: { redriven: true } });
    const bonus = paidPrice / 10;
    await expect
      .poll(
        async () => {
          const again = (await call('deadLetters', {}, admin)).body.items.find(
            (l) => l.name === 'referralPayout',
          );
          if (again) await call('redriveDeadLetter', { id: again.id }, admin);
          return wallet(sponsor.idToken);
        },
        { timeout: 120_000, interval: 2_000 },
      )
      .toBe(before + bonus);
    expect((await call('deadLetters', {}, admin)).body.items.map((l) => l.id)).not.toContain(letter.id);
    // gone: it cannot be redriven twice, and the day's bonus stays paid once
    expect((await call('redriveDeadLetter', { id: letter.id }, admin)).status).toBe(404);
    await ops.controls.runSchedule('referralPayout', day);
    const rows = (await call('listTransactions', {}, sponsor.idToken)).body.items;
    expect(rows.filter((r) => r.type === 'Binary Bonus').map((r) => r.amount)).toEqual([bonus]);
    expect(await wallet(sponsor.idToken)).toBe(before + bonus);

    const log = await call('auditLog', { action: 'dead-letter-redrive', limit: 10 }, admin);
    expect(log.body.items[0]).toMatchObject({
      action: 'dead-letter-redrive',
      target: 'schedule referralPayout',
      summary: expect.stringContaining('Redrove the referralPayout dead letter'),
    });
  }, 180_000);
});
