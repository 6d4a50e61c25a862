/** The member's open invoices: a Top Up can be found again until it is paid or expires. */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack, table } from '../../support/api';
import { payInSimulator } from '../../support/fund';

const invoice = async (idToken: string, amount: string) => {
  const made = await call('createInvoice', { amount, wallet: 'wallet', requestId: randomUUID() }, idToken);
  expect(made.status).toBe(201);
  return String(made.body.paymentId);
};

describe('open invoices', () => {
  it('lists waiting invoices newest first, with their address; paid and expired ones drop out', async () => {
    const m = await newVerifiedMember();
    const other = await newVerifiedMember();
    expect((await call('listInvoices', {}, m.idToken)).body.items).toEqual([]);

    const first = await invoice(m.idToken, '30');
    const second = await invoice(m.idToken, '45.5');
    const third = await invoice(m.idToken, '60');
    await invoice(other.idToken, '99');

    const open = await call('listInvoices', {}, m.idToken);
    expect(open.status).toBe(200);
    expect(open.body.items.map((i) => i.paymentId)).toEqual([third, second, first]);
    expect(open.body.items[1]).toMatchObject({ amount: 45_500_000, status: 'waiting', wallet: 'wallet' });
    expect(open.body.items[1].payAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await payInSimulator(second);
    // an invoice past its expiry is not offered, even before the schedule closes it
    await table().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { PK: `INVOICE#${first}`, SK: 'INVOICE' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    expect((await call('listInvoices', {}, m.idToken)).body.items.map((i) => i.paymentId)).toEqual([third]);
  });

  it('the same Top Up request twice (a double click) is one open invoice', async () => {
    const m = await newVerifiedMember();
    const requestId = randomUUID();
    const both = await Promise.all(
      [0, 1].map(() => call('createInvoice', { amount: '20', wallet: 'wallet', requestId }, m.idToken)),
    );
    expect(both.map((a) => a.status)).toEqual([201, 201]);
    expect(both[0].body.paymentId).toBe(both[1].body.paymentId);
    expect((await call('listInvoices', {}, m.idToken)).body.items).toHaveLength(1);
  });

  it('needs a member', async () => {
    expect((await call('listInvoices', {})).status).toBe(401);
  });
});
