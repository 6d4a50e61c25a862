/**
 * Paging cursors are ours: a cursor is good only for the caller it was given to and the list (and
 * filters) it pages. A tampered, foreign or malformed one answers 400 "This page link is no longer
 * valid." and never reaches DynamoDB (which answered such a start key with a 500 before).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#api/routes';
import { claimsOf } from '../../support/admin';
import { call, newVerifiedMember } from '../../support/api';
import { topUp } from '../../support/fund';

type Member = Awaited<ReturnType<typeof newVerifiedMember>>;

const noLongerValid = {
  status: 400,
  body: { code: 'INVALID_CURSOR', message: 'This page link is no longer valid.' },
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

let a: Member;
let b: Member;
/** A's genuine cursor of the second page of their transactions. */
let aCursor: string;
beforeAll(async () => {
  [a, b] = await Promise.all([newVerifiedMember(), newVerifiedMember()]);
  await topUp(a.idToken, '10');
  await topUp(a.idToken, '11');
  const first = await call('listTransactions', { limit: '1' }, a.idToken);
  expect(first.status).toBe(200);
  aCursor = first.body.cursor!;
  expect(aCursor).toEqual(expect.any(String));
});

describe('paging cursors', () => {
  it('page on for their own caller and query', async () => {
    const second = await call('listTransactions', { limit: '1', cursor: aCursor }, a.idToken);
    expect(second.status).toBe(200);
    expect(second.body.items).toHaveLength(1);
  });

  it('refuse a forged start key on every paged member list, as 400 not 500', async () => {
    const forged = b64({
      PK: 'LTX#x',
      SK: 'LTX',
      GSI1PK: `MEMBERTX#${String(claimsOf(b.idToken).sub)}`,
      GSI1SK: '9999',
    });
    const lists: [OperationId, Record<string, string>][] = [
      ['listTransactions', {}],
      ['listNotifications', {}],
      ['getClosedOrders', {}],
      ['listWithdrawals', {}],
      ['listRewards', {}],
      ['listDirectReferrals', { side: 'Left' }],
    ];
    for (const [op, query] of lists)
      expect(await call(op, { ...query, cursor: forged }, a.idToken), op).toMatchObject(noLongerValid);
  });

  it('refuse a genuine cursor in the hands of another member, on another list or with other filters', async () => {
    expect(await call('listTransactions', { limit: '1', cursor: aCursor }, b.idToken)).toMatchObject(
      noLongerValid,
    );
    expect(await call('listNotifications', { cursor: aCursor }, a.idToken)).toMatchObject(noLongerValid);
    expect(await call('listTransactions', { wallet: 'wallet1', cursor: aCursor }, a.idToken)).toMatchObject(
      noLongerValid,
    );
  });

  it('refuse a tampered or malformed cursor', async () => {
    const [position, signature] = aCursor.split('.');
    const moved = b64({ ...JSON.parse(Buffer.from(position, 'base64url').toString()), GSI1SK: '0' });
    for (const cursor of [
      `${moved}.${signature}`,
      `${position}.${signature.slice(0, -2)}`,
      position,
      'abc',
      '!!!',
      `${position}.`,
      '.',
    ])
      expect(await call('listTransactions', { limit: '1', cursor }, a.idToken), cursor).toMatchObject(
        noLongerValid,
      );
  });
});
