/**
 * "Extend Plan" (issue 15, point 8): buying the plan held adds one period to its current end,
 * charges once per request id, and renewals racing each add theirs; the expiry queue keeps a
 * renewed plan until its new end.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ResponseOf } from '#api/routes';
import { describe, expect, it } from 'vitest';
import { call, memberIdOf, newVerifiedMember, stack, table } from '../../support/api';
import { topUp, useLocalTable } from '../../support/fund';

const USDT = 1_000_000;
const DAY = 86_400_000;

type Plans = ResponseOf<'getPlans'>;
const plansOf = async (idToken: string): Promise<Plans> => (await call('getPlans', {}, idToken)).body;
const buy = (idToken: string, plan: 'executive' | 'imperial' | 'core', requestId = randomUUID()) =>
  call('activatePlan', { plan, requestId }, idToken);
const wallet = async (idToken: string) => (await call('getWallet', {}, idToken)).body;
const typesOf = async (idToken: string) =>
  ((await call('listTransactions', { limit: 20 }, idToken)).body.items as { type: string }[]).map(
    (t) => t.type,
  );
const plus = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString();

/** A member holding Executive, with `extra` USDT left in the wallet. */
const executiveMember = async (extra: number) => {
  const m = await newVerifiedMember();
  await topUp(m.idToken, String(180 + extra));
  expect((await buy(m.idToken, 'executive')).status).toBe(200);
  return { ...m, plans: await plansOf(m.idToken) };
};

