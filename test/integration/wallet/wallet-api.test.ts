/** Deposits and withdrawals through the API, the payment simulator and the mail outbox. */
import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { signIpn } from '#functions/wallet/payments';
import { call, newVerifiedMember, stack, table, memberIdOf } from '../../support/api';
import { mailedOtp, payInSimulator, topUp } from '../../support/fund';

const USDT = 1_000_000;
const GOOD_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'; // EIP-55 test vector
const FAILING_ADDRESS = '0x0000009abcdef0123456789abcdef0123456789a';

describe('deposits', () => {
  it('a paid invoice credits the wallet once; a replayed callback credits nothing', async () => {
    const m = await newVerifiedMember();
    const invoice = await call(
      'createInvoice',
      { amount: '25.5', wallet: 'wallet', requestId: randomUUID() },
      m.idToken,
    );
    expect(invoice.status).toBe(201);
    expect(invoice.body.payAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(invoice.body.paymentId).toBeTruthy();
    expect(invoice.body.status).toBe('waiting');

    await payInSimulator(String(invoice.body.paymentId));
    const after = await call('getInvoice', { paymentId: String(invoice.body.paymentId) }, m.idToken);
    expect(after.body.status).toBe('credited');
    expect((await call('getWallet', {}, m.idToken)).body).toMatchObject({
      wallet: 25.5 * USDT,
      deposited: 25.5 * USDT,
    });

    await payInSimulator(String(invoice.body.paymentId), true); // the provider repeats its callback
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(25.5 * USDT);
    const profile = await call('getProfile', {}, m.idToken);
    expect((profile.body.balances as { wallet: number }).wallet).toBe(25.5 * USDT);
    const txs = await call('listTransactions', {}, m.idToken);
    expect(txs.body.items).toEqual([expect.objectContaining({ type: 'Deposit', amount: 25.5 * USDT })]);
  });

  it('a forged callback (bad or missing signature) credits nothing', async () => {
    const m = await newVerifiedMember();
    const invoice = await call('createInvoice', { amount: '40', requestId: randomUUID() }, m.idToken);
    const body = { payment_id: Number(invoice.body.paymentId), payment_status: 'finished', price_amount: 40 };
    const send = (headers: Record<string, string>) =>
      fetch(`${stack().apiUrl}/wallet/ipn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect((await send({})).status).toBe(401);
    expect((await send({ 'x-nowpayments-sig': signIpn(body, 'not-the-secret') })).status).toBe(401);
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(0);
    expect(
      (await call('getInvoice', { paymentId: String(invoice.body.paymentId) }, m.idToken)).body.status,
    ).toBe('waiting');
  });

  it('refuses an amount that is not a number, and other members cannot read an invoice', async () => {
    const m = await newVerifiedMember();
    const bad = await call('createInvoice', { amount: 'ten', requestId: randomUUID() }, m.idToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter the amount in USDT, e.g. 25 or 12.5.');
    const zero = await call('createInvoice', { amount: '0', requestId: randomUUID() }, m.idToken);
    expect(zero.body.message).toBe('Enter an amount between 1 and 100000 USDT.');
    const invoice = await call('createInvoice', { amount: '5', requestId: randomUUID() }, m.idToken);
    const other = await newVerifiedMember();
    expect(
      (await call('getInvoice', { paymentId: String(invoice.body.paymentId) }, other.idToken)).status,
    ).toBe(404);
  });

  it('the same request id makes one invoice: again, at once, and not for another amount', async () => {
    const m = await newVerifiedMember();
    const requestId = randomUUID();
    const first = await call('createInvoice', { amount: '12', requestId }, m.idToken);
    expect(first.status).toBe(201);
    // the answer was lost, or the member pressed again: the same invoice, not a second one
    const again = await call('createInvoice', { amount: '12', requestId }, m.idToken);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    const twin = randomUUID();
    const both = await Promise.all(
      [1, 2].map(() => call('createInvoice', { amount: '8', requestId: twin }, m.idToken)),
    );
    expect(both.map((a) => a.status)).toEqual([201, 201]);
    expect(both[1].body.paymentId).toBe(both[0].body.paymentId);

    const reused = await call('createInvoice', { amount: '13', requestId }, m.idToken);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'REQUEST_REUSED', field: 'amount' });

    const memberId = await memberIdOf(m.email);
    const { Items } = await table().send(
      new QueryCommand({
        TableName: stack().tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': `MEMBERINVOICE#${memberId}` },
      }),
    );
    expect(Items!.map((i) => i.paymentId).sort()).toEqual(
      [first.body.paymentId, both[0].body.paymentId].sort(),
    );
    // a paid invoice answered again says it is credited: the same invoice, as it stands now
    await payInSimulator(String(first.body.paymentId));
    const later = await call('createInvoice', { amount: '12', requestId }, m.idToken);
    expect(later.body).toMatchObject({ paymentId: first.body.paymentId, status: 'credited' });
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(12 * USDT);
  });
});

