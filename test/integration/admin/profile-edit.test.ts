/**
 * Admin profile edit: name (member, Cognito, tree), rank, granted bot, and the balance change as one
 * ledger transaction with the admin as its author, seen in the member's wallet and transactions.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, stack, table } from '../../support/api';
import { topUp } from '../../support/fund';
import { placed } from '../../support/team';
import { adminToken, cognitoAttributes, joinMember } from '../../support/admin';

const USDT = 1_000_000;
let admin: string;

beforeAll(async () => {
  admin = await adminToken();
});

const edit = (input: Record<string, unknown>, token = admin) =>
  call('editProfile', { requestId: randomUUID(), ...input }, token);

const wallet = async (idToken: string) => Number((await call('getWallet', {}, idToken)).body.wallet);
const transactions = async (idToken: string) =>
  (await call('listTransactions', { limit: '20' }, idToken)).body.items as Record<string, unknown>[];

/** The ledger transactions of kind 'adjustment' shown to this member (GSI1 MEMBERTX#). */
const adjustmentsOf = async (memberId: string) => {
  const { Items = [] } = await table().send(
    new QueryCommand({
      TableName: stack().tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: 'kind = :kind',
      ExpressionAttributeValues: { ':pk': `MEMBERTX#${memberId}`, ':kind': 'adjustment' },
    }),
  );
  return Items;
};

