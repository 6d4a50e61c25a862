/**
 * Withdrawals: the mailed code, the hold, the payout, and then settle (hold -> clearing) or
 * release (hold -> wallet) — each at most once and never both. The money goes back only when the
 * provider says the payout certainly failed; while its outcome is unknown (pending at the
 * provider, a timeout, a 5xx, an odd answer) the amount stays held and the withdrawal is
 * `pending`, and the provider's payout callback or the sweep schedule asks again.
 */
import { createHash } from 'node:crypto';
import { getAddress, isAddress } from 'viem';
import type { WalletName, WithdrawalRow } from '#api/schemas/wallet';
import { now, nowIso } from '#core/clock';
import { config } from '#core/config';
import { badRequest, conflict, DomainError, messages } from '#core/errors';
import { logger } from '#core/logger';
import { moneyMetric } from '#core/metrics';
import type { Caller } from '#core/middleware';
import { formatUsdt, parseUsdt } from '#api/money';
import * as otp from '#core/otp';
import { requireMember } from '#functions/members/service';
import { notify } from '#functions/notifications/service';
import { accounts, transfer } from '#functions/ledger/rules';
import { payments, verifyIpn, type PayoutOutcome } from './payments';
import { getMemberBalances, post } from '#functions/ledger/service';
import {
  closeWithdrawalItem,
  getWithdrawal,
  listMemberWithdrawals,
  listOpenWithdrawals,
  markWithdrawalPending,
  newWithdrawalItem,
  OPEN_WITHDRAWAL,
  type Withdrawal,
} from './store';

const WITHDRAWAL_TIMING = {
  /**
   * The sweep leaves younger withdrawals alone: their request may still be running (the wallet
   * function lives at most 10 s) and the provider's callback usually comes first.
   */
  sweepAfterMs: 60_000,
  /**
   * A payout the provider has no record of this long after the withdrawal was made never reached
   * it (our create call gives up after a few seconds): the hold is released (docs/decisions/
   * ledger-and-money.md, "A payout the provider never created is released, not resubmitted").
   */
  absentReleaseAfterMs: 15 * 60_000,
  /**
   * The sweep starts no new withdrawal after this long: its function has 30 s
   * (lib/functions.ts scheduleTimeout) and one provider exchange takes at most 6 s.
   */
  sweepBudgetMs: 18_000,
  sweepParallel: 4,
};

const text = {
  unavailable:
    'Withdrawals are not available right now. Nothing was taken from your wallet. Please try again in a few minutes.',
  processing: (amount: string) =>
    `Your withdrawal of ${amount} USDT is processing. The amount is held until the payout completes.`,
  paid: (amount: string, hash: string) => `Your withdrawal of ${amount} USDT is paid. Hash: ${hash}`,
  refunded: (amount: string) =>
    `Your withdrawal of ${amount} USDT could not be paid out. The amount is back in your wallet.`,
};

/** What the member sees: the hold waits for the payout ("processing"), then paid or refunded. */
const STATUS_SHOWN = { held: 'processing', pending: 'processing', paid: 'paid', failed: 'refunded' } as const;
type Shown = (typeof STATUS_SHOWN)[keyof typeof STATUS_SHOWN];

const tell = (memberId: string, message: string) =>
  notify(memberId, message).catch((error: unknown) =>
    logger.warn('withdrawal notification failed', { error: error as Error }),
  );

const settle = async (w: Withdrawal, payoutId: string, hash: string): Promise<void> => {
  const result = await post({
    tx: {
      idempotencyKey: `withdraw:${w.id}:settle`,
      kind: 'withdraw-settle',
      postings: transfer(accounts.hold(w.memberId), accounts.clearing, w.amount),
    },
    memberId: w.memberId,
    ref: { withdrawalId: w.id, address: w.address, email: w.email, hash },
    extra: [closeWithdrawalItem(w.id, 'paid', { payoutId, hash })],
  });
  if (result.status === 'insufficient')
    logger.error('a withdrawal settles but its hold is short', { withdrawalId: w.id });
  if (result.status !== 'applied') return; // settled or released already
  logger.info('withdrawal paid', { withdrawalId: w.id, amount: w.amount });
  moneyMetric('Withdrawals', w.amount, { withdrawalId: w.id });
  await tell(w.memberId, text.paid(formatUsdt(w.amount), hash));
};

const release = async (w: Withdrawal, facts: { payoutId?: string; error: string }): Promise<void> => {
  const result = await post({
    tx: {
      idempotencyKey: `withdraw:${w.id}:release`,
      kind: 'withdraw-release',
      postings: transfer(accounts.hold(w.memberId), accounts.member(w.memberId, w.wallet), w.amount),
    },
    memberId: w.memberId,
    display: { type: 'Withdraw refund', amount: w.amount, wallet: w.wallet },
    ref: { withdrawalId: w.id, address: w.address, email: w.email },
    extra: [closeWithdrawalItem(w.id, 'failed', facts)],
  });
  if (result.status === 'insufficient')
    logger.error('a withdrawal is released but its hold is short', { withdrawalId: w.id });
  if (result.status !== 'applied') return;
  logger.warn('withdrawal released', { withdrawalId: w.id, amount: w.amount, reason: facts.error });
  await tell(w.memberId, text.refunded(formatUsdt(w.amount)));
};

