/**
 * The wallet's use cases: balances and the transaction table, deposits (invoice, signed
 * callback, reconciliation) and the admin money reports; withdrawals are in withdrawals.ts.
 * Every movement of money goes through the ledger store's `post`.
 */
import type { z } from 'zod';
import type {
  BalanceReportQuery,
  Invoice as InvoiceView,
  ReportQuery,
  TransactionRow,
  WalletName,
} from '#api/schemas/wallet';
import { now, nowIso } from '#core/clock';
import { config } from '#core/config';
import { keys, queryPage, tableName } from '#core/db';
import { badRequest, DomainError, messages, notFound } from '#core/errors';
import { newId } from '#core/ids';
import { logger } from '#core/logger';
import { formatUsdt, parseUsdt, type Micro } from '#core/money';
import type { Caller } from '#core/middleware';
import { findMemberByEmail, readCounter, requireMember } from '#functions/members/service';
import { notify } from '#functions/notifications/service';
import { accounts, transfer, type MemberWallet, type TxKind } from '#functions/ledger/rules';
import { CLOSED_UNPAID, PAID, payments, verifyIpn } from './payments';
import {
  getBalances,
  getMemberBalances,
  listMemberTransactions,
  listTransactionsOfKind,
  pageTransactionsOfKind,
  post,
  sumWalletBalances,
  type TxRow,
} from '#functions/ledger/service';
import {
  addDepositedItem,
  closeInvoiceItem,
  expireInvoice,
  getDeposited,
  getInvoice as readInvoice,
  type Invoice,
  listOpenInvoices,
  putInvoice,
} from './store';

const WALLET_LABEL: Record<MemberWallet, string> = {
  wallet: 'wallet',
  wallet1: 'Trendex Core wallet',
  fuelwallet: 'fuel wallet',
};

export const getWallet = async (memberId: string) => {
  const [b, deposited] = await Promise.all([getMemberBalances(memberId), getDeposited(memberId)]);
  return { wallet: b.wallet, wallet1: b.wallet1, fuelwallet: b.fuelwallet, held: b.hold, deposited };
};

export const listTransactions = async (
  memberId: string,
  input: { limit: number; cursor?: string; wallet?: WalletName },
): Promise<{ items: TransactionRow[]; cursor?: string }> => {
  const page = await listMemberTransactions(memberId, input.limit, input.cursor, input.wallet);
  return {
    items: page.items.map((r) => ({
      id: r.txId,
      date: r.date,
      type: r.type,
      amount: r.amount,
      wallet: r.wallet,
    })),
    cursor: page.cursor,
  };
};

/* ---------- deposits ---------- */

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

export const createInvoice = async (caller: Caller, input: { amount: string; wallet: WalletName }) => {
  const amount = parseUsdt(input.amount);
  if (amount === null || amount < config.deposit.minimum || amount > config.deposit.maximum)
    throw badRequest('DEPOSIT_AMOUNT', messages.depositAmount, 'amount');
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
  };
  await putInvoice(invoice);
  return view(invoice);
};

export const getInvoice = async (memberId: string, paymentId: string) => {
  const invoice = await readInvoice(paymentId);
  if (!invoice || invoice.memberId !== memberId) throw notFound('No such invoice.');
  return view(invoice);
};

/**
 * Credits a paid invoice exactly once: the ledger transaction's idempotency key is the payment
 * id, and the invoice is closed in the same DynamoDB transaction.
 */
export const creditInvoice = async (invoice: Invoice): Promise<'credited' | 'ignored'> => {
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
    ref: { paymentId: invoice.paymentId, email: invoice.email },
    extra: [
      closeInvoiceItem(invoice.paymentId, 'credited'),
      addDepositedItem(invoice.memberId, invoice.amount),
    ],
  });
  if (result.status !== 'applied') return 'ignored';
  logger.info('deposit credited', { paymentId: invoice.paymentId, amount: invoice.amount });
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
    return { status: await creditInvoice(invoice) };
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
        if ((await creditInvoice(invoice)) === 'credited') credited++;
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

