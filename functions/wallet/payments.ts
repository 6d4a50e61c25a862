/**
 * The payments port: invoices (deposits), payouts (withdrawals) and the provider's signed
 * callbacks. One adapter, following NOWPayments' REST API:
 * - every call carries `x-api-key`; invoices: POST /v1/payment, GET /v1/payment/{id};
 * - payouts also need the account's JWT (POST /v1/auth {email, password} -> {token}, valid for
 *   about 5 minutes): POST /v1/payout creates a batch (its withdrawals start in `creating`),
 *   POST /v1/payout/{batch_withdrawal_id}/verify with the account's current TOTP code lets it go,
 *   GET /v1/payout/{batch id} reads its withdrawals, GET /v1/payout?date_from=… lists payouts
 *   (how one is found by its `unique_external_id` when the create call's answer was lost);
 *   statuses waiting, processing, sending, finished, failed, rejected;
 * - callbacks (IPN) for payments and payouts: HMAC-SHA512 over the key-sorted JSON body in the
 *   `x-nowpayments-sig` header.
 * In AWS it talks to the provider; in the local stack PAYMENTS_API_URL points at the simulator
 * (local/payments), which speaks the same API. The credentials come from payment-secrets.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import * as z from 'zod';
import { paymentSecrets } from './payment-secrets';

interface ProviderPayment {
  payment_id: string;
  payment_status: string;
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  pay_currency: string;
  order_id: string;
  actually_paid?: number;
  /** The member's payment transaction on its chain, once paid. */
  payin_hash?: string | null;
}

/** NOWPayments' statuses; only `finished` means the money arrived in full. */
export const PAID = 'finished';
export const CLOSED_UNPAID = new Set(['expired', 'failed', 'refunded']);

/**
 * The time limit of one exchange with the provider. The wallet function has 10 s
 * (lib/functions.ts): a payout's calls (create, verify, status) or a status check's (list, verify,
 * read) share ONE deadline of this length, so the function always lives to record what it learnt.
 */
export const providerTimeoutMs = () => Number(process.env.PAYMENTS_TIMEOUT_MS ?? 6_000);

const settings = () => ({
  url: (process.env.PAYMENTS_API_URL ?? 'https://api.nowpayments.io').replace(/\/+$/, ''),
  ipnUrl: process.env.PAYMENTS_IPN_URL ?? '',
  payoutIpnUrl: process.env.PAYMENTS_PAYOUT_IPN_URL ?? '',
});

/** The provider answered, with a status other than 2xx. */
class ProviderError extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`payment provider answered ${status} on ${what}`);
  }
}

const JWT_REUSE_MS = 4 * 60_000; // the provider's tokens last about 5 minutes
let jwt: { token: string; until: number } | undefined;

