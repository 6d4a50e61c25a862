/**
 * The admin money reports (issue 15, point 8): Withdraw lists the withdrawals paid out, with the
 * payout hash (a refunded one is absent); Deposit shows the payment id and the hash of the
 * member's payment; Payout lists the referral bonuses paid, by the member paid.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '#api/routes';
import { call, logInAdmin, newVerifiedMember, stack } from '../../support/api';
import { mailedOtp, topUp, useLocalTable } from '../../support/fund';
import { join } from '../../support/team';

type Report = ResponseOf<'walletReport'>;
const today = () => new Date().toISOString().slice(0, 10);
const report = async (kind: 'deposit' | 'withdraw' | 'payout', email: string): Promise<Report> => {
  const answer = await call('walletReport', { kind, from: today(), to: today(), email }, await logInAdmin());
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The provider's own view of a payment (the simulator speaks NOWPayments' API). */
const providerPayment = async (paymentId: string) =>
  (await (
    await fetch(`${stack().webUrl}/dev/payments/v1/payment/${paymentId}`, {
      headers: { 'x-api-key': 'local-payments-key' },
    })
  ).json()) as { payment_status: string; payin_hash: string | null };

const withdraw = async (idToken: string, email: string, amount: string, address: string) => {
  await call('requestWithdrawOtp', {}, idToken);
  const otp = (await mailedOtp(email))!;
  return call('withdraw', { amount, address, otp, requestId: randomUUID() }, idToken);
};

describe('admin money reports: hashes and settled withdrawals', () => {
  it('Withdraw lists only the withdrawal paid out, with its payout hash; the refunded one is absent', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '100');
    // an address the simulator's payouts fail for: the amount comes back to the wallet
    const refunded = await withdraw(m.idToken, m.email, '15', '0x0000009abcdef0123456789abcdef0123456789a');
    expect(refunded.status).toBe(502);
    const paid = await withdraw(m.idToken, m.email, '20', '0x52908400098527886E0F7030069857D2E4169EE7');
    expect(paid.body).toMatchObject({ status: 'paid', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(80_000_000);

    const withdrawals = await report('withdraw', m.email);
    expect(withdrawals.items).toEqual([
      expect.objectContaining({ email: m.email, amount: 20_000_000, hash: paid.body.hash }),
    ]);
    expect(withdrawals.totals).toEqual({ count: 1, total: 20_000_000 });
  });

  it("Deposit shows the payment id and the member's payment hash, from the callback and from reconciliation", async () => {
    const m = await newVerifiedMember();
    const viaCallback = await topUp(m.idToken, '40');
    const lost = await call('createInvoice', { amount: '12', requestId: randomUUID() }, m.idToken);
    const lostId = String(lost.body.paymentId);
    // paid, but the callback is lost: the reconciliation schedule reads the payment's status
    await fetch(`${stack().webUrl}/dev/payments/pay/${lostId}?callback=none`, { method: 'POST' });
    useLocalTable();
    Object.assign(process.env, {
      PAYMENTS_API_URL: `${stack().webUrl}/dev/payments`,
      PAYMENTS_API_KEY: 'local-payments-key',
    });
    const { reconcileDeposits } = await import('#functions/wallet/deposits');
    await reconcileDeposits();

    const deposits = await report('deposit', m.email);
    const expected = await Promise.all(
      [String(viaCallback.paymentId), lostId].map(async (paymentId) => {
        const { payin_hash } = await providerPayment(paymentId);
        expect(payin_hash).toMatch(/^0x[0-9a-f]{64}$/);
        return { paymentId, hash: payin_hash };
      }),
    );
    expect(deposits.items).toEqual([
      expect.objectContaining({ email: m.email, amount: 40_000_000, ...expected[0] }),
      expect.objectContaining({ email: m.email, amount: 12_000_000, ...expected[1] }),
    ]);
    expect(deposits.totals).toEqual({ count: 2, total: 52_000_000 });
  });

  it('Payout lists the referral bonus paid, under the member paid', async () => {
    const sponsor = await join();
    const referral = await join(sponsor.username);
    await topUp(referral.idToken, '180');
    expect(
      (await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, referral.idToken)).status,
    ).toBe(200);
    // the direct bonus is paid off the request path (the team consumer)
    await expect
      .poll(async () => (await report('payout', sponsor.email)).items.length, { timeout: 20_000 })
      .toBe(1);
    const payouts = await report('payout', sponsor.email);
    expect(payouts.items).toEqual([
      expect.objectContaining({ email: sponsor.email, type: 'Direct Bonus', amount: 18_000_000 }),
    ]);
    expect(payouts.totals).toEqual({ count: 1, total: 18_000_000 });
    // the buyer was paid nothing
    expect((await report('payout', referral.email)).items).toEqual([]);
  });
});
