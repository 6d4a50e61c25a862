/**
 * Withdrawals of every outcome the payment simulator can play (its switches, chosen by the
 * address's first digits): after each, the ledger shows the payout settled once or released
 * once, never both; the balances add up; and the member sees processing, then paid or refunded.
 * The sweep schedule is run here directly, with this process's clock moved past its waits.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PAYOUT_ACCOUNT, PAYOUT_SWITCHES } from '#local/payments/simulator';
import { call, newVerifiedMember, stack, table } from '../../support/api';
import { mailedOtp, topUp, useLocalTable } from '../../support/fund';

const USDT = 1_000_000;
type Member = Awaited<ReturnType<typeof newVerifiedMember>>;
type Withdrawals = typeof import('#functions/wallet/withdrawals');
type Clock = typeof import('#core/clock');

let withdrawals: Withdrawals;
let clock: Clock;

beforeAll(async () => {
  // the sweep runs in this process, against the test stack's table and simulator
  useLocalTable();
  Object.assign(process.env, {
    PAYMENTS_API_URL: `${stack().webUrl}/dev/payments`,
    PAYMENTS_API_KEY: 'local-payments-key',
    PAYMENTS_EMAIL: LOCAL_PAYOUT_ACCOUNT.email,
    PAYMENTS_PASSWORD: LOCAL_PAYOUT_ACCOUNT.password,
    PAYMENTS_2FA_SECRET: LOCAL_PAYOUT_ACCOUNT.twoFactorSecret,
  });
  withdrawals = await import('#functions/wallet/withdrawals');
  clock = await import('#core/clock');
});

afterEach(() => clock.setClock(null));

/** An all-lower-case address (valid without a checksum) that plays one simulator switch. */
const addressFor = (prefix: string) => `${prefix}${randomBytes(20).toString('hex')}`.slice(0, 42);

/** A member with 50 USDT who asks to withdraw 20 to `address`, with the mailed code. */
const withdrawTo = async (address: string) => {
  const member = await newVerifiedMember();
  await topUp(member.idToken, '50');
  await call('requestWithdrawOtp', {}, member.idToken);
  const otp = (await mailedOtp(member.email))!;
  const answer = await call(
    'withdraw',
    { amount: '20', address, otp, requestId: randomUUID() },
    member.idToken,
  );
  return { member, answer };
};

/** The member's only withdrawal, as the wallet page lists it. */
const withdrawalOf = async (member: Member) => {
  const list = await call('listWithdrawals', {}, member.idToken);
  expect(list.body.items).toHaveLength(1);
  return (list.body.items as { id: string; status: string; hash?: string; amount: number }[])[0];
};

const ledgerTx = async (key: string) =>
  (
    await table().send(
      new GetCommand({
        TableName: stack().tableName,
        Key: { PK: `LTX#${key}`, SK: 'LTX' },
        ConsistentRead: true,
      }),
    )
  ).Item;

/** Paid once or refunded once, never both; the balances and what the member sees agree. */
const expectClosed = async (member: Member, outcome: 'paid' | 'refunded') => {
  const w = await withdrawalOf(member);
  expect(w.status).toBe(outcome);
  const settle = await ledgerTx(`withdraw:${w.id}:settle`);
  const release = await ledgerTx(`withdraw:${w.id}:release`);
  expect(Boolean(settle)).toBe(outcome === 'paid');
  expect(Boolean(release)).toBe(outcome === 'refunded');
  expect((await call('getWallet', {}, member.idToken)).body).toMatchObject({
    wallet: (outcome === 'paid' ? 30 : 50) * USDT,
    held: 0,
  });
  const rows = (await call('listTransactions', {}, member.idToken)).body.items as { type: string }[];
  expect(rows.map((r) => r.type)).toEqual(
    outcome === 'paid' ? ['Withdraw', 'Deposit'] : ['Withdraw refund', 'Withdraw', 'Deposit'],
  );
  const notices = (await call('listNotifications', {}, member.idToken)).body.items as { message: string }[];
  const told = notices.filter((n) => /Your withdrawal of 20\.00 USDT/.test(n.message));
  expect(told).toHaveLength(1); // one notice, of the end that happened
  expect(told[0].message).toMatch(
    outcome === 'paid' ? /is paid\. Hash: 0x[0-9a-f]{64}/ : /back in your wallet/,
  );
  if (outcome === 'paid') expect(w.hash).toMatch(/^0x[0-9a-f]{64}$/);
  return w;
};

