/** The deposit reconciliation schedule: a paid invoice whose callback was lost is credited once. */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack, table } from '../../support/api';
import { useLocalTable } from '../../support/fund';

describe('reconcileDeposits', () => {
  it('credits a paid invoice without a callback, and closes an expired one', async () => {
    const m = await newVerifiedMember();
    const paid = await call('createInvoice', { amount: '12', requestId: randomUUID() }, m.idToken);
    const stale = await call('createInvoice', { amount: '7', requestId: randomUUID() }, m.idToken);
    await fetch(`${stack().webUrl}/dev/payments/pay/${String(paid.body.paymentId)}?callback=none`, {
      method: 'POST',
    });
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(0);
    await table().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { PK: `INVOICE#${String(stale.body.paymentId)}`, SK: 'INVOICE' },
        UpdateExpression: 'SET expiresAt = :p',
        ExpressionAttributeValues: { ':p': new Date(Date.now() - 1000).toISOString() },
      }),
    );

    useLocalTable();
    Object.assign(process.env, {
      PAYMENTS_API_URL: `${stack().webUrl}/dev/payments`,
      PAYMENTS_API_KEY: 'local-payments-key',
    });
    const { reconcileDeposits } = await import('#functions/wallet/deposits');
    const first = await reconcileDeposits();
    expect(first.credited).toBeGreaterThanOrEqual(1);
    await reconcileDeposits(); // a second run changes nothing
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(12_000_000);
    expect(
      (await call('getInvoice', { paymentId: String(paid.body.paymentId) }, m.idToken)).body.status,
    ).toBe('credited');
    expect(
      (await call('getInvoice', { paymentId: String(stale.body.paymentId) }, m.idToken)).body.status,
    ).toBe('expired');
  });
});