describe('withdrawals', () => {
  it('says every problem clearly and moves nothing; then pays out with a hash', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '50');
    const withdraw = (input: Record<string, unknown>) =>
      call('withdraw', { requestId: randomUUID(), ...input }, m.idToken);

    // no code generated yet
    let r = await withdraw({ amount: '20', address: GOOD_ADDRESS, otp: '123456' });
    expect(r.body.message).toBe('Generate an OTP first; it is sent to your e-mail.');

    const sent = await call('requestWithdrawOtp', {}, m.idToken);
    expect(sent.body.message).toBe('OTP sent successfully.');
    const code = (await mailedOtp(m.email))!;
    expect(code).toMatch(/^\d{6}$/);

    r = await withdraw({ amount: '9.99', address: GOOD_ADDRESS, otp: code });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Minimum withdraw balance is 10$');
    r = await withdraw({
      amount: '20',
      address: GOOD_ADDRESS.toLowerCase().replace('0x5', '0x5').slice(0, 41),
      otp: code,
    });
    expect(r.body.field).toBe('address');
    r = await withdraw({ amount: '20', address: '0x52908400098527886e0F7030069857D2E4169EE7', otp: code }); // bad checksum
    expect(r.body.message).toMatch(/valid BEP20 address/);
    r = await withdraw({ amount: '50.01', address: GOOD_ADDRESS, otp: code });
    expect(r.body.message).toBe('The amount is more than your wallet balance.');
    const wrong = code === '000000' ? '111111' : '000000';
    r = await withdraw({ amount: '20', address: GOOD_ADDRESS, otp: wrong });
    expect(r.body.message).toBe('The OTP is not correct. Check the code in your e-mail.');
    expect((await call('getWallet', {}, m.idToken)).body).toMatchObject({ wallet: 50 * USDT, held: 0 });

    r = await withdraw({ amount: '20', address: GOOD_ADDRESS, otp: code });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'paid', amount: 20 * USDT });
    expect(r.body.message).toMatch(/^Withdraw Hash: 0x[0-9a-f]{64}$/);
    expect((await call('getWallet', {}, m.idToken)).body).toMatchObject({ wallet: 30 * USDT, held: 0 });
    // a used code does not work twice
    r = await withdraw({ amount: '10', address: GOOD_ADDRESS, otp: code });
    expect(r.body.message).toBe('Generate an OTP first; it is sent to your e-mail.');
    const txs = await call('listTransactions', {}, m.idToken);
    expect((txs.body.items as { type: string }[]).map((t) => t.type)).toEqual(['Withdraw', 'Deposit']);
  });

  it('an expired code and an exhausted code are refused', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '30');
    await call('requestWithdrawOtp', {}, m.idToken);
    const code = (await mailedOtp(m.email))!;
    const { Items } = await table().send(
      new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
        TableName: stack().tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': `EMAIL#${m.email}` },
      }),
    );
    const memberId = String(Items![0].id);
    await table().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { PK: `MEMBER#${memberId}`, SK: 'OTP#withdraw' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    let r = await call(
      'withdraw',
      { amount: '10', address: GOOD_ADDRESS, otp: code, requestId: randomUUID() },
      m.idToken,
    );
    expect(r.body.message).toBe('The OTP has expired. Generate a new one.');

    await call('requestWithdrawOtp', {}, m.idToken);
    const fresh = (await mailedOtp(m.email))!;
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await call(
        'withdraw',
        { amount: '10', address: GOOD_ADDRESS, otp: wrong, requestId: randomUUID() },
        m.idToken,
      );
    r = await call(
      'withdraw',
      { amount: '10', address: GOOD_ADDRESS, otp: fresh, requestId: randomUUID() },
      m.idToken,
    );
    expect(r.body.message).toBe('Too many wrong OTP attempts. Generate a new one.');
    expect((await call('getWallet', {}, m.idToken)).body.wallet).toBe(30 * USDT);
  });

  it('the same request id is one withdrawal: one hold, one payout, the same answer, no second code', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '50');
    await call('requestWithdrawOtp', {}, m.idToken);
    const code = (await mailedOtp(m.email))!;
    const requestId = randomUUID();
    const input = { amount: '20', address: GOOD_ADDRESS, otp: code, requestId };
    const first = await call('withdraw', input, m.idToken);
    expect(first.status).toBe(200);
    // the code is spent; the same request again answers where its withdrawal stands
    const again = await call('withdraw', input, m.idToken);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, amount: 20 * USDT });
    expect(['paid', 'processing']).toContain(again.body.status);
    const twice = await Promise.all([1, 2].map(() => call('withdraw', input, m.idToken)));
    expect(twice.map((a) => [a.status, a.body.id])).toEqual([
      [200, first.body.id],
      [200, first.body.id],
    ]);

    const reused = await call('withdraw', { ...input, amount: '21' }, m.idToken);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('REQUEST_REUSED');

    const wallet = (await call('getWallet', {}, m.idToken)).body;
    expect(wallet.wallet + wallet.held).toBe(30 * USDT); // held (or paid) once
    const listed = await call('listWithdrawals', {}, m.idToken);
    expect(listed.body.items).toHaveLength(1);
    const txs = await call('listTransactions', {}, m.idToken);
    expect((txs.body.items as { type: string }[]).map((t) => t.type)).toEqual(['Withdraw', 'Deposit']);
  });

  it('a failed payout releases the hold back to the wallet', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '30');
    await call('requestWithdrawOtp', {}, m.idToken);
    const code = (await mailedOtp(m.email))!;
    const r = await call(
      'withdraw',
      { amount: '15', address: FAILING_ADDRESS, otp: code, requestId: randomUUID() },
      m.idToken,
    );
    expect(r.status).toBe(502);
    expect(r.body.message).toBe(
      'The payout failed and the amount is back in your wallet. Please try again later.',
    );
    expect((await call('getWallet', {}, m.idToken)).body).toMatchObject({ wallet: 30 * USDT, held: 0 });
    const listed = await call('listWithdrawals', {}, m.idToken);
    expect(listed.body.items).toEqual([expect.objectContaining({ status: 'refunded', amount: 15 * USDT })]);
    const txs = await call('listTransactions', {}, m.idToken);
    expect((txs.body.items as { type: string }[]).map((t) => t.type)).toEqual([
      'Withdraw refund',
      'Withdraw',
      'Deposit',
    ]);
  });
});