describe('extending a plan held', () => {
  it('Executive bought again adds one period to its end; the start stays, the offer says the next end', async () => {
    const m = await executiveMember(200);
    const { expiresAt, activatedAt, periodDays } = m.plans;
    const offer = m.plans.offers.find((o) => o.plan === 'executive')!;
    expect(offer).toMatchObject({ enabled: true, renews: true, endsAt: plus(expiresAt!, periodDays) });

    const r = await buy(m.idToken, 'executive');
    expect([r.status, r.body.message]).toEqual([200, 'Plan activated.']);
    const after = await plansOf(m.idToken);
    expect(after).toMatchObject({ isActive: true, isSilver: true, activatedAt });
    expect(after.expiresAt).toBe(plus(expiresAt!, periodDays));
    expect(after.offers.find((o) => o.plan === 'executive')!.endsAt).toBe(plus(expiresAt!, 2 * periodDays));
    expect((await wallet(m.idToken)).wallet).toBe(20 * USDT);
    expect(await typesOf(m.idToken)).toEqual(['Executive', 'Executive', 'Deposit']);
    const notes = JSON.stringify((await call('listNotifications', {}, m.idToken)).body);
    expect(notes).toContain(`Executive extended to ${after.expiresAt!.slice(0, 10)}`);
  });

  it('the same request id twice, one after the other and at once, extends and charges once', async () => {
    const m = await executiveMember(400);
    const { expiresAt, periodDays } = m.plans;
    const requestId = randomUUID();
    expect((await buy(m.idToken, 'executive', requestId)).status).toBe(200);
    const again = await buy(m.idToken, 'executive', requestId);
    expect([again.status, again.body.message]).toEqual([200, 'Plan activated.']);
    expect((await plansOf(m.idToken)).expiresAt).toBe(plus(expiresAt!, periodDays));
    expect((await wallet(m.idToken)).wallet).toBe(220 * USDT);

    const twin = randomUUID();
    const both = await Promise.all([1, 2].map(() => buy(m.idToken, 'executive', twin)));
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect((await plansOf(m.idToken)).expiresAt).toBe(plus(expiresAt!, 2 * periodDays));
    expect((await wallet(m.idToken)).wallet).toBe(40 * USDT);
    expect(await typesOf(m.idToken)).toEqual(['Executive', 'Executive', 'Executive', 'Deposit']);
  });

  it('two different renewals at once each add a period and each is charged', async () => {
    const m = await executiveMember(360);
    const { expiresAt, periodDays } = m.plans;
    const both = await Promise.all([buy(m.idToken, 'executive'), buy(m.idToken, 'executive')]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect((await plansOf(m.idToken)).expiresAt).toBe(plus(expiresAt!, 2 * periodDays));
    expect((await wallet(m.idToken)).wallet).toBe(0);
  });

  it('Imperial and Trendex Core are extended the same way, each on its own end', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '500');
    await topUp(m.idToken, '200', 'wallet1');
    // Core is sold on its own to a member without a membership (the Imperial Package includes it)
    expect((await buy(m.idToken, 'core')).status).toBe(200);
    const first = await plansOf(m.idToken);
    expect(first.offers.find((o) => o.plan === 'core')).toMatchObject({ enabled: true, renews: true });
    expect((await buy(m.idToken, 'core')).status).toBe(200);
    expect((await buy(m.idToken, 'imperial')).status).toBe(200);
    const before = await plansOf(m.idToken);
    expect((await buy(m.idToken, 'imperial')).status).toBe(200);
    const after = await plansOf(m.idToken);
    expect(after.expiresAt).toBe(plus(before.expiresAt!, before.periodDays));
    expect(after.coreExpiresAt).toBe(plus(first.coreExpiresAt!, first.periodDays));
    expect(await wallet(m.idToken)).toMatchObject({ wallet: 0, wallet1: 0 });
  });

  it('a Core plan bought over a year ago and extended still earns Core income until its end', async () => {
    // no membership: the Core plan of their own is what makes them a holder
    const m = await newVerifiedMember();
    await topUp(m.idToken, '200', 'wallet1');
    const requestIds = [randomUUID(), randomUUID()];
    for (const requestId of requestIds) expect((await buy(m.idToken, 'core', requestId)).status).toBe(200);
    const id = await memberIdOf(m.email);
    // both Core purchases were made more than a plan period ago (the second extended the first)
    const longAgo = new Date(Date.now() - 400 * DAY).toISOString();
    for (const requestId of requestIds) {
      const key = { PK: `LTX#plan:${id}:core:${requestId}`, SK: 'LTX' };
      await table().send(
        new UpdateCommand({
          TableName: stack().tableName,
          Key: key,
          UpdateExpression: 'SET #date = :d, GSI2SK = :sk',
          ExpressionAttributeNames: { '#date': 'date' },
          ExpressionAttributeValues: { ':d': longAgo, ':sk': `${longAgo}#${requestId}` },
        }),
      );
    }
    useLocalTable();
    const { coreHolders } = await import('#functions/admin/profit');
    const holders = await coreHolders();
    expect(holders.core).toContainEqual({ memberId: id, email: m.email });
  });

  it('the expiry of the period that ran out keeps a plan renewed since, until its new end', async () => {
    const m = await executiveMember(180);
    const id = await memberIdOf(m.email);
    // the first year ran out a minute ago and the daily expiry has not run yet
    const past = new Date(Date.now() - 60_000).toISOString();
    await table().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { PK: `MEMBER#${id}`, SK: 'PROFILE' },
        UpdateExpression: 'SET expiresAt = :p',
        ExpressionAttributeValues: { ':p': past },
      }),
    );
    await table().send(
      new PutCommand({
        TableName: stack().tableName,
        Item: {
          PK: 'PLANEXPIRY',
          SK: `${past}#${id}#membership`,
          memberId: id,
          expiresAt: past,
          period: 'membership',
        },
      }),
    );
    const started = Date.now();
    expect((await buy(m.idToken, 'executive')).status).toBe(200);
    const renewed = await plansOf(m.idToken);
    // nothing paid for is lost, and nothing is given twice: a year from the renewal
    const from = Date.parse(renewed.expiresAt!) - renewed.periodDays * DAY;
    expect(from).toBeGreaterThanOrEqual(started - 1000);
    expect(from).toBeLessThanOrEqual(Date.now());

    useLocalTable();
    const { expirePlans } = await import('#functions/plans/service');
    await expirePlans();
    expect(await plansOf(m.idToken)).toMatchObject({
      isActive: true,
      isSilver: true,
      expiresAt: renewed.expiresAt,
    });
    const notes = JSON.stringify((await call('listNotifications', {}, m.idToken)).body);
    expect(notes).not.toContain('Your plan has expired.');
    // the plan now ends with the end the renewal queued
    const queued = await table().send(
      new QueryCommand({
        TableName: stack().tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': 'PLANEXPIRY', ':sk': `${renewed.expiresAt}#${id}` },
      }),
    );
    expect(queued.Items).toHaveLength(1);
  });
});
