/**
 * The payment provider on the local stack: a small NOWPayments look-alike served by the gateway
 * under /dev/payments. The wallet's payments adapter talks to its /v1 API exactly as it talks to
 * the real provider; a person (or an e2e test) pays an invoice from its page, and it sends the
 * signed IPN callback to the API. Payouts finish at once with a made-up hash, except to
 * addresses starting 0x000000, which fail (to see a failed payout release its hold).
 */
import { createHash, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
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
  lastCallback?: string;
}

interface SimPayout {
  id: string;
  address: string;
  amount: number;
  currency: string;
  status: 'FINISHED' | 'FAILED';
  hash?: string;
  error?: string;
  created_at: string;
}

interface State {
  payments: Record<string, SimPayment>;
  payouts: Record<string, SimPayout>;
}

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

export const startPaymentSimulator = (options: { stateFile: string; ipnSecret: string; apiKey: string }) => {
  const state: State = existsSync(options.stateFile)
    ? (JSON.parse(readFileSync(options.stateFile, 'utf8')) as State)
    : { payments: {}, payouts: {} };
  const save = () => {
    mkdirSync(dirname(options.stateFile), { recursive: true });
    writeFileSync(options.stateFile, JSON.stringify(state));
  };

  const ipnBody = (p: SimPayment) => ({
    payment_id: Number(p.payment_id),
    payment_status: p.payment_status,
    pay_address: p.pay_address,
    price_amount: p.price_amount,
    price_currency: p.price_currency,
    pay_amount: p.pay_amount,
    actually_paid: p.actually_paid,
    pay_currency: p.pay_currency,
    order_id: p.order_id,
    order_description: p.order_description,
    outcome_amount: p.actually_paid,
    outcome_currency: p.pay_currency,
    updated_at: p.updated_at,
  });

  /** Sends the signed IPN; answers what the API said. */
  const sendCallback = async (p: SimPayment): Promise<string> => {
    const body = ipnBody(p);
    try {
      const response = await fetch(p.ipn_callback_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-nowpayments-sig': signIpn(body, options.ipnSecret),
        },
        body: JSON.stringify(body),
      });
      p.lastCallback = `${response.status} ${await response.text()}`;
    } catch (error) {
      p.lastCallback = `not delivered: ${(error as Error).message}`;
    }
    save();
    return p.lastCallback;
  };

  const authorized = (req: IncomingMessage) => req.headers['x-api-key'] === options.apiKey;

  const invoicePage = (p: SimPayment, note = '') => `
<h1>Invoice ${esc(p.payment_id)}</h1>${note}
<table><tbody>
<tr><th>Status</th><td data-testid="status">${esc(p.payment_status)}</td></tr>
<tr><th>Amount</th><td>${esc(p.price_amount)} ${esc(p.price_currency.toUpperCase())} = ${esc(p.pay_amount)} ${esc(p.pay_currency.toUpperCase())}</td></tr>
<tr><th>Pay address</th><td><code>${esc(p.pay_address)}</code></td></tr>
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
      if (method === 'POST' && path === '/v1/payout') {
        const input = JSON.parse(await readBody(req)) as {
          withdrawals: { address: string; amount: number; currency: string }[];
        };
        const out = input.withdrawals.map((w) => {
          const id = String(randomInt(5_000_000_000, 5_999_999_999));
          const fail = /^0x000000/i.test(w.address);
          const payout: SimPayout = {
            id,
            address: w.address,
            amount: w.amount,
            currency: w.currency,
            status: fail ? 'FAILED' : 'FINISHED',
            ...(fail
              ? { error: 'address rejected by the network' }
              : { hash: `0x${createHash('sha256').update(`payout:${id}`).digest('hex')}` }),
            created_at: new Date().toISOString(),
          };
          state.payouts[id] = payout;
          return payout;
        });
        save();
        return (json(res, 200, { id: out[0]?.id ?? '', withdrawals: out }), true);
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
      const payouts = Object.values(state.payouts)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, 50)
        .map(
          (p) =>
            `<tr><td>${esc(p.id)}</td><td><code>${esc(p.address)}</code></td><td>${esc(p.amount)}</td><td class="${p.status === 'FINISHED' ? 'ok' : 'bad'}">${esc(p.status)}</td><td><code>${esc(p.hash ?? p.error ?? '')}</code></td></tr>`,
        )
        .join('');
      html(
        res,
        200,
        'Payment simulator',
        `<h1>Payment simulator</h1><p class="note">A local stand-in for the crypto payment provider. Open an invoice to pay it; the provider's signed callback then credits the wallet.</p>
<h2>Invoices</h2><table><thead><tr><th>Payment id</th><th>Amount</th><th>Status</th><th>Created</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No invoices yet.</td></tr>'}</tbody></table>
<h2>Payouts</h2><table><thead><tr><th>Id</th><th>Address</th><th>Amount</th><th>Status</th><th>Hash or error</th></tr></thead><tbody>${payouts || '<tr><td colspan="5">No payouts yet.</td></tr>'}</tbody></table>`,
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
