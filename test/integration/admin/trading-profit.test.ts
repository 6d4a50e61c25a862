/**
 * Trading profit (Core income): the admin shares the Core pool out to Core and Premium Core
 * holders through the ledger; each holder is paid once, also when the same distribution is
 * submitted twice or resumed after an interruption; members see it in their Trendex Core wallet,
 * their transactions and the Rewards "Trading" tab; the admin's tabs and the audit log show it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, memberIdOf, newVerifiedMember, stack } from '../../support/api';
import { adminToken } from '../../support/admin';
import { topUp, useLocalTable } from '../../support/fund';

const USDT = 1_000_000;
let admin: string;

type Member = Awaited<ReturnType<typeof newVerifiedMember>>;

const buy = async (m: Member, plan: string) => {
  const r = await call('activatePlan', { plan, requestId: randomUUID() }, m.idToken);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

/**
 * A Core holder (Executive, which includes Trendex Core), or a Premium Core holder too (the
 * Imperial Package, which includes both).
 */
const holder = async (premium: boolean) => {
  const m = await newVerifiedMember();
  await topUp(m.idToken, premium ? '250' : '180');
  await buy(m, premium ? 'imperial' : 'executive');
  return m;
};

/** The pool fed the way the bots feed it: a member's 20 % profit charge, into platform:corepool. */
const feedPool = async (amount: number) => {
  useLocalTable();
  const { post } = await import('#functions/ledger/service');
  const { accounts, transfer } = await import('#functions/ledger/rules');
  const payer = await newVerifiedMember();
  await topUp(payer.idToken, String(amount / USDT));
  const result = await post({
    tx: {
      idempotencyKey: `test-charge:${randomUUID()}`,
      kind: 'profit-charge',
      postings: transfer(accounts.member(await memberIdOf(payer.email), 'wallet'), accounts.corePool, amount),
    },
  });
  expect(result.status).toBe('applied');
};

const wallet1 = async (m: Member) => (await call('getWallet', {}, m.idToken)).body.wallet1;

beforeAll(async () => {
  admin = await adminToken();
});

describe('trading profit distribution', () => {
  it('pays each Core and Premium Core holder once, even when submitted twice; members see it', async () => {
    const [core, premium] = await Promise.all([holder(false), holder(true)]);
    await feedPool(500 * USDT);
    const before = { core: await wallet1(core), premium: await wallet1(premium) };
    const requestId = randomUUID();
    const input = { requestId, coreIncome: '60', premiumIncome: '40' };

    // a double click: the same request twice at once, then once more
    const [a, b] = await Promise.all([
      call('distributeProfit', input, admin),
      call('distributeProfit', input, admin),
    ]);
    const again = await call('distributeProfit', input, admin);
    for (const r of [a, b, again]) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const ok = [a, b, again].find((r) => r.status === 200)!;
    const { share, holders } = ok.body;
    expect(holders.core).toBeGreaterThanOrEqual(2); // both are Core holders
    expect(holders.premium).toBeGreaterThanOrEqual(1);
    expect(share.core).toBe(Math.floor((60 * USDT) / holders.core));
    expect(share.premium).toBe(Math.floor((40 * USDT) / holders.premium));
    expect(again.status).toBe(200);
    expect(again.body.paid).toBe(0);

    expect(await wallet1(core)).toBe(before.core + share.core);
    expect(await wallet1(premium)).toBe(before.premium + share.core + share.premium);

    // the member's Rewards "Trading" tab and transactions, from the server
    const rewards = (await call('listRewards', { tab: 'trading' }, premium.idToken)).body;
    expect(rewards.items.map((r) => [r.type, r.amount]).sort()).toEqual(
      [
        ['Premium Trendex Core Income', share.premium],
        ['Trendex Core Income', share.core],
      ].sort(),
    );
    expect(rewards.todayProfit).toBe(share.core + share.premium);
    expect(rewards.cumulativeProfit).toBe(share.core + share.premium);
    const txs = (await call('listTransactions', { wallet: 'wallet1' }, core.idToken)).body.items;
    expect(txs.filter((t) => t.type === 'Trendex Core Income')).toEqual([
      expect.objectContaining({ amount: share.core }),
    ]);

    // the admin's tabs: Success lists the member's rows, History the distribution, Pending none of it
    const success = (await call('profitShares', { tab: 'success', limit: 100 }, admin)).body;
    expect(success.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: core.email,
          profit: share.core,
          profitTaken: share.core,
          status: 'success',
        }),
      ]),
    );
    const pending = (await call('profitShares', { tab: 'pending', limit: 100 }, admin)).body;
    expect(pending.items.filter((s) => s.distributionId === requestId)).toEqual([]);
    const history = (await call('profitHistory', { limit: 20 }, admin)).body;
    expect(history.items.filter((h) => h.distributionId === requestId)).toEqual([
      expect.objectContaining({
        type: 'Trendex Core Income',
        amount: share.core * holders.core,
        status: 'done',
      }),
      expect.objectContaining({
        type: 'Premium Trendex Core Income',
        amount: share.premium * holders.premium,
        status: 'done',
      }),
    ]);
    const audit = (await call('auditLog', { action: 'profit-distribution', limit: 20 }, admin)).body;
    expect(audit.items.filter((e) => e.target === requestId)).toHaveLength(1);
  });

  it('an interrupted distribution is resumed by the same request and pays each holder once', async () => {
    const m = await holder(false);
    await feedPool(100 * USDT);
    const before = await wallet1(m);
    const requestId = randomUUID();
    const input = { requestId, coreIncome: '10', premiumIncome: '' };

    // the run stops right after its money was reserved (step 1), before any share was written or paid
    useLocalTable();
    const { createDistribution } = await import('#functions/admin/profit');
    await createDistribution(requestId, input, {
      memberId: await memberIdOf(stack().admin.email),
      groups: ['admin'],
      isAdmin: true,
    });
    expect(await wallet1(m)).toBe(before);
    const history = (await call('profitHistory', { limit: 20 }, admin)).body;
    expect(history.items.find((h) => h.distributionId === requestId)).toMatchObject({ status: 'running' });

    const resumed = await call('distributeProfit', input, admin);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.paid).toBe(resumed.body.holders.core);
    expect(await wallet1(m)).toBe(before + resumed.body.share.core);
    expect((await call('distributeProfit', input, admin)).body.paid).toBe(0);
    expect(await wallet1(m)).toBe(before + resumed.body.share.core);
  });

  it('refuses more than the pool holds, and an empty form, moving nothing', async () => {
    const r = await call(
      'distributeProfit',
      { requestId: randomUUID(), coreIncome: '9999999', premiumIncome: '' },
      admin,
    );
    expect(r.status).toBe(400);
    // what would be paid: 9,999,999 USDT split evenly over the holders (the micro-USDT that does
    // not split is left out, so the figure depends on how many hold Core now)
    const [, asked] = /^The Core pool holds [\d.]+ USDT; ([\d.]+) USDT cannot be distributed\.$/.exec(
      r.body.message,
    ) ?? ['', 'no match'];
    expect(Number(asked)).toBeGreaterThan(9_999_998);
    expect(Number(asked)).toBeLessThanOrEqual(9_999_999);
    const empty = await call(
      'distributeProfit',
      { requestId: randomUUID(), coreIncome: '', premiumIncome: '' },
      admin,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Enter the Trendex Income, the Premium Trendex Income, or both.');
  });
});
