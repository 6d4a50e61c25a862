/**
 * The daily ledger audit: on a sound ledger it finds nothing; a balance changed behind the
 * ledger's back (a raw UpdateItem, no entry) is named by its account, and the admin dashboard's
 * API shows the last audit's time and result.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, logInAdmin, memberIdOf, newVerifiedMember, stack, table } from '../../support/api';
import { topUp } from '../../support/fund';
import { startOpsStack } from './support';

let ops: Awaited<ReturnType<typeof startOpsStack>>;
beforeAll(async () => {
  ops = await startOpsStack();
}, 180_000);
afterAll(() => ops?.stop());

const audit = () =>
  ops.controls.runSchedule('ledgerAudit') as Promise<{ at: string; ok: boolean; differenceCount: number }>;

describe('the daily ledger audit', () => {
  it('is clean on a sound ledger, then names the account whose balance was changed behind its back', async () => {
    const member = await newVerifiedMember();
    await topUp(member.idToken, '100');
    await expect
      .poll(async () => (await call('getWallet', {}, member.idToken)).body.wallet)
      .toBe(100_000_000);
    const account = `member:${await memberIdOf(member.email)}:wallet`;

    const clean = await audit();
    expect(clean).toMatchObject({ ok: true, differenceCount: 0 });
    const admin = await logInAdmin();
    const before = await call('getAdminSummary', {}, admin);
    expect(before.body.ledgerAudit).toEqual({ at: clean.at, ok: true, differenceCount: 0, differences: [] });

    // 5 USDT more on the balance item, with no entry and no other side: what a bug or a hand edit would do
    await table().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { PK: `ACCT#${account}`, SK: 'BALANCE' },
        UpdateExpression: 'ADD balance :five',
        ExpressionAttributeValues: { ':five': 5_000_000 },
      }),
    );

    const tampered = await audit();
    expect(tampered.ok).toBe(false);
    const after = await call('getAdminSummary', {}, admin);
    expect(after.status).toBe(200);
    expect(after.body.ledgerAudit).toMatchObject({ at: tampered.at, ok: false, differenceCount: 2 });
    expect(after.body.ledgerAudit!.differences).toEqual([
      {
        check: 'entries',
        subject: account,
        expected: 100_000_000,
        found: 105_000_000,
        detail: 'balance 105.00 USDT, its entries sum to 100.00 USDT',
      },
      expect.objectContaining({ check: 'total', subject: 'ledger', expected: 0, found: 5_000_000 }),
    ]);
  }, 120_000);
});