/** Acts on what the provider said, and answers where the withdrawal stands afterwards. */
const apply = async (w: Withdrawal, state: PayoutOutcome): Promise<Withdrawal> => {
  if (state.outcome === 'paid') await settle(w, state.payoutId, state.hash);
  else if (state.outcome === 'failed') await release(w, { payoutId: state.payoutId, error: state.error });
  else await markWithdrawalPending(w.id, state.payoutId);
  // read again: a callback or the sweep may have closed it meanwhile
  return (await getWithdrawal(w.id)) ?? w;
};

/** Asks the provider about one open withdrawal and settles, releases or leaves it held. */
const reconcile = async (w: Withdrawal): Promise<Shown> => {
  const state = await payments.checkPayout({ payoutId: w.payoutId, reference: w.id, createdAt: w.createdAt });
  if (state.outcome !== 'absent') return STATUS_SHOWN[(await apply(w, state)).status];
  if (now().getTime() - new Date(w.createdAt).getTime() < WITHDRAWAL_TIMING.absentReleaseAfterMs)
    return 'processing';
  await release(w, { error: 'the payout never reached the payment provider' });
  return STATUS_SHOWN[((await getWithdrawal(w.id)) ?? w).status];
};

/**
 * A withdrawal's id, from its member and request id (the API's idempotency key): a retry of the
 * same request finds the same withdrawal, whose hold (`withdraw:<id>:hold`) is posted once.
 */
const withdrawalIdOf = (memberId: string, requestId: string): string =>
  createHash('sha256').update(`withdraw:${memberId}:${requestId}`).digest('hex').slice(0, 32);

/** What the member is answered about a withdrawal: paid (with its hash), processing, or refunded (502). */
const answerOf = (w: Withdrawal) => {
  if (w.status === 'failed') throw new DomainError(502, 'PAYOUT_FAILED', messages.withdrawFailed);
  if (w.status === 'paid' && w.hash)
    return {
      id: w.id,
      status: 'paid' as const,
      message: `Withdraw Hash: ${w.hash}`,
      hash: w.hash,
      amount: w.amount,
    };
  return {
    id: w.id,
    status: 'processing' as const,
    message: text.processing(formatUsdt(w.amount)),
    amount: w.amount,
  };
};

/**
 * The same request again (a retry after an error or a lost answer, a double click): where its
 * withdrawal stands now, without a new code, hold or payout. Other details under the same request
 * id are refused: that request was carried out already.
 */
const replayOf = (w: Withdrawal, amount: number, address: string, wallet: WalletName) => {
  if (w.amount !== amount || w.address !== address || w.wallet !== wallet)
    throw conflict(
      'REQUEST_REUSED',
      `This request already made a withdrawal of ${formatUsdt(w.amount)} USDT to ${w.address}. Close the form and open it again for another one.`,
      'amount',
    );
  return answerOf(w);
};

/* ---------- use cases ---------- */

export const requestWithdrawOtp = async (caller: Caller) => {
  const { email } = await requireMember(caller.memberId);
  await otp.issue('withdraw', caller.memberId, email);
  return { message: messages.otpSent };
};

