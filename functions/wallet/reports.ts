/** The admin money reports: Deposit, Withdraw and Payout, the Balance report, and the dashboard totals. */
/**
 * The wallet's use cases: balances and the transaction table, deposits (invoice, signed
 * callback, reconciliation) and the admin money reports; withdrawals are in withdrawals.ts.
 * Every movement of money goes through the ledger store's `post`.
 */
import type { z } from 'zod';
import type { BalanceReportQuery, ReportQuery } from '#api/schemas/wallet';
import { nowIso } from '#core/clock';
import { type Micro } from '#api/money';
import { findMemberByEmail, pageMembersByRegistration, readCounter } from '#functions/members/service';
import { accounts, type TxKind } from '#functions/ledger/rules';
import {
  getBalances,
  listTransactionsOfKind,
  pageTransactionsOfKind,
  sumWalletBalances,
  type TxRow,
} from '#functions/ledger/service';

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
    ({ items: members, cursor } = await pageMembersByRegistration(q.limit, q.cursor));
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
