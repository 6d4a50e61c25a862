/** The admin money reports read the ledger: deposits, withdrawals, payouts, balances, dashboard totals. */
import { describe, expect, it } from 'vitest';
import { call, logIn, newVerifiedMember, stack } from '../../support/api';
import { mailedOtp, topUp } from './fund';

describe('admin money reports', () => {
  it('show a member deposit and withdrawal, filtered by e-mail, and the balances', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '40');
    await call('requestWithdrawOtp', {}, m.idToken);
    const otp = (await mailedOtp(m.email))!;
    const w = await call(
      'withdraw',
      { amount: '15', address: '0x52908400098527886E0F7030069857D2E4169EE7', otp },
      m.idToken,
    );
    expect(w.status).toBe(200);

    const admin = await logIn(stack().admin.email, stack().admin.password);
    const day = new Date().toISOString().slice(0, 10);
    const report = async (kind: string) =>
      (await call('walletReport', { kind, from: day, to: day, email: m.email }, admin)).body as {
        items: { email: string; amount: number; reference: string }[];
        totals: { count: number; total: number };
      };
    const deposits = await report('deposit');
    expect(deposits.items).toEqual([expect.objectContaining({ email: m.email, amount: 40_000_000 })]);
    expect(deposits.totals).toEqual({ count: 1, total: 40_000_000 });
    expect((await report('withdraw')).totals.total).toBe(15_000_000);
    const payouts = await report('payout');
    expect(payouts.items[0].reference).toMatch(/^0x[0-9a-f]{64}$/);

    const balances = (await call('balanceReport', {}, admin)).body as {
      rows: { email: string; wallet: number }[];
    };
    expect(balances.rows).toContainEqual(expect.objectContaining({ email: m.email, wallet: 25_000_000 }));
    const totals = (await call('moneyTotals', {}, admin)).body as { deposit: { today: number } };
    expect(totals.deposit.today).toBeGreaterThanOrEqual(40_000_000);

    // members cannot read them
    expect((await call('balanceReport', {}, m.idToken)).status).toBe(403);
    const noDates = await call('walletReport', { kind: 'deposit' }, admin);
    expect(noDates.body.message).toBe('Choose a start date.');
  });
});
