/**
 * The payment provider on the local stack: a small NOWPayments look-alike served by the gateway
 * under /dev/payments. The wallet's payments adapter talks to its /v1 API exactly as it talks to
 * the real provider; a person (or an e2e test) pays an invoice from its page, and it sends the
 * signed IPN callback to the API.
 *
 * Payouts work as NOWPayments' do: a JWT from POST /v1/auth (the account's e-mail and password)
 * is needed for every payout call; POST /v1/payout creates a batch whose withdrawals wait in
 * `creating` until POST /v1/payout/{batch}/verify brings the account's current TOTP code; then
 * they go waiting/processing/sending to `finished` (with a hash) or `failed`, and a signed payout
 * IPN goes to the batch's ipn_callback_url when one ends. GET /v1/payout/{batch} reads a batch,
 * GET /v1/payout?date_from=&limit=&page= lists payouts.
 *
 * How a payout behaves is chosen by the first hex digits of its address (PAYOUT_SWITCHES), so
 * each test drives its own payouts without changing anything for others:
 *   0x000000…  fails at once (the network rejects the address)
 *   0x5e771e…  "settle": processing, then finished after `pendingMs`
 *   0xfa11ed…  "failed": processing, then failed after `pendingMs`
 *   0x510000…  slow: the verify call takes effect (the payout finishes) but answers only after
 *              `slowMs`, longer than the adapter waits
 *   0xacc000…  accepted-then-timeout: POST /v1/payout creates the batch but answers after
 *              `slowMs`, so the caller never learns its id; it waits in `creating` for the verify
 *   0xdead00…  unreachable: POST /v1/payout answers 503 and creates nothing
 *   any other  finishes at once with a made-up hash
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { getAddress } from 'viem';
import { signIpn } from '#functions/wallet/payments';
import type { ExtraRoute } from '../gateway';

export const SIMULATOR_PATH = '/dev/payments';

interface SimPayment {
  payment_id: string;
  payment_status: 'waiting' | 'finished' | 'expired';
  pay_address: string;
  price_amount: number;
  price_currency: string;
  pay_amount: number;
  pay_currency: string;
  order_id: string;
  order_description: string;
  ipn_callback_url: string;
  created_at: string;
  updated_at: string;
  actually_paid: number;
  /** The member's payment transaction, once paid (as NOWPayments reports it). */
  payin_hash?: string;
  lastCallback?: string;
}

/**
 * A paid invoice's transaction hash. USDT on BSC (BEP-20) or Ethereum (ERC-20), the currencies
 * the invoices use, is an EVM transfer: 0x and 64 hex digits; TRC-20 (Tron) hashes have no 0x.
 */
const payinHash = (p: SimPayment): string => {
  const digits = createHash('sha256').update(`payin:${p.payment_id}`).digest('hex');
  return p.pay_currency.toLowerCase().endsWith('trc20') ? digits : `0x${digits}`;
};

export const PAYOUT_SWITCHES = {
  fail: '0x000000',
  pendingThenFinished: '0x5e771e',
  pendingThenFailed: '0xfa11ed',
  slow: '0x510000',
  acceptedThenTimeout: '0xacc000',
  unreachable: '0xdead00',
} as const;
type Switch = keyof typeof PAYOUT_SWITCHES | 'normal';

const switchOf = (address: string): Switch =>
  (Object.entries(PAYOUT_SWITCHES).find(([, prefix]) => address.toLowerCase().startsWith(prefix))?.[0] as
    Switch | undefined) ?? 'normal';

