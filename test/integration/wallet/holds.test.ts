/**
 * A hold without its withdrawal (issue 19): left behind on purpose, as a function that died
 * between the hold and the withdrawal record of the old flow would have left it. The withdrawal
 * sweep releases it once, back to its wallet, and tells the member.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { setClock } from '#core/clock';
import { call, newVerifiedMember } from '../../support/api';
import { topUp, useLocalTable } from '../../support/fund';

const USDT = 1_000_000;

afterEach(() => setClock(null));

describe('holds without their withdrawal', () => {
  it('are released once by the sweep, and the member is told', async () => {
    const member = await newVerifiedMember();
    await topUp(member.idToken, '50');
    const memberId = String((await call('getProfile', {}, member.idToken)).body.id);
    useLocalTable();
    const { post } = await import('#functions/ledger/service');
    const { accounts, transfer } = await import('#functions/ledger/rules');
    const { releaseOrphanHolds } = await import('#functions/wallet/holds');

    // the hold of a withdrawal whose record was never written, a few minutes ago
    setClock(new Date(Date.now() - 3 * 60_000));
    const withdrawalId = `orphan-${randomUUID()}`;
    const held = await post({
      tx: {
        idempotencyKey: `withdraw:${withdrawalId}:hold`,
        kind: 'withdraw-hold',
        postings: transfer(accounts.member(memberId, 'wallet'), accounts.hold(memberId), 20 * USDT),
      },
      memberId,
      display: { type: 'Withdraw', amount: -20 * USDT, wallet: 'wallet' },
      ref: { withdrawalId },
    });
    expect(held.status).toBe('applied');
    setClock(null);
    expect((await call('getWallet', {}, member.idToken)).body).toMatchObject({
      wallet: 30 * USDT,
      held: 20 * USDT,
    });

    // the sweep runs, here and maybe in the stack's own schedule too: released once either way
    await releaseOrphanHolds();
    await releaseOrphanHolds();
    expect((await call('getWallet', {}, member.idToken)).body).toMatchObject({ wallet: 50 * USDT, held: 0 });
    const rows = (await call('listTransactions', { limit: '20' }, member.idToken)).body.items;
    expect(rows.filter((r) => r.type === 'Withdraw refund')).toHaveLength(1);
    const notes = JSON.stringify((await call('listNotifications', {}, member.idToken)).body);
    expect(notes).toContain('Your withdrawal of 20.00 USDT was not sent. The amount is back in your wallet.');
  });
});
