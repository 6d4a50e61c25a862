/**
 * The payments port: invoices (deposits), their signed callbacks, and payouts (withdrawals).
 * One adapter, shaped like NOWPayments' REST API (x-api-key; POST /v1/payment, GET
 * /v1/payment/{id}, POST /v1/payout; IPN callbacks signed with HMAC-SHA512 over the key-sorted
 * JSON body in the `x-nowpayments-sig` header). In AWS it talks to the provider; in the local
 * stack PAYMENTS_API_URL points at the simulator (local/payments), which speaks the same API.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ProviderPayment {
  payment_id: string;
  payment_status: string;
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  pay_currency: string;
  order_id: string;
  actually_paid?: number;
}

export interface ProviderPayout {
  id: string;
  status: 'FINISHED' | 'FAILED' | 'WAITING' | 'SENDING';
  hash?: string;
  error?: string;
}

/** NOWPayments' statuses; only `finished` means the money arrived in full. */
export const PAID = 'finished';
export const CLOSED_UNPAID = new Set(['expired', 'failed', 'refunded']);

const settings = () => ({
  url: (process.env.PAYMENTS_API_URL ?? 'https://api.nowpayments.io').replace(/\/+$/, ''),
  apiKey: process.env.PAYMENTS_API_KEY ?? '',
  ipnSecret: process.env.PAYMENTS_IPN_SECRET ?? '',
  ipnUrl: process.env.PAYMENTS_IPN_URL ?? '',
});

const request = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const { url, apiKey } = settings();
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`payment provider answered ${response.status} on ${method} ${path}`);
  return JSON.parse(text) as T;
};

/** Keys sorted at every depth, as NOWPayments signs its IPN bodies. */
export const sortKeys = (value: unknown): unknown => {
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
export const verifyIpn = (body: unknown, signature: string | undefined): boolean => {
  const { ipnSecret } = settings();
  if (!ipnSecret || !signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signIpn(body, ipnSecret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
};

export const payments = {
  createInvoice: (input: { orderId: string; amountUsdt: string; payCurrency: string; description: string }) =>
    request<ProviderPayment>('POST', '/v1/payment', {
      price_amount: Number(input.amountUsdt),
      price_currency: 'usd',
      pay_currency: input.payCurrency,
      order_id: input.orderId,
      order_description: input.description,
      ipn_callback_url: settings().ipnUrl,
    }).then((p) => ({ ...p, payment_id: String(p.payment_id) })),

  getPayment: (paymentId: string) =>
    request<ProviderPayment>('GET', `/v1/payment/${encodeURIComponent(paymentId)}`).then((p) => ({
      ...p,
      payment_id: String(p.payment_id),
    })),

  /** Sends a payout and reports how it ended (the simulator and small payouts finish at once). */
  payout: async (input: { address: string; amountUsdt: string; currency: string; reference: string }) => {
    const answer = await request<{ id: string; withdrawals: ProviderPayout[] }>('POST', '/v1/payout', {
      withdrawals: [
        {
          address: input.address,
          currency: input.currency,
          amount: Number(input.amountUsdt),
          unique_external_id: input.reference,
        },
      ],
    });
    const w = answer.withdrawals[0];
    return {
      id: String(w?.id ?? answer.id),
      status: w?.status ?? 'FAILED',
      hash: w?.hash,
      error: w?.error,
    } as ProviderPayout;
  },
};