/** The local provider account (not a secret: it exists only in this simulator). */
export const LOCAL_PAYOUT_ACCOUNT = {
  email: 'payouts@trendex.local',
  password: 'local-payouts-password',
  twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

type PayoutStatus = 'creating' | 'waiting' | 'processing' | 'sending' | 'finished' | 'failed' | 'rejected';

interface SimWithdrawal {
  id: string;
  batch_withdrawal_id: string;
  address: string;
  amount: number;
  currency: string;
  unique_external_id: string;
  ipn_callback_url: string;
  status: PayoutStatus;
  hash?: string;
  error?: string;
  created_at: string;
  updated_at: string;
  behaviour: Switch;
  /** A pending payout's end: when, and how. */
  endsAt?: string;
  endsAs?: 'finished' | 'failed';
  lastCallback?: string;
}

interface State {
  payments: Record<string, SimPayment>;
  withdrawals: Record<string, SimWithdrawal>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FINAL = new Set<PayoutStatus>(['finished', 'failed', 'rejected']);

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const html = (res: ServerResponse, status: number, title: string, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1a202c}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:.4rem;text-align:left;font-size:.9rem}
code{word-break:break-all}button{background:#2b6cb0;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}
.note{background:#ebf8ff;padding:.75rem;border-radius:6px}.ok{color:#276749}.bad{color:#9b2c2c}
</style></head><body><p><a href="${SIMULATOR_PATH}">Payment simulator</a></p>${body}</body></html>`);
};

const esc = (s: unknown) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const startPaymentSimulator = (options: {
  stateFile: string;
  ipnSecret: string;
  apiKey: string;
  account: typeof LOCAL_PAYOUT_ACCOUNT;
  /** How long a "slow" answer takes: longer than the adapter's time limit. */
  slowMs: number;
  /** How long a pending payout stays pending before it ends. */
  pendingMs: number;
}) => {
  const loaded = existsSync(options.stateFile)
    ? (JSON.parse(readFileSync(options.stateFile, 'utf8')) as Partial<State>)
    : {};
  const state: State = { payments: loaded.payments ?? {}, withdrawals: loaded.withdrawals ?? {} };
  const save = () => {
    mkdirSync(dirname(options.stateFile), { recursive: true });
    writeFileSync(options.stateFile, JSON.stringify(state));
  };

  // ---- the account's JWT (HS256, 5 minutes, like the provider's) and its 2FA ----
  const jwtKey = randomBytes(32);
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const jwtSign = (data: string) => createHmac('sha256', jwtKey).update(data).digest('base64url');
  const issueJwt = () => {
    const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: options.account.email, exp: Math.floor(Date.now() / 1000) + 300 })}`;
    return `${data}.${jwtSign(data)}`;
  };
  const bearerValid = (req: IncomingMessage): boolean => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [header, payload, signature] = token?.split('.') ?? [];
    if (!header || !payload || !signature) return false;
    const expected = Buffer.from(jwtSign(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number };
    return exp > Date.now() / 1000;
  };
  const totp = new TOTP({ secret: Secret.fromBase32(options.account.twoFactorSecret) });

  const ipnBody = (p: SimPayment) => ({
    payment_id: Number(p.payment_id),
    payment_status: p.payment_status,
    pay_address: p.pay_address,
    price_amount: p.price_amount,
    price_currency: p.price_currency,
    pay_amount: p.pay_amount,
    actually_paid: p.actually_paid,
    payin_hash: p.payin_hash ?? null,
    pay_currency: p.pay_currency,
    order_id: p.order_id,
    order_description: p.order_description,
    outcome_amount: p.actually_paid,
    outcome_currency: p.pay_currency,
    updated_at: p.updated_at,
  });

  /** Sends a signed IPN to `target.ipn_callback_url`, notes what the API said, and answers it. */
  const deliver = async (
    target: { ipn_callback_url: string; lastCallback?: string },
    body: unknown,
  ): Promise<string> => {
    try {
      const response = await fetch(target.ipn_callback_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-nowpayments-sig': signIpn(body, options.ipnSecret),
        },
        body: JSON.stringify(body),
      });
      target.lastCallback = `${response.status} ${await response.text()}`;
    } catch (error) {
      target.lastCallback = `not delivered: ${(error as Error).message}`;
    }
    save();
    return target.lastCallback;
  };
  const sendCallback = (p: SimPayment) => deliver(p, ipnBody(p));

  // ---- payouts ----
  const payoutView = (w: SimWithdrawal) => ({
    id: w.id,
    batch_withdrawal_id: w.batch_withdrawal_id,
    address: w.address,
    amount: String(w.amount),
    currency: w.currency,
    status: w.status,
    hash: w.hash ?? null,
    error: w.error ?? null,
    unique_external_id: w.unique_external_id,
    ipn_callback_url: w.ipn_callback_url,
    created_at: w.created_at,
    updated_at: w.updated_at,
  });

  /** Moves a payout to a new status; a final one is announced by the signed payout IPN. */
  const move = (w: SimWithdrawal, status: PayoutStatus) => {
    w.status = status;
    w.updated_at = new Date().toISOString();
    if (status === 'finished') w.hash = `0x${createHash('sha256').update(`payout:${w.id}`).digest('hex')}`;
    if (status === 'failed') w.error = 'address rejected by the network';
    save();
    if (FINAL.has(status) && w.ipn_callback_url) void deliver(w, payoutView(w));
  };

  /** A pending payout whose time has come ends now (also after a restart lost its timer). */
  const endIfDue = (w: SimWithdrawal) => {
    if (w.endsAt && w.endsAs && !FINAL.has(w.status) && w.endsAt <= new Date().toISOString())
      move(w, w.endsAs);
  };

  /** The 2FA went through: each withdrawal of the batch goes its switch's way. */
  const start = (w: SimWithdrawal) => {
    if (w.behaviour === 'fail') return move(w, 'failed');
    if (w.behaviour === 'pendingThenFinished' || w.behaviour === 'pendingThenFailed') {
      w.endsAt = new Date(Date.now() + options.pendingMs).toISOString();
      w.endsAs = w.behaviour === 'pendingThenFinished' ? 'finished' : 'failed';
      move(w, 'processing');
      setTimeout(() => endIfDue(w), options.pendingMs + 10).unref();
      return;
    }
    move(w, 'finished');
  };

  const batch = (id: string) => Object.values(state.withdrawals).filter((w) => w.batch_withdrawal_id === id);

  const authorized = (req: IncomingMessage) => req.headers['x-api-key'] === options.apiKey;

  const invoicePage = (p: SimPayment, note = '') => `
<h1>Invoice ${esc(p.payment_id)}</h1>${note}
<table><tbody>
<tr><th>Status</th><td data-testid="status">${esc(p.payment_status)}</td></tr>
<tr><th>Amount</th><td>${esc(p.price_amount)} ${esc(p.price_currency.toUpperCase())} = ${esc(p.pay_amount)} ${esc(p.pay_currency.toUpperCase())}</td></tr>
<tr><th>Pay address</th><td><code>${esc(p.pay_address)}</code></td></tr>
<tr><th>Transaction</th><td><code data-testid="payin-hash">${esc(p.payin_hash ?? '-')}</code></td></tr>
<tr><th>Order</th><td>${esc(p.order_description)} (${esc(p.order_id)})</td></tr>
<tr><th>Last callback</th><td>${esc(p.lastCallback ?? '-')}</td></tr>
</tbody></table>
${
  p.payment_status === 'waiting'
    ? `<form method="post" action="${SIMULATOR_PATH}/pay/${esc(p.payment_id)}"><p><button type="submit">Pay ${esc(p.pay_amount)} ${esc(p.pay_currency.toUpperCase())}</button></p></form>`
    : `<form method="post" action="${SIMULATOR_PATH}/pay/${esc(p.payment_id)}/replay"><p><button type="submit">Send the callback again (replay)</button></p></form>`
}`;

  const route: ExtraRoute = async (req, res, url) => {
    if (!url.pathname.startsWith(SIMULATOR_PATH)) return false;
    const path = url.pathname.slice(SIMULATOR_PATH.length).replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';

    // ---- the provider API (what functions/wallet/payments.ts calls) ----
    if (path.startsWith('/v1/')) {
      if (!authorized(req)) return (json(res, 403, { message: 'Invalid api key' }), true);
      if (method === 'POST' && path === '/v1/payment') {
        const input = JSON.parse(await readBody(req)) as Record<string, unknown>;
        const id = String(randomInt(4_000_000_000, 4_999_999_999));
        const at = new Date().toISOString();
        const p: SimPayment = {
          payment_id: id,
          payment_status: 'waiting',
          pay_address: getAddress(`0x${createHash('sha256').update(`pay:${id}`).digest('hex').slice(0, 40)}`),
          price_amount: Number(input.price_amount),
          price_currency: String(input.price_currency ?? 'usd'),
          pay_amount: Number(input.price_amount),
          pay_currency: String(input.pay_currency ?? 'usdtbsc'),
          order_id: String(input.order_id ?? ''),
          order_description: String(input.order_description ?? ''),
          ipn_callback_url: String(input.ipn_callback_url ?? ''),
          created_at: at,
          updated_at: at,
          actually_paid: 0,
        };
        state.payments[id] = p;
        save();
        const { ipn_callback_url: _ipn, lastCallback: _last, ...answer } = p;
        return (json(res, 201, answer), true);
      }
      const one = /^\/v1\/payment\/(\d+)$/.exec(path);
      if (method === 'GET' && one) {
        const p = state.payments[one[1]];
        if (!p) return (json(res, 404, { message: 'Payment not found' }), true);
        return (json(res, 200, ipnBody(p)), true);
      }
      if (method === 'POST' && path === '/v1/auth') {
        const input = JSON.parse(await readBody(req)) as { email?: string; password?: string };
        if (input.email !== options.account.email || input.password !== options.account.password)
          return (json(res, 401, { message: 'Invalid credentials' }), true);
        return (json(res, 200, { token: issueJwt() }), true);
      }
      if (path.startsWith('/v1/payout') && !bearerValid(req))
        return (
          json(res, 401, { message: 'Authorization header is empty (Bearer JWTtoken is required)' }),
          true
        );
      if (method === 'POST' && path === '/v1/payout') {
        const input = JSON.parse(await readBody(req)) as {
          ipn_callback_url?: string;
          withdrawals: {
            address: string;
            amount: number;
            currency: string;
            unique_external_id?: string;
            ipn_callback_url?: string;
          }[];
        };
        const behaviours = input.withdrawals.map((w) => switchOf(w.address));
        if (behaviours.includes('unreachable'))
          return (json(res, 503, { message: 'Service Unavailable' }), true);
        const batchId = String(randomInt(5_000_000_000, 5_999_999_999));
        const at = new Date().toISOString();
        const created = input.withdrawals.map((w, i) => {
          const item: SimWithdrawal = {
            id: String(randomInt(5_000_000_000, 5_999_999_999)),
            batch_withdrawal_id: batchId,
            address: w.address,
            amount: w.amount,
            currency: w.currency,
            unique_external_id: w.unique_external_id ?? '',
            ipn_callback_url: w.ipn_callback_url ?? input.ipn_callback_url ?? '',
            status: 'creating',
            created_at: at,
            updated_at: at,
            behaviour: behaviours[i],
          };
          state.withdrawals[item.id] = item;
          return item;
        });
        save();
        if (behaviours.includes('acceptedThenTimeout')) await sleep(options.slowMs);
        return (json(res, 200, { id: batchId, withdrawals: created.map(payoutView) }), true);
      }
      const verify = /^\/v1\/payout\/(\d+)\/verify$/.exec(path);
      if (method === 'POST' && verify) {
        const items = batch(verify[1]);
        if (!items.length) return (json(res, 404, { message: 'Payout not found' }), true);
        const input = JSON.parse(await readBody(req)) as { verification_code?: string };
        if (totp.validate({ token: String(input.verification_code ?? ''), window: 1 }) === null)
          return (json(res, 400, { message: 'Wrong verification code' }), true);
        if (items.some((w) => w.status !== 'creating'))
          return (json(res, 400, { message: 'Payout is already verified' }), true);
        items.forEach(start);
        if (items.some((w) => w.behaviour === 'slow')) await sleep(options.slowMs);
        return (json(res, 200, 'OK'), true);
      }
      const oneBatch = /^\/v1\/payout\/(\d+)$/.exec(path);
      if (method === 'GET' && oneBatch) {
        const items = batch(oneBatch[1]);
        if (!items.length) return (json(res, 404, { message: 'Payout not found' }), true);
        items.forEach(endIfDue);
        return (json(res, 200, items.map(payoutView)), true);
      }
      if (method === 'GET' && path === '/v1/payout') {
        const from = url.searchParams.get('date_from') ?? '';
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 100);
        const page = Number(url.searchParams.get('page') ?? 0);
        const items = Object.values(state.withdrawals)
          .filter((w) => w.created_at >= from)
          .sort((a, b) => a.created_at.localeCompare(b.created_at))
          .slice(page * limit, (page + 1) * limit);
        items.forEach(endIfDue);
        return (json(res, 200, { payouts: items.map(payoutView) }), true);
      }
      return (json(res, 404, { message: 'Not found' }), true);
    }

    // ---- the pages a person uses ----
    if (method === 'GET' && path === '/') {
      const rows = Object.values(state.payments)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, 50)
        .map(
          (p) =>
            `<tr><td><a href="${SIMULATOR_PATH}/pay/${esc(p.payment_id)}">${esc(p.payment_id)}</a></td><td>${esc(p.price_amount)} USD</td><td>${esc(p.payment_status)}</td><td>${esc(p.created_at)}</td></tr>`,
        )
        .join('');
      const payouts = Object.values(state.withdrawals)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, 50)
        .map(
          (w) =>
            `<tr><td>${esc(w.batch_withdrawal_id)}</td><td><code>${esc(w.address)}</code></td><td>${esc(w.amount)}</td><td class="${w.status === 'finished' ? 'ok' : FINAL.has(w.status) ? 'bad' : ''}">${esc(w.status)}</td><td><code>${esc(w.hash ?? w.error ?? '')}</code></td><td>${esc(w.lastCallback ?? '-')}</td></tr>`,
        )
        .join('');
      html(
        res,
        200,
        'Payment simulator',
        `<h1>Payment simulator</h1><p class="note">A local stand-in for the crypto payment provider. Open an invoice to pay it; the provider's signed callback then credits the wallet.</p>
<h2>Invoices</h2><table><thead><tr><th>Payment id</th><th>Amount</th><th>Status</th><th>Created</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No invoices yet.</td></tr>'}</tbody></table>
<h2>Payouts</h2><p class="note">How a payout behaves follows its address's first digits: ${Object.entries(
          PAYOUT_SWITCHES,
        )
          .map(([name, prefix]) => `<code>${prefix}</code> ${esc(name)}`)
          .join(', ')}; any other address is paid at once.</p>
<table><thead><tr><th>Batch</th><th>Address</th><th>Amount</th><th>Status</th><th>Hash or error</th><th>Last callback</th></tr></thead><tbody>${payouts || '<tr><td colspan="6">No payouts yet.</td></tr>'}</tbody></table>`,
      );
      return true;
    }
    const pay = /^\/pay\/(\d+)(\/replay)?$/.exec(path);
    if (pay) {
      const p = state.payments[pay[1]];
      if (!p) return (html(res, 404, 'Not found', '<h1>No such invoice</h1>'), true);
      if (method === 'GET') return (html(res, 200, `Invoice ${p.payment_id}`, invoicePage(p)), true);
      if (method === 'POST' && !pay[2] && p.payment_status === 'waiting') {
        p.payment_status = 'finished';
        p.actually_paid = p.pay_amount;
        p.payin_hash = payinHash(p);
        p.updated_at = new Date().toISOString();
        save();
      }
      // ?callback=none pays without calling back: a lost callback, for the reconciliation schedule
      const result =
        url.searchParams.get('callback') === 'none' ? 'not sent (lost on purpose)' : await sendCallback(p);
      html(
        res,
        200,
        `Invoice ${p.payment_id}`,
        invoicePage(p, `<p class="note" role="status">Paid. Callback answered: ${esc(result)}</p>`),
      );
      return true;
    }
    return false;
  };

  return { route, state };
};
