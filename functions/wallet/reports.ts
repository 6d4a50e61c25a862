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
import {
  findMemberByEmail,
  getMembers,
  pageMembersByRegistration,
  readCounter,
} from '#functions/members/service';
import { accounts, type TxKind } from '#functions/ledger/rules';
import {
  getBalances,
  listTransactionsOfKind,
  pageTransactionsOfKind,
  sumWalletBalances,
  type TxRow,
} from '#functions/ledger/service';

type ReportKind = z.infer<typeof ReportQuery>['kind'];

/**
 * What each money report reads: Deposit the credited deposits (ref: payment id, the payment's
 * hash); Withdraw the withdrawals paid out (settled; ref: the payout hash), so one refunded or
 * still held is not counted; Payout the referral bonuses paid to members (direct and binary).
 */
const REPORT_KINDS: Record<ReportKind, TxKind> = {
  deposit: 'deposit',
  withdraw: 'withdraw-settle',
  payout: 'bonus',
};

/** What a row moved: a withdrawal's settlement has no display amount, its postings' is kept. */
const amountOf = (r: TxRow): Micro => Math.abs(r.amount) || Number(r.ref?.amount ?? 0);

/**
 * A row; `owners` gives a bonus's e-mail (its ref names the buyer, not the member paid). Deposits
 * and withdrawals keep their member's e-mail in the ref.
 */
const reportRow = (kind: ReportKind, r: TxRow, owners: Map<string, string>) => ({
  id: r.txId,
  date: r.date,
  email: kind === 'payout' ? (owners.get(r.memberId ?? '') ?? '') : String(r.ref?.email ?? ''),
  amount: amountOf(r),
  type: r.type,
  ...(kind === 'deposit' && r.ref?.paymentId !== undefined ? { paymentId: String(r.ref.paymentId) } : {}),
  ...(kind !== 'payout' && r.ref?.hash ? { hash: String(r.ref.hash) } : {}),
});

const ownersOf = async (kind: ReportKind, rows: TxRow[]) => {
  if (kind !== 'payout') return new Map<string, string>();
  const ids = [...new Set(rows.map((r) => r.memberId).filter((id): id is string => !!id))];
  return new Map((await getMembers(ids)).map((m) => [m.id, m.email]));
};

/** A page of the Deposit, Withdraw or Payout report; the first page carries the range's totals. */
export const walletReport = async (input: z.infer<typeof ReportQuery>) => {
  const kind = REPORT_KINDS[input.kind];
  const from = `${input.from}T00:00:00.000Z`;
  const to = `${input.to}T23:59:59.999Z`;
  const email = input.email || undefined;
  // a payout's member is the one paid: found by e-mail, then kept by id
  const owner = input.kind === 'payout' && email ? await findMemberByEmail(email) : undefined;
  if (owner === null) return { items: [], ...(input.cursor ? {} : { totals: { count: 0, total: 0 } }) };
  const filter = owner ? { memberId: owner.id } : { email };
  const page = await pageTransactionsOfKind(kind, from, to, {
    limit: input.limit,
    cursor: input.cursor,
    ...filter,
  });
  const owners = await ownersOf(input.kind, page.items);
  const items = page.items.map((r) => reportRow(input.kind, r, owners));
  if (input.cursor) return { items, cursor: page.cursor };
  const all = (await listTransactionsOfKind(kind, from, to)).filter((r) =>
    owner ? r.memberId === owner.id : !email || r.ref?.email === email,
  );
  return {
    items,
    cursor: page.cursor,
    totals: { count: all.length, total: all.reduce((s, r) => s + amountOf(r), 0) },
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