describe('admin profile edit', () => {
  it('renames the member in the table, in Cognito, in the tree and in the sponsor’s referral list', async () => {
    const sponsor = await joinMember();
    await placed(sponsor.id);
    const m = await joinMember({ sponsor: sponsor.username, side: 'Right' });
    await placed(m.id);
    const r = await edit({ memberId: m.id, name: 'Renamed Person' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      message: 'Profile updated.',
      profile: { id: m.id, name: 'Renamed Person' },
    });

    const token = await logIn(m.email, m.password);
    expect((await call('getProfile', {}, token)).body.name).toBe('Renamed Person');
    expect((await cognitoAttributes(m.email)).name).toBe('Renamed Person');
    const tree = await call('getTree', { email: m.email }, admin);
    expect((tree.body.nodes as { id: string; name: string }[]).find((n) => n.id === m.id)?.name).toBe(
      'Renamed Person',
    );
    const referrals = await call('listDirectReferrals', { side: 'Right' }, sponsor.idToken);
    expect(referrals.body.items).toEqual([
      expect.objectContaining({ email: m.email, name: 'Renamed Person' }),
    ]);
  });

  it('sets the rank (1-11, named) and grants a bot that the member sees on the profile', async () => {
    const m = await joinMember();
    let r = await edit({ memberId: m.id, rank: 5, grantedBot: 'zeno' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.profile).toMatchObject({ rank: 5, rankName: 'Trendex Prime', grantedBot: 'zeno' });
    expect((await call('getProfile', {}, m.idToken)).body).toMatchObject({
      rank: 5,
      rankName: 'Trendex Prime',
      grantedBot: 'zeno',
    });

    r = await edit({ memberId: m.id, rank: 11, grantedBot: '' });
    expect(r.body.profile).toMatchObject({ rank: 11, rankName: 'Trendex Pro', grantedBot: null });
    expect((await call('getProfile', {}, m.idToken)).body.grantedBot).toBeNull();

    for (const bad of [{ rank: 0 }, { rank: 12 }, { grantedBot: 'moonbot' }, { name: 'x' }]) {
      const refused = await edit({ memberId: m.id, ...bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('getProfile', {}, m.idToken)).body.rank).toBe(11);
  });

  it('credits and debits the wallet as ledger transactions authored by the admin', async () => {
    const m = await joinMember();
    const credit = await edit({ memberId: m.id, balanceToAdd: '25.5' });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(credit.body).toMatchObject({ balance: 'applied', profile: { wallet: 25.5 * USDT } });
    expect(await wallet(m.idToken)).toBe(25.5 * USDT);

    const debit = await edit({ memberId: m.id, balanceToAdd: '-10.25' });
    expect(debit.body).toMatchObject({ balance: 'applied', profile: { wallet: 15.25 * USDT } });
    expect(await wallet(m.idToken)).toBe(15.25 * USDT);

    const rows = await transactions(m.idToken);
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'Admin Debit', amount: -10.25 * USDT, wallet: 'wallet' }),
      expect.objectContaining({ type: 'Admin Credit', amount: 25.5 * USDT, wallet: 'wallet' }),
    ]);

    const ledger = await adjustmentsOf(m.id);
    expect(ledger).toHaveLength(2);
    for (const tx of ledger) {
      expect(tx.ref).toEqual({ adminId: expect.any(String), adminEmail: stack().admin.email });
      expect((tx.postings as { account: string }[]).map((p) => p.account).sort()).toEqual(
        [`member:${m.id}:wallet`, 'platform:adjustments'].sort(),
      );
    }
    const adminId = (await call('getProfile', {}, admin)).body.id;
    expect(ledger[0].ref.adminId).toBe(adminId);
    // the member's account entries sum to its balance
    const entries = await table().send(
      new QueryCommand({
        TableName: stack().tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :e)',
        ExpressionAttributeValues: { ':pk': `ACCT#member:${m.id}:wallet`, ':e': 'ENTRY#' },
      }),
    );
    expect(entries.Items!.reduce((s, e) => s + Number(e.amount), 0)).toBe(15.25 * USDT);
  });

  it('changes the balance once when the same request arrives twice', async () => {
    const m = await joinMember();
    const input = { memberId: m.id, requestId: randomUUID(), balanceToAdd: '7' };
    const [a, b] = await Promise.all([call('editProfile', input, admin), call('editProfile', input, admin)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.balance, b.body.balance].sort()).toEqual(['applied', 'replayed']);
    const again = await call('editProfile', input, admin);
    expect(again.body).toMatchObject({ balance: 'replayed', profile: { wallet: 7 * USDT } });
    expect(await wallet(m.idToken)).toBe(7 * USDT);
    expect(await adjustmentsOf(m.id)).toHaveLength(1);

    // the same request id with another amount is refused, not replayed as if it were the same
    const reused = await call('editProfile', { ...input, balanceToAdd: '70' }, admin);
    expect(reused.status).toBe(409);
    expect(await wallet(m.idToken)).toBe(7 * USDT);
  });

  it('refuses a debit larger than the balance and changes nothing, not even the other fields', async () => {
    const m = await joinMember();
    await topUp(m.idToken, '5');
    const r = await edit({ memberId: m.id, name: 'Should Not Stick', rank: 4, balanceToAdd: '-5.000001' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      field: 'balanceToAdd',
      message:
        "The member's wallet holds 5.00 USDT, less than the debit of 5.000001 USDT. Nothing was changed.",
    });
    expect(await wallet(m.idToken)).toBe(5 * USDT);
    expect(await adjustmentsOf(m.id)).toHaveLength(0);
    const profile = (await call('getProfile', {}, m.idToken)).body;
    expect(profile).toMatchObject({ name: m.name, rank: 1 });
    expect((await transactions(m.idToken)).map((t) => t.type)).toEqual(['Deposit']);
  });

  it('checks the amount: not zero, at most 6 decimals, at most 1,000,000 USDT', async () => {
    const m = await joinMember();
    for (const balanceToAdd of ['0', '-0.000', '1.1234567', '12,5', '1000000.000001', 'ten']) {
      const r = await edit({ memberId: m.id, balanceToAdd });
      expect(r.status, balanceToAdd).toBe(400);
      expect(r.body.field, balanceToAdd).toBe('balanceToAdd');
    }
    expect((await edit({ memberId: m.id })).body.message).toBe('Change at least one field.');
    expect((await edit({ memberId: 'no-such-member', rank: 2 })).status).toBe(404);
    expect(await wallet(m.idToken)).toBe(0);
  });

  it('is for admins only', async () => {
    const m = await joinMember();
    const r = await edit({ memberId: m.id, balanceToAdd: '1000' }, m.idToken);
    expect(r.status).toBe(403);
    expect(await wallet(m.idToken)).toBe(0);
    expect(
      (await call('transferEmail', { currentEmail: m.email, newEmail: `x${m.email}` }, m.idToken)).status,
    ).toBe(403);
  });
});
