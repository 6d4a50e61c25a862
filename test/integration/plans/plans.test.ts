/** Plan purchases through the API: prices from the wallets, messages, disabled states, expiry. */
import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ResponseOf } from '#api/routes';
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack, table, memberIdOf } from '../../support/api';
import { topUp, useLocalTable } from '../../support/fund';

const USDT = 1_000_000;

/** Revenue's balance as the ledger reads it: the sum of its shards. */
const revenue = async () => {
  useLocalTable();
  const { getBalance } = await import('#functions/ledger/service');
  const { accounts } = await import('#functions/ledger/rules');
  return getBalance(accounts.revenue);
};

const offer = (state: ResponseOf<'getPlans'>, plan: string) => state.offers.find((o) => o.plan === plan)!;

describe('plans', () => {
  it('without balance: You Dont have wallet balance. and nothing changes', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '179.99');
    const r = await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, m.idToken);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('You Dont have wallet balance.');
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(179.99 * USDT);
    expect((await call('getPlans', {}, m.idToken)).body.isActive).toBe(false);
  });

  it('Executive, then the upgrade to the Imperial Package; a Core plan the membership includes is never sold', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '200');
    await topUp(m.idToken, '350', 'wallet1');
    let plans = (await call('getPlans', {}, m.idToken)).body;
    expect(offer(plans, 'executive').enabled).toBe(true);
    expect(offer(plans, 'upgrade')).toMatchObject({ enabled: false });
    // without a membership, each Core plan is for sale on its own
    expect(offer(plans, 'core')).toMatchObject({ enabled: true });
    expect(offer(plans, 'premiumCore')).toMatchObject({ enabled: true });

    const before = await revenue();
    const r = await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, m.idToken);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Plan activated.');
    expect(await revenue()).toBeGreaterThanOrEqual(before + 180 * USDT);
    plans = (await call('getPlans', {}, m.idToken)).body;
    expect(plans).toMatchObject({ isActive: true, isSilver: true, isGold: false });
    // the plan held is offered again as its extension (test/integration/plans/renewal.test.ts)
    expect(offer(plans, 'executive')).toMatchObject({ enabled: true, renews: true });
    expect(offer(plans, 'imperial')).toMatchObject({ enabled: true, renews: false });
    expect(offer(plans, 'core')).toMatchObject({
      enabled: false,
      reason: 'Included in your Executive plan.',
      includedIn: 'Executive',
    });
    expect(offer(plans, 'premiumCore')).toMatchObject({ enabled: true });

    expect(
      (await call('activatePlan', { plan: 'upgrade', requestId: randomUUID() }, m.idToken)).body.message,
    ).toBe('Plan activated.');
    plans = (await call('getPlans', {}, m.idToken)).body;
    expect(plans).toMatchObject({ isGold: true });
    expect(offer(plans, 'imperial')).toMatchObject({ enabled: true, renews: true });
    for (const included of ['executive', 'core', 'premiumCore'])
      expect(offer(plans, included)).toMatchObject({
        enabled: false,
        reason: 'Included in your Imperial Package.',
        includedIn: 'Imperial Package',
      });
    expect(offer(plans, 'upgrade')).toMatchObject({
      enabled: false,
      reason: 'You already have the Imperial Package.',
    });
    // asked all the same (an old page, a crafted request): refused, nothing charged
    for (const plan of ['executive', 'core', 'premiumCore']) {
      const refused = await call('activatePlan', { plan, requestId: randomUUID() }, m.idToken);
      expect([refused.status, refused.body.message]).toEqual([409, 'Included in your Imperial Package.']);
    }
    expect((await call('getWallet', {}, m.idToken)).body).toMatchObject({ wallet: 0, wallet1: 350 * USDT });
    const txs = await call('listTransactions', { limit: 10 }, m.idToken);
    expect((txs.body.items as { type: string }[]).map((t) => t.type)).toEqual([
      'Upgrade to the Imperial Package',
      'Executive',
      'Deposit',
      'Deposit',
    ]);
  });

  it('the same request id is one purchase: again and at once, the same success, charged once', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '400');
    const requestId = randomUUID();
    const first = await call('activatePlan', { plan: 'executive', requestId }, m.idToken);
    expect(first.status).toBe(200);
    // the answer was lost (or an error said to try again): the same request answers the same success
    const again = await call('activatePlan', { plan: 'executive', requestId }, m.idToken);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Plan activated.');
    expect(again.body.plan).toMatchObject({ isActive: true, isSilver: true });
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(220 * USDT);

    // a double click that reached the server twice at once
    const twin = randomUUID();
    const both = await Promise.all(
      [1, 2].map(() => call('activatePlan', { plan: 'upgrade', requestId: twin }, m.idToken)),
    );
    expect(both.map((a) => [a.status, a.body.message])).toEqual([
      [200, 'Plan activated.'],
      [200, 'Plan activated.'],
    ]);
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(200 * USDT);
    const txs = await call('listTransactions', { limit: 10 }, m.idToken);
    expect((txs.body.items as { type: string }[]).map((t) => t.type)).toEqual([
      'Upgrade to the Imperial Package',
      'Executive',
      'Deposit',
    ]);
    // a new request is a new purchase: the upgrade again is refused
    const another = await call('activatePlan', { plan: 'upgrade', requestId: randomUUID() }, m.idToken);
    expect([another.status, another.body.message]).toEqual([409, 'You already have the Imperial Package.']);
  });

  it('refuses a purchase without a request id', async () => {
    const m = await newVerifiedMember();
    const r = await call('activatePlan', { plan: 'executive' }, m.idToken);
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('requestId');
  });

  it('twenty concurrent Executive purchases: what the wallet pays for, each one period', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '1000');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('activatePlan', { plan: 'executive', requestId: randomUUID() }, m.idToken),
      ),
    );
    // 1000 USDT pays five years of Executive: the first activates it, four extend it
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    for (const a of answers.filter((a) => a.status !== 200))
      expect(a.body.message).toBe('You Dont have wallet balance.');
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(100 * USDT);
    const plans = (await call('getPlans', {}, m.idToken)).body;
    const years = (Date.parse(plans.expiresAt!) - Date.parse(plans.activatedAt!)) / 86_400_000;
    expect(years).toBeCloseTo(5 * plans.periodDays, 2);
  });

  it('the expiry ends only the plan whose period ended: a Core plan runs its own year', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '180');
    await topUp(m.idToken, '100', 'wallet1');
    // Core first: bought on its own, then Executive (which includes it) over it
    await call('activatePlan', { plan: 'core', requestId: randomUUID() }, m.idToken);
    await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, m.idToken);
    const id = await memberIdOf(m.email);
    /** Moves one period's end into the past, on the member and in the expiry queue. */
    const endNow = async (attribute: string, period: string) => {
      const past = new Date(Date.now() - 60_000).toISOString();
      await table().send(
        new UpdateCommand({
          TableName: stack().tableName,
          Key: { PK: `MEMBER#${id}`, SK: 'PROFILE' },
          UpdateExpression: 'SET #e = :p',
          ExpressionAttributeNames: { '#e': attribute },
          ExpressionAttributeValues: { ':p': past },
        }),
      );
      await table().send(
        new PutCommand({
          TableName: stack().tableName,
          Item: { PK: 'PLANEXPIRY', SK: `${past}#${id}#${period}`, memberId: id, expiresAt: past, period },
        }),
      );
    };
    useLocalTable();
    const { expirePlans } = await import('#functions/plans/service');
    await endNow('expiresAt', 'membership');
    await expirePlans();
    expect((await call('getPlans', {}, m.idToken)).body).toMatchObject({
      isActive: false,
      isSilver: false,
      isCore: true,
    });
    await endNow('coreExpiresAt', 'core');
    await expirePlans();
    expect((await call('getPlans', {}, m.idToken)).body).toMatchObject({ isCore: false });
  });

  it('the expiry schedule ends a plan after its period and tells the member', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '180');
    await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, m.idToken);
    const id = await memberIdOf(m.email);
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
        Item: { PK: 'PLANEXPIRY', SK: `${past}#${id}`, memberId: id, expiresAt: past },
      }),
    );
    useLocalTable();
    const { expirePlans } = await import('#functions/plans/service');
    expect(await expirePlans()).toBeGreaterThanOrEqual(1);
    const plans = (await call('getPlans', {}, m.idToken)).body;
    expect(plans).toMatchObject({ isActive: false, isSilver: false });
    expect(offer(plans, 'executive').enabled).toBe(true);
    const notes = await call('listNotifications', {}, m.idToken);
    expect(JSON.stringify(notes.body)).toContain('Your plan has expired.');
  });
});