const request = async (
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; token?: string; signal?: AbortSignal } = {},
): Promise<unknown> => {
  const { apiKey } = await paymentSecrets();
  const response = await fetch(`${settings().url}${path}`, {
    method,
    headers: {
      'x-api-key': apiKey,
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal ?? AbortSignal.timeout(providerTimeoutMs()),
  });
  const text = await response.text();
  // a token the provider no longer takes is not offered again: the next call logs in afresh
  if (response.status === 401 && options.token) jwt = undefined;
  // the path only: a query could name nothing secret, but a body could
  if (!response.ok) throw new ProviderError(response.status, `${method} ${path.split('?')[0]}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // verify answers a bare "OK"; shapes are checked by whoever reads the answer
  }
};

/** Keys sorted at every depth, as NOWPayments signs its IPN bodies. */
const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
};

export const signIpn = (body: unknown, secret: string): string =>
  createHmac('sha512', secret)
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');

/** True only for a body signed with our IPN secret (constant-time compare). */
export const verifyIpn = async (body: unknown, signature: string | undefined): Promise<boolean> => {
  const { ipnSecret } = await paymentSecrets();
  if (!ipnSecret || !signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signIpn(body, ipnSecret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
};

/* ---------- payouts ---------- */

const Id = z.union([z.string(), z.number()]).transform(String);
const ProviderWithdrawal = z.looseObject({
  id: Id.optional(),
  batch_withdrawal_id: Id.optional(),
  status: z.string(),
  hash: z.string().nullish(),
  error: z.string().nullish(),
  unique_external_id: z.string().nullish(),
});
type ProviderWithdrawal = z.infer<typeof ProviderWithdrawal>;
const CreatedBatch = z.looseObject({ id: Id, withdrawals: z.array(ProviderWithdrawal).min(1) });
/** GET /v1/payout/{id}: the batch's withdrawals, as an array or inside the batch object. */
const BatchWithdrawals = z.union([
  z.array(ProviderWithdrawal),
  z.looseObject({ withdrawals: z.array(ProviderWithdrawal) }).transform((b) => b.withdrawals),
]);
const PayoutList = z.looseObject({ payouts: z.array(ProviderWithdrawal) });

/**
 * What a payout's answer means for the money. Only `finished` with a hash is paid and only
 * `failed`/`rejected` is a failure; anything else (waiting, processing, sending, creating, a
 * status we do not know, no answer) is pending: the hold stays and the sweep asks again.
 */
export type PayoutOutcome =
  | { outcome: 'paid'; payoutId: string; hash: string }
  | { outcome: 'failed'; payoutId?: string; error: string }
  | { outcome: 'pending'; payoutId?: string; status: string };

const payoutOutcome = (w: ProviderWithdrawal, payoutId: string): PayoutOutcome => {
  const status = w.status.toLowerCase();
  if (status === 'finished' && w.hash) return { outcome: 'paid', payoutId, hash: w.hash };
  if (status === 'failed' || status === 'rejected')
    return { outcome: 'failed', payoutId, error: w.error || `payout ${status}` };
  return { outcome: 'pending', payoutId, status };
};

/** The account's JWT for payout calls, reused while it is fresh. */
const payoutToken = async (signal?: AbortSignal): Promise<string> => {
  if (jwt && jwt.until > Date.now()) return jwt.token;
  const { email, password } = await paymentSecrets();
  const answer = z
    .looseObject({ token: z.string().min(1) })
    .parse(await request('POST', '/v1/auth', { body: { email, password }, signal }));
  jwt = { token: answer.token, until: Date.now() + JWT_REUSE_MS };
  return answer.token;
};

/** Confirms a created batch with the account's current TOTP code (its 2FA). */
const verifyBatch = async (batchId: string, signal?: AbortSignal) => {
  const { twoFactorSecret } = await paymentSecrets();
  const code = new TOTP({ secret: Secret.fromBase32(twoFactorSecret) }).generate();
  await request('POST', `/v1/payout/${encodeURIComponent(batchId)}/verify`, {
    body: { verification_code: code },
    token: await payoutToken(signal),
    signal,
  });
};

/** Our withdrawal inside a batch: the one with our external id (a batch of ours holds one). */
const ownWithdrawal = (withdrawals: ProviderWithdrawal[], reference: string) =>
  withdrawals.find((w) => w.unique_external_id === reference) ??
  (withdrawals.length === 1 ? withdrawals[0] : undefined);

const readBatch = async (batchId: string, reference: string, signal?: AbortSignal) => {
  const answer = await request('GET', `/v1/payout/${encodeURIComponent(batchId)}`, {
    token: await payoutToken(signal),
    signal,
  });
  const w = ownWithdrawal(BatchWithdrawals.parse(answer), reference);
  if (!w) throw new Error(`payout batch ${batchId} does not hold withdrawal ${reference}`);
  return w;
};

const LIST_PAGE = 100;
const LIST_PAGES = 20;

/** Finds a payout by our id among those created since `since` (the provider lists by date). */
const findByReference = async (reference: string, since: string, signal: AbortSignal) => {
  const token = await payoutToken(signal);
  const from = new Date(new Date(since).getTime() - 5 * 60_000).toISOString();
  for (let page = 0; page < LIST_PAGES; page++) {
    const query = new URLSearchParams({ date_from: from, limit: String(LIST_PAGE), page: String(page) });
    const { payouts } = PayoutList.parse(await request('GET', `/v1/payout?${query}`, { token, signal }));
    const found = payouts.find((w) => w.unique_external_id === reference);
    if (found) return found;
    if (payouts.length < LIST_PAGE) return null;
  }
  throw new Error(`payout ${reference} not found in ${LIST_PAGES} pages; too many payouts to tell`);
};

/** A status read failed or answered an odd body: we cannot tell, so it is pending. */
const undetermined = (payoutId?: string): PayoutOutcome => ({
  outcome: 'pending',
  payoutId,
  status: 'unknown',
});

export const payments = {
  createInvoice: async (input: {
    orderId: string;
    amountUsdt: string;
    payCurrency: string;
    description: string;
  }) => {
    const p = (await request('POST', '/v1/payment', {
      body: {
        price_amount: Number(input.amountUsdt),
        price_currency: 'usd',
        pay_currency: input.payCurrency,
        order_id: input.orderId,
        order_description: input.description,
        ipn_callback_url: settings().ipnUrl,
      },
    })) as ProviderPayment;
    return { ...p, payment_id: String(p.payment_id) };
  },

  getPayment: async (paymentId: string) => {
    const p = (await request('GET', `/v1/payment/${encodeURIComponent(paymentId)}`)) as ProviderPayment;
    return { ...p, payment_id: String(p.payment_id) };
  },

  /** Logs in for payouts; a withdrawal calls it before taking the member's code or money. */
  ready: () => payoutToken(),

  /**
   * Sends one payout: create, verify (2FA), read its status, all within one deadline. Never
   * throws: a refusal before the provider created anything is `failed`; once the create call
   * went out, anything short of a final status is `pending`, with the batch id if we learnt it.
   */
  sendPayout: async (input: {
    address: string;
    amountUsdt: string;
    currency: string;
    reference: string;
  }): Promise<PayoutOutcome> => {
    const signal = AbortSignal.timeout(providerTimeoutMs());
    let token: string;
    try {
      token = await payoutToken(signal);
    } catch {
      return { outcome: 'failed', error: 'could not log in to the payment provider' }; // nothing sent
    }
    let answer: unknown;
    try {
      answer = await request('POST', '/v1/payout', {
        body: {
          ...(settings().payoutIpnUrl ? { ipn_callback_url: settings().payoutIpnUrl } : {}),
          withdrawals: [
            {
              address: input.address,
              currency: input.currency,
              amount: Number(input.amountUsdt),
              unique_external_id: input.reference,
            },
          ],
        },
        token,
        signal,
      });
    } catch (error) {
      // A 4xx is the provider saying it created nothing (bad address, amount, key); a timeout,
      // a 5xx, 408, 409 or 429 leaves it open whether the payout exists.
      const status = error instanceof ProviderError ? error.status : 0;
      if (status >= 400 && status < 500 && ![408, 409, 429].includes(status))
        return { outcome: 'failed', error: error instanceof Error ? error.message : String(error) };
      return undetermined();
    }
    const created = CreatedBatch.safeParse(answer);
    if (!created.success) return undetermined();
    const batchId = created.data.id;
    try {
      await verifyBatch(batchId, signal);
      return payoutOutcome(await readBatch(batchId, input.reference, signal), batchId);
    } catch {
      return undetermined(batchId);
    }
  },

  /**
   * Where a payout stands now: by its batch id, or (when the create call's answer was lost) by
   * our reference among recent payouts; `absent` when the provider has no payout with it. A
   * payout found still `creating` was never verified (the function stopped before): it is ours
   * and the member's money is held for it, so it is verified now. Throws when it cannot tell.
   */
  checkPayout: async (input: {
    payoutId?: string;
    reference: string;
    createdAt: string;
  }): Promise<PayoutOutcome | { outcome: 'absent' }> => {
    const signal = AbortSignal.timeout(providerTimeoutMs()); // one deadline, as for sendPayout
    let w = input.payoutId
      ? await readBatch(input.payoutId, input.reference, signal)
      : await findByReference(input.reference, input.createdAt, signal);
    if (!w) return { outcome: 'absent' };
    const batchId = input.payoutId ?? w.batch_withdrawal_id ?? w.id;
    if (!batchId) throw new Error(`payout ${input.reference} has no batch id`);
    if (w.status.toLowerCase() === 'creating') {
      // a refused verify (a racing sweep verified it first, a code at a period's edge) is no
      // answer: the batch is read again, and one still `creating` is pending for the next run
      await verifyBatch(batchId, signal).catch(() => undefined);
      w = await readBatch(batchId, input.reference, signal);
    }
    return payoutOutcome(w, batchId);
  },
};
