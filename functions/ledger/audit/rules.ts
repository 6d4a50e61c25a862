/**
 * The daily ledger audit's comparison, pure (no I/O): given what the table holds (audit-store.ts
 * reads it), the differences from what a sound ledger must be. Each names what is wrong (an
 * account, the ledger, an invoice), what was expected and what was found.
 */
import { formatUsdt, type Micro } from '#api/money';
import { mayGoNegative, memberOf } from '../rules';

/** What the table holds, as read by the audit (every balance item and entry, open withdrawals, invoices). */
export interface AuditFacts {
  /** Each balance item: the account it belongs to (a shard names its account) and its balance. */
  balanceItems: { account: string; balance: Micro }[];
  /** Each entry: its account and signed amount. */
  entries: { account: string; amount: Micro }[];
  /** The withdrawals still open (held or pending): their holds must be exactly these. */
  openWithdrawals: { memberId: string; amount: Micro }[];
  /** The paid (credited) invoices. */
  paidInvoices: string[];
  /** The payment id of each deposit transaction of the ledger. */
  deposits: string[];
}

export type AuditCheck = 'entries' | 'total' | 'negative' | 'hold' | 'deposit';

export interface AuditDifference {
  check: AuditCheck;
  /** An account (`member:<id>:wallet`, `platform:revenue`), `ledger` (the total), or `invoice:<payment id>`. */
  subject: string;
  /** Micro-USDT, or a number of deposits for the `deposit` check. */
  expected: number;
  found: number;
  /** The difference in words, for the admin dashboard. */
  detail: string;
}

const sumBy = <T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => number) => {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return sums;
};

const usdt = (micro: Micro) => `${formatUsdt(micro)} USDT`;

/**
 * Every difference: an account whose balance (its shards summed) is not the sum of its entries; a
 * ledger whose balances do not sum to zero; a negative balance of an account that may not go below
 * zero; a member's hold that is not the sum of their open withdrawals; a paid invoice without
 * exactly one deposit, or a deposit without its paid invoice. Sorted by check and subject.
 */
export const compareLedger = (facts: AuditFacts): AuditDifference[] => {
  const differences: AuditDifference[] = [];
  const balances = sumBy(
    facts.balanceItems,
    (i) => i.account,
    (i) => i.balance,
  );
  const entries = sumBy(
    facts.entries,
    (e) => e.account,
    (e) => e.amount,
  );

  for (const account of new Set([...balances.keys(), ...entries.keys()])) {
    const balance = balances.get(account) ?? 0;
    const summed = entries.get(account) ?? 0;
    if (balance !== summed)
      differences.push({
        check: 'entries',
        subject: account,
        expected: summed,
        found: balance,
        detail: `balance ${usdt(balance)}, its entries sum to ${usdt(summed)}`,
      });
    if (balance < 0 && !mayGoNegative(account))
      differences.push({
        check: 'negative',
        subject: account,
        expected: 0,
        found: balance,
        detail: `balance ${usdt(balance)} below zero`,
      });
  }

  const total = [...balances.values()].reduce((a, b) => a + b, 0);
  if (total !== 0)
    differences.push({
      check: 'total',
      subject: 'ledger',
      expected: 0,
      found: total,
      detail: `all balances sum to ${usdt(total)}, not 0`,
    });

  const withdrawing = sumBy(
    facts.openWithdrawals,
    (w) => `member:${w.memberId}:hold`,
    (w) => w.amount,
  );
  const holds = [...balances.keys()].filter((a) => memberOf(a) && a.endsWith(':hold'));
  for (const hold of new Set([...holds, ...withdrawing.keys()])) {
    const held = balances.get(hold) ?? 0;
    const open = withdrawing.get(hold) ?? 0;
    if (held !== open)
      differences.push({
        check: 'hold',
        subject: hold,
        expected: open,
        found: held,
        detail: `hold ${usdt(held)}, open withdrawals ${usdt(open)}`,
      });
  }

  const deposits = sumBy(
    facts.deposits,
    (paymentId) => paymentId,
    () => 1,
  );
  const paid = new Set(facts.paidInvoices);
  for (const paymentId of new Set([...paid, ...deposits.keys()])) {
    const expected = paid.has(paymentId) ? 1 : 0;
    const found = deposits.get(paymentId) ?? 0;
    if (found !== expected)
      differences.push({
        check: 'deposit',
        subject: `invoice:${paymentId}`,
        expected,
        found,
        detail: paid.has(paymentId)
          ? `paid invoice with ${found} deposits`
          : `${found} deposit(s) of an invoice not paid`,
      });
  }

  return differences.sort((a, b) => a.check.localeCompare(b.check) || a.subject.localeCompare(b.subject));
};

/** The key of a difference, to tell the same one found by two passes: what, where, and how far off. */
export const differenceKey = (d: AuditDifference): string =>
  `${d.check} ${d.subject} ${d.found - d.expected}`;
