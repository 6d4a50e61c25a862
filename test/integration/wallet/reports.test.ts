/** The admin money reports read the ledger: deposits, withdrawals, payouts, balances, dashboard totals. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, logInAdmin, newVerifiedMember } from '../../support/api';
import { mailedOtp, topUp } from '../../support/fund';

describe('admin money reports', () => {
  it('show a member deposit and withdrawal, filtered by e-mail, and the balances', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '40');
    await call('requestWithdrawOtp', {}, m.idToken);
    const otp = (await mailedOtp(m.email))!;
    const w = await call(
      'withdraw',
      { amount: '15', address: '0x52908400098527886E0F7030069857D2E4169EE7', otp, requestId: randomUUID() },
      m.idToken,
    );
    expect(w.status).toBe(200);

    const admin = await logInAdmin();
    const day = new Date().toISOString().slice(0, 10);
    const report = async (kind: string) =>
      (await call('walletReport', { kind, from: day, to: day, email: m.email }, admin)).body as {
        items: { email: string; amount: number; hash?: string }[];
        totals: { count: number; total: number };
      };
    const deposits = await report('deposit');
    expect(deposits.items).toEqual([expect.objectContaining({ email: m.email, amount: 40_000_000 })]);
    expect(deposits.totals).toEqual({ count: 1, total: 40_000_000 });
    const withdrawals = await report('withdraw');
    expect(withdrawals.totals.total).toBe(15_000_000);
    expect(withdrawals.items[0].hash).toMatch(/^0x[0-9a-f]{64}$/);
    // no referral bonus was paid to this member (test/integration/wallet/report-hashes.test.ts)
    expect((await report('payout')).items).toEqual([]);

    // the Balance report: one member by e-mail, with the platform-wide totals on the first page
    type Balances = {
      items: { email: string; wallet: number; wallet1: number }[];
      cursor?: string;
      totals?: { count: number; wallet: number; wallet1: number };
    };
    const mine = (await call('balanceReport', { email: m.email }, admin)).body as Balances;
    expect(mine.items).toEqual([expect.objectContaining({ email: m.email, wallet: 25_000_000, wallet1: 0 })]);
    expect(mine.totals?.count).toBe(1);
    expect(mine.totals?.wallet).toBeGreaterThanOrEqual(25_000_000);
    const totals = (await call('moneyTotals', {}, admin)).body as { deposit: { today: number } };
    expect(totals.deposit.today).toBeGreaterThanOrEqual(40_000_000);

    // members cannot read them
    expect((await call('balanceReport', {}, m.idToken)).status).toBe(403);
    const noDates = await call('walletReport', { kind: 'deposit' }, admin);
    expect(noDates.body.message).toBe('Choose a start date.');
  });

  it('pages the Balance report over every member: each once, totals only on the first page', async () => {
    const funded = [await newVerifiedMember(), await newVerifiedMember()];
    await topUp(funded[0].idToken, '7');
    await topUp(funded[1].idToken, '3.5');
    const admin = await logInAdmin();
    type Page = {
      items: { memberId: string; email: string; wallet: number }[];
      cursor?: string;
      totals?: { count: number; wallet: number };
    };
    const seen: Page['items'] = [];
    let cursor: string | undefined;
    let first: Page | undefined;
    do {
      const page = (await call('balanceReport', { limit: 7, ...(cursor ? { cursor } : {}) }, admin))
        .body as Page;
      first ??= page;
      if (page !== first) expect(page.totals).toBeUndefined();
      expect(page.items.length).toBeGreaterThan(0);
      seen.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    expect(new Set(seen.map((r) => r.memberId)).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(first!.totals!.count);
    for (const [i, amount] of [7_000_000, 3_500_000].entries())
      expect(seen).toContainEqual(expect.objectContaining({ email: funded[i].email, wallet: amount }));
    const bad = await call('balanceReport', { cursor: 'not-a-cursor' }, admin);
    expect(bad.status).toBe(400);
  });
});