/* ---------- admin reports ---------- */

const REPORT_KINDS: Record<z.infer<typeof ReportQuery>['kind'], TxKind> = {
  deposit: 'deposit',
  withdraw: 'withdraw-hold',
  payout: 'withdraw-settle',
};

const reportRow = (r: TxRow) => ({
  id: r.txId,
  date: r.date,
  email: String(r.ref?.email ?? ''),
  amount: Math.abs(r.amount) || Number(r.ref?.amount ?? 0),
  type: r.type,
  reference: String(r.ref?.hash ?? r.ref?.paymentId ?? r.ref?.withdrawalId ?? r.txId),
});

/** A page of the Deposit, Withdraw or Payout report; the first page carries the range's totals. */
export const walletReport = async (input: z.infer<typeof ReportQuery>) => {
  const kind = REPORT_KINDS[input.kind];
  const from = `${input.from}T00:00:00.000Z`;
  const to = `${input.to}T23:59:59.999Z`;
  const email = input.email || undefined;
  const page = await pageTransactionsOfKind(kind, from, to, {
    limit: input.limit,
    cursor: input.cursor,
    email,
  });
  const items = page.items.map(reportRow);
  if (input.cursor) return { items, cursor: page.cursor };
  const all = (await listTransactionsOfKind(kind, from, to))
    .map(reportRow)
    .filter((r) => !email || r.email === email);
  return {
    items,
    cursor: page.cursor,
    totals: { count: all.length, total: all.reduce((s, r) => s + r.amount, 0) },
  };
};

/**
 * The Balance report: members by registration, a page at a time, with their wallet and wallet1
 * balances (one BatchGet per page); or the one member with `email`. The totals (every member's
 * wallets and the member count) come with the first page only.
 */
export const balanceReport = async (q: z.infer<typeof BalanceReportQuery>) => {
  let members: { id: string; email: string; username: string }[];
  let cursor: string | undefined;
  if (q.email) {
    const member = q.cursor ? null : await findMemberByEmail(q.email);
    members = member ? [member] : [];
  } else {
    const page = await queryPage(
      {
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.memberByRegistration('', '').GSI2PK },
      },
      q.limit,
      q.cursor,
    );
    members = page.items as unknown as typeof members;
    cursor = page.cursor;
  }
  const balances = await getBalances(
    members.flatMap((m) => [accounts.member(m.id, 'wallet'), accounts.member(m.id, 'wallet1')]),
  );
  const items = members.map((m) => ({
    memberId: m.id,
    email: m.email,
    username: m.username,
    wallet: balances.get(accounts.member(m.id, 'wallet'))!,
    wallet1: balances.get(accounts.member(m.id, 'wallet1'))!,
  }));
  if (q.cursor) return { items, cursor };
  const [wallet, wallet1, count] = await Promise.all([
    sumWalletBalances('wallet'),
    sumWalletBalances('wallet1'),
    q.email ? items.length : readCounter('members'),
  ]);
  return { items, cursor, totals: { count, wallet, wallet1 } };
};

const totalsOf = async (kind: TxKind) => {
  const today = nowIso().slice(0, 10);
  const month = today.slice(0, 7);
  const rows = await listTransactionsOfKind(kind, '2000-01-01', nowIso());
  const sum = (f: (d: string) => boolean): Micro =>
    rows.filter((r) => f(r.date)).reduce((s, r) => s + Math.abs(r.amount), 0);
  return {
    total: sum(() => true),
    thisMonth: sum((d) => d.startsWith(month)),
    today: sum((d) => d.startsWith(today)),
  };
};

export const moneyTotals = async () => ({
  deposit: await totalsOf('deposit'),
  withdraw: await totalsOf('withdraw-settle'),
});