export const withdraw = async (
  caller: Caller,
  input: { amount: string; address: string; otp: string; wallet: WalletName; requestId: string },
) => {
  const amount = parseUsdt(input.amount);
  if (amount === null || amount < config.withdraw.minimum)
    throw badRequest('WITHDRAW_MINIMUM', messages.withdrawMinimum, 'amount');
  // EIP-55: an all-lower-case address has no checksum; a mixed-case one must match it.
  if (!isAddress(input.address, { strict: true }))
    throw badRequest('WITHDRAW_ADDRESS', messages.withdrawAddress, 'address');
  const address = getAddress(input.address);
  const id = withdrawalIdOf(caller.memberId, input.requestId);
  const earlier = await getWithdrawal(id);
  if (earlier) return replayOf(earlier, amount, address, input.wallet);
  const { email } = await requireMember(caller.memberId);
  const balances = await getMemberBalances(caller.memberId);
  if (balances[input.wallet] < amount) throw badRequest('INSUFFICIENT', messages.withdrawBalance, 'amount');
  // Logged in to the provider before the code is spent or money is held: an outage costs nothing.
  await payments.ready().catch((error: unknown) => {
    logger.error('payment provider login failed', { error: error as Error });
    throw new DomainError(503, 'PAYOUTS_UNAVAILABLE', text.unavailable);
  });
  // The code is checked now and used in the hold's own transaction: hold, withdrawal and the
  // code's use commit together, or none of them does.
  const codeUse = await otp.codeUseItem('withdraw', caller.memberId, input.otp);

  const createdAt = nowIso();
  const withdrawal: Withdrawal = {
    id,
    memberId: caller.memberId,
    email,
    wallet: input.wallet,
    amount,
    address,
    status: 'held',
    createdAt,
    updatedAt: createdAt,
  };
  const held = await post({
    tx: {
      idempotencyKey: `withdraw:${withdrawal.id}:hold`,
      kind: 'withdraw-hold',
      postings: transfer(
        accounts.member(caller.memberId, input.wallet),
        accounts.hold(caller.memberId),
        amount,
      ),
    },
    memberId: caller.memberId,
    display: { type: 'Withdraw', amount: -amount, wallet: input.wallet },
    ref: { withdrawalId: withdrawal.id, address, email },
    extra: [newWithdrawalItem(withdrawal), codeUse],
  });
  if (held.status === 'replayed') {
    // a copy of this request held the amount first: answer where its withdrawal stands
    const first = await getWithdrawal(id);
    if (first) return replayOf(first, amount, address, input.wallet);
  }
  if (held.status === 'insufficient') throw badRequest('INSUFFICIENT', messages.withdrawBalance, 'amount');
  // refused: the code was used a moment ago by a parallel request, which made its own withdrawal
  if (held.status !== 'applied') throw badRequest('OTP_MISSING', messages.otpMissing, 'otp');

  const sent = await payments.sendPayout({
    address,
    amountUsdt: formatUsdt(amount),
    currency: config.deposit.payCurrency,
    reference: withdrawal.id,
  });
  if (sent.outcome === 'pending')
    logger.warn('payout outcome not known yet; the amount stays held', {
      withdrawalId: withdrawal.id,
      status: sent.status,
    });
  return answerOf(await apply(withdrawal, sent));
};

const row = (w: Withdrawal): WithdrawalRow => ({
  id: w.id,
  date: w.createdAt,
  updatedAt: w.updatedAt ?? w.createdAt,
  amount: w.amount,
  wallet: w.wallet as WalletName,
  address: w.address,
  status: STATUS_SHOWN[w.status],
  ...(w.hash ? { hash: w.hash } : {}),
});

export const listWithdrawals = async (memberId: string, input: { limit: number; cursor?: string }) => {
  const page = await listMemberWithdrawals(memberId, input.limit, input.cursor);
  return { items: page.items.map(row), cursor: page.cursor };
};

/**
 * The provider's payout callback. A bad signature is refused. A good one only names the payout:
 * where it stands is asked of the provider, as the sweep does, so a callback can settle or
 * release no more than the sweep could, and a replayed or late one changes nothing.
 */
export const payoutCallback = async (
  body: { unique_external_id?: string | null } & Record<string, unknown>,
  signature: string | undefined,
): Promise<{ status: Shown | 'ignored' }> => {
  if (!(await verifyIpn(body, signature))) {
    logger.warn('payout callback with a bad signature');
    throw new DomainError(401, 'BAD_SIGNATURE', 'The callback signature is not valid.');
  }
  const w = body.unique_external_id ? await getWithdrawal(body.unique_external_id) : null;
  if (!w || !OPEN_WITHDRAWAL.includes(w.status)) return { status: 'ignored' };
  try {
    return { status: await reconcile(w) };
  } catch (error) {
    logger.warn('payout callback: the provider could not be asked', {
      withdrawalId: w.id,
      error: error as Error,
    });
    return { status: 'processing' }; // the sweep asks again
  }
};

/**
 * The withdrawal sweep schedule: every open withdrawal older than a minute — pending at the
 * provider, or stuck `held` because the function stopped between the hold and the payout — is
 * asked of the provider (by batch id, or by our id when the create call's answer was lost) and
 * settled, released, or left held for the next run.
 */
export const sweepWithdrawals = async () => {
  const counts = { paid: 0, refunded: 0, processing: 0, errors: 0 };
  const started = Date.now();
  const before = new Date(now().getTime() - WITHDRAWAL_TIMING.sweepAfterMs).toISOString();
  const queue = await listOpenWithdrawals(before);
  const worker = async () => {
    // what is left when the time is up stays open for the next run
    for (
      let w = queue.shift();
      w && Date.now() - started < WITHDRAWAL_TIMING.sweepBudgetMs;
      w = queue.shift()
    ) {
      try {
        counts[await reconcile(w)]++;
      } catch (error) {
        counts.errors++;
        logger.warn('sweeping a withdrawal failed', { withdrawalId: w.id, error: error as Error });
      }
    }
  };
  // a few at once: one provider that hangs on some payouts does not starve the rest
  await Promise.all(Array.from({ length: WITHDRAWAL_TIMING.sweepParallel }, worker));
  if (counts.paid || counts.refunded || counts.errors) logger.info('withdrawals swept', counts);
  return counts;
};
