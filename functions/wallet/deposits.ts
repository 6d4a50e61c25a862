/**
 * Deposits: an invoice from the payment provider, its signed callback, and the reconciliation
 * schedule that asks the provider about open invoices. A paid invoice is credited exactly once,
 * and one Top Up request (its request id) makes at most one invoice. Every movement of money goes
 * through the ledger's `post`.
 */
import type { z } from 'zod';
import type { Invoice as InvoiceView, WalletName } from '#api/schemas/wallet';
import { now, nowIso } from '#core/clock';
import { config } from '#core/config';
import { badRequest, conflict, DomainError, messages, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { logger } from '#core/logger';
import { moneyMetric } from '#core/metrics';
import { formatUsdt, parseUsdt } from '#api/money';
import type { Caller } from '#core/middleware';
import { requireMember } from '#functions/members/service';
import { notify } from '#functions/notifications/service';
import { accounts, transfer } from '#functions/ledger/rules';
import { WALLET_LABEL } from './service';
import { CLOSED_UNPAID, PAID, payments, verifyIpn } from './payments';
import { post } from '#functions/ledger/service';
import {
  addDepositedItem,
  closeInvoiceItem,
  expireInvoice,
  getInvoice as readInvoice,
  getInvoiceOfRequest,
  type Invoice,
  listOpenInvoices,
  memberWaitingInvoices,
  putInvoice,
} from './store';

const view = (i: Invoice): InvoiceView => ({
  paymentId: i.paymentId,
  payAddress: i.payAddress,
  payAmount: i.payAmount,
  payCurrency: i.payCurrency,
  amount: i.amount,
  wallet: i.wallet as WalletName,
  status: i.status,
  createdAt: i.createdAt,
  expiresAt: i.expiresAt,
  ...(process.env.PAYMENTS_PAY_PAGE_URL
    ? { payUrl: `${process.env.PAYMENTS_PAY_PAGE_URL}/${encodeURIComponent(i.paymentId)}` }
    : {}),
});

/**
 * The invoice a request made before, answered again (whatever its status now); the same request id
 * with another amount or wallet is refused rather than answered with an invoice the member did not ask for.
 */
const sameRequest = (earlier: Invoice, amount: number, wallet: WalletName): InvoiceView => {
  if (earlier.amount !== amount || earlier.wallet !== wallet)
    throw conflict(
      'REQUEST_REUSED',
      `This request already made an invoice of ${formatUsdt(earlier.amount)} USDT (payment id ${earlier.paymentId}). Close the form and open it again for another amount.`,
      'amount',
    );
  return view(earlier);
};

/**
 * Top Up: an invoice from the provider. The same request id again (a retry after an error or a
 * lost answer, a double click) answers the invoice the first attempt stored, never a second one.
 * Two copies running at once may each ask the provider; only one invoice is stored and both answer
 * it (the provider's other one is stored nowhere: its callback is ignored, and it expires).
 */
export const createInvoice = async (
  caller: Caller,
  input: { amount: string; wallet: WalletName; requestId: string },
) => {
  const amount = parseUsdt(input.amount);
  if (amount === null || amount < config.deposit.minimum || amount > config.deposit.maximum)
    throw badRequest('DEPOSIT_AMOUNT', messages.depositAmount, 'amount');
  const earlier = await getInvoiceOfRequest(caller.memberId, input.requestId);
  if (earlier) return sameRequest(earlier, amount, input.wallet);
  const orderId = newId();
  const payment = await payments.createInvoice({
    orderId,
    amountUsdt: formatUsdt(amount),
    payCurrency: config.deposit.payCurrency,
    description: `Trendex top up (${WALLET_LABEL[input.wallet]})`,
  });
  const createdAt = nowIso();
  const invoice: Invoice = {
    paymentId: payment.payment_id,
    memberId: caller.memberId,
    email: (await requireMember(caller.memberId)).email,
    wallet: input.wallet,
    amount,
    payAddress: payment.pay_address,
    payAmount: String(payment.pay_amount),
    payCurrency: payment.pay_currency,
    status: 'waiting',
    createdAt,
    expiresAt: new Date(now().getTime() + config.deposit.invoiceTtlHours * 3600_000).toISOString(),
    requestId: input.requestId,
  };
  if ((await putInvoice(invoice)) === 'created') return view(invoice);
  // a copy of this request stored its invoice first (the marker and the invoice are written together)
  const first = await getInvoiceOfRequest(caller.memberId, input.requestId);
  if (!first) throw new Error(`the invoice of request ${input.requestId} is missing`);
  return sameRequest(first, amount, input.wallet);
};

/** The member's invoices waiting for payment and not expired, newest first (Top Up, found again). */
export const openInvoicesOf = async (memberId: string) => {
  const at = nowIso();
  const items = await memberWaitingInvoices(memberId);
  return { items: items.filter((i) => i.expiresAt > at).map(view) };
};

export const getInvoice = async (memberId: string, paymentId: string) => {
  const invoice = await readInvoice(paymentId);
  if (!invoice || invoice.memberId !== memberId) throw notFound('No such invoice.');
  return view(invoice);
};

/**
 * Credits a paid invoice exactly once: the ledger transaction's idempotency key is the payment
 * id, and the invoice is closed in the same DynamoDB transaction. `payinHash`, the member's
 * payment transaction as the provider reports it, is kept for the Deposit report.
 */
const creditInvoice = async (
  invoice: Invoice,
  payinHash: string | null | undefined,
): Promise<'credited' | 'ignored'> => {
  const result = await post({
    tx: {
      idempotencyKey: `deposit:${invoice.paymentId}`,
      kind: 'deposit',
      postings: transfer(
        accounts.clearing,
        accounts.member(invoice.memberId, invoice.wallet),
        invoice.amount,
      ),
    },
    memberId: invoice.memberId,
    display: { type: 'Deposit', amount: invoice.amount, wallet: invoice.wallet },
    ref: { paymentId: invoice.paymentId, email: invoice.email, ...(payinHash ? { hash: payinHash } : {}) },
    extra: [
      closeInvoiceItem(invoice.paymentId, 'credited'),
      addDepositedItem(invoice.memberId, invoice.amount),
    ],
  });
  if (result.status !== 'applied') return 'ignored';
  logger.info('deposit credited', { paymentId: invoice.paymentId, amount: invoice.amount });
  moneyMetric('Deposits', invoice.amount, { paymentId: invoice.paymentId });
  await notify(
    invoice.memberId,
    `Your deposit of ${formatUsdt(invoice.amount)} USDT is credited to your ${WALLET_LABEL[invoice.wallet]}.`,
  ).catch((error: unknown) => logger.warn('deposit notification failed', { error: error as Error }));
  return 'credited';
};

/** The provider's IPN. A bad signature is refused; a good one for a finished payment credits once. */
export const paymentCallback = async (
  body: z.infer<typeof import('#api/schemas/wallet').PaymentCallback>,
  signature: string | undefined,
) => {
  if (!(await verifyIpn(body, signature))) {
    logger.warn('payment callback with a bad signature', { paymentId: String(body.payment_id) });
    throw new DomainError(401, 'BAD_SIGNATURE', 'The callback signature is not valid.');
  }
  const invoice = await readInvoice(String(body.payment_id));
  if (!invoice) return { status: 'ignored' as const };
  if (body.payment_status === PAID && invoice.status === 'waiting')
    return { status: await creditInvoice(invoice, body.payin_hash) };
  return { status: 'ignored' as const };
};

/**
 * The reconciliation schedule: asks the provider about every open invoice. Paid but not
 * credited (a lost callback) is credited; closed unpaid or past its time is expired.
 */
export const reconcileDeposits = async () => {
  let credited = 0;
  let expired = 0;
  for (const invoice of await listOpenInvoices()) {
    try {
      const payment = await payments.getPayment(invoice.paymentId);
      if (payment.payment_status === PAID) {
        if ((await creditInvoice(invoice, payment.payin_hash)) === 'credited') credited++;
      } else if (CLOSED_UNPAID.has(payment.payment_status) || invoice.expiresAt < nowIso()) {
        if (await expireInvoice(invoice.paymentId)) expired++;
      }
    } catch (error) {
      logger.warn('reconciling an invoice failed', { paymentId: invoice.paymentId, error: error as Error });
    }
  }
  if (credited || expired) logger.info('deposits reconciled', { credited, expired });
  return { credited, expired };
};