/** Held, not yet paid or refunded: the amount is out of the wallet and shown as held. */
const expectProcessing = async (member: Member) => {
  const w = await withdrawalOf(member);
  expect(w.status).toBe('processing');
  expect((await call('getWallet', {}, member.idToken)).body).toMatchObject({
    wallet: 30 * USDT,
    held: 20 * USDT,
  });
  expect(await ledgerTx(`withdraw:${w.id}:settle`)).toBeUndefined();
  expect(await ledgerTx(`withdraw:${w.id}:release`)).toBeUndefined();
};

const eventually = (member: Member, status: string) =>
  expect.poll(async () => (await withdrawalOf(member)).status, { timeout: 20_000 }).toBe(status);

/** Runs the sweep as its schedule would, `minutes` from now; `runs` of them at once race. */
const sweepAt = async (minutes: number, runs = 1) => {
  clock.setClock(new Date(Date.now() + minutes * 60_000));
  try {
    await Promise.all(Array.from({ length: runs }, () => withdrawals.sweepWithdrawals()));
  } finally {
    clock.setClock(null);
  }
};

describe('withdrawals: paid once or refunded once, never both', () => {
  it('a payout that finishes at once is paid with its hash; the sweep and the callback change nothing', async () => {
    const { member, answer } = await withdrawTo(addressFor('0x52908400'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'paid', amount: 20 * USDT });
    expect(answer.body.message).toMatch(/^Withdraw Hash: 0x[0-9a-f]{64}$/);
    await sweepAt(2);
    await expectClosed(member, 'paid');
  });

  it('a payout that fails at once is refunded and says so', async () => {
    const { member, answer } = await withdrawTo(addressFor(PAYOUT_SWITCHES.fail));
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(
      'The payout failed and the amount is back in your wallet. Please try again later.',
    );
    await sweepAt(2);
    await expectClosed(member, 'refunded');
  });

  it('pending, then finished: processing with the amount held, then paid by the payout callback', async () => {
    const { member, answer } = await withdrawTo(addressFor(PAYOUT_SWITCHES.pendingThenFinished));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'processing', amount: 20 * USDT });
    expect(answer.body.message).toBe(
      'Your withdrawal of 20.00 USDT is processing. The amount is held until the payout completes.',
    );
    await expectProcessing(member);
    await eventually(member, 'paid');
    await sweepAt(2); // the schedule, coming after the callback, finds nothing to do
    await expectClosed(member, 'paid');
  });

  it('pending, then failed: processing with the amount held, then refunded once', async () => {
    const { member, answer } = await withdrawTo(addressFor(PAYOUT_SWITCHES.pendingThenFailed));
    expect(answer.body).toMatchObject({ status: 'processing' });
    await expectProcessing(member);
    await eventually(member, 'refunded');
    await sweepAt(2);
    await expectClosed(member, 'refunded');
  });

  it('slow: the 2FA call outlives the time limit but went through; the payout is paid, once', async () => {
    const { member, answer } = await withdrawTo(addressFor(PAYOUT_SWITCHES.slow));
    expect(answer.status).toBe(200); // never a refund: the outcome was unknown, not failed
    expect(['paid', 'processing']).toContain(answer.body.status);
    await eventually(member, 'paid');
    await sweepAt(2);
    await expectClosed(member, 'paid');
  });

  it('accepted, then timeout: the sweep finds the payout by our id, confirms it, and racing sweeps pay once', async () => {
    const { member, answer } = await withdrawTo(addressFor(PAYOUT_SWITCHES.acceptedThenTimeout));
    expect(answer.body).toMatchObject({ status: 'processing' });
    await expectProcessing(member);
    await sweepAt(0); // too young: its request might still be running
    await expectProcessing(member);
    await sweepAt(2, 3);
    await eventually(member, 'paid');
    await expectClosed(member, 'paid');
  });

  it('a payout the provider never received stays held, then is refunded once after the grace period', async () => {
    const { member, answer } = await withdrawTo(addressFor(PAYOUT_SWITCHES.unreachable));
    expect(answer.body).toMatchObject({ status: 'processing' });
    await sweepAt(2);
    await expectProcessing(member); // absent for now: it may yet appear at the provider
    await sweepAt(16, 2);
    await expectClosed(member, 'refunded');
  });

  it('a payout callback with a bad signature is refused and moves nothing', async () => {
    const { member } = await withdrawTo(addressFor(PAYOUT_SWITCHES.acceptedThenTimeout));
    const w = await withdrawalOf(member);
    const forged = await fetch(`${stack().apiUrl}/wallet/payout-ipn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': 'ab'.repeat(64) },
      body: JSON.stringify({ id: '1', status: 'failed', unique_external_id: w.id }),
    });
    expect(forged.status).toBe(401);
    await expectProcessing(member);
  });
});
