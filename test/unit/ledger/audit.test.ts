/** The ledger audit's comparison: a sound ledger has no difference; each kind of fault is named. */
import { describe, expect, it } from 'vitest';
import { usdt } from '#api/money';
import { compareLedger, differenceKey, type AuditFacts } from '#functions/ledger/audit/rules';
import { accounts, shardName } from '#functions/ledger/rules';

const wallet = accounts.member('m1', 'wallet');
const hold = accounts.hold('m1');

/**
 * A sound day: a deposit of 100 (clearing to the wallet, clearing's posting on shard 3), 30 of it
 * held for an open withdrawal, 20 paid for a plan (revenue's shard 5).
 */
const sound = (): AuditFacts => ({
  balanceItems: [
    { account: accounts.clearing, balance: usdt(-100) }, // item platform:clearing#3
    { account: wallet, balance: usdt(50) },
    { account: hold, balance: usdt(30) },
    { account: accounts.revenue, balance: usdt(20) },
  ],
  entries: [
    { account: accounts.clearing, amount: usdt(-100) },
    { account: wallet, amount: usdt(100) },
    { account: wallet, amount: usdt(-30) },
    { account: hold, amount: usdt(30) },
    { account: wallet, amount: usdt(-20) },
    { account: accounts.revenue, amount: usdt(20) },
  ],
  openWithdrawals: [{ memberId: 'm1', amount: usdt(30) }],
  paidInvoices: ['p1'],
  deposits: ['p1'],
});

describe('compareLedger', () => {
  it('finds nothing in a sound ledger; clearing may be negative', () => {
    expect(compareLedger(sound())).toEqual([]);
  });

  it("sums a sharded account's items before comparing it with its entries", () => {
    const facts = sound();
    facts.balanceItems = facts.balanceItems.filter((i) => i.account !== accounts.revenue);
    // revenue's 20 on two shards: the account is sound, not each item
    facts.balanceItems.push({ account: accounts.revenue, balance: usdt(15) });
    facts.balanceItems.push({ account: accounts.revenue, balance: usdt(5) });
    expect(shardName(accounts.revenue, 5)).toBe('platform:revenue#5');
    expect(compareLedger(facts)).toEqual([]);
  });

  it('names an account whose balance is not the sum of its entries, and the total off zero', () => {
    const facts = sound();
    facts.balanceItems[1] = { account: wallet, balance: usdt(1050) };
    expect(compareLedger(facts)).toEqual([
      {
        check: 'entries',
        subject: wallet,
        expected: usdt(50),
        found: usdt(1050),
        detail: 'balance 1050.00 USDT, its entries sum to 50.00 USDT',
      },
      expect.objectContaining({ check: 'total', subject: 'ledger', expected: 0, found: usdt(1000) }),
    ]);
  });

  it('names a negative balance of an account that may not go below zero', () => {
    const facts = sound();
    facts.balanceItems.push({ account: accounts.member('m2', 'wallet'), balance: -1 });
    facts.balanceItems.push({ account: accounts.corePool, balance: 1 });
    facts.entries.push({ account: accounts.member('m2', 'wallet'), amount: -1 });
    facts.entries.push({ account: accounts.corePool, amount: 1 });
    expect(compareLedger(facts)).toEqual([
      expect.objectContaining({ check: 'negative', subject: 'member:m2:wallet', found: -1 }),
    ]);
  });

  it('names a hold that is not the sum of its open withdrawals', () => {
    const closed = sound();
    closed.openWithdrawals = []; // the withdrawal was closed but its hold stayed
    expect(compareLedger(closed)).toEqual([
      expect.objectContaining({ check: 'hold', subject: hold, expected: 0, found: usdt(30) }),
    ]);
    const noHold = sound();
    noHold.openWithdrawals.push({ memberId: 'm2', amount: usdt(5) });
    expect(compareLedger(noHold)).toEqual([
      expect.objectContaining({ check: 'hold', subject: 'member:m2:hold', expected: usdt(5), found: 0 }),
    ]);
  });

  it('names a paid invoice without exactly one deposit, and a deposit without its paid invoice', () => {
    const facts = sound();
    facts.paidInvoices.push('p2', 'p3');
    facts.deposits.push('p3', 'p3', 'p4');
    expect(compareLedger(facts).map((d) => [d.subject, d.expected, d.found])).toEqual([
      ['invoice:p2', 1, 0],
      ['invoice:p3', 1, 2],
      ['invoice:p4', 0, 1],
    ]);
  });

  it('keys a difference by how far off it is, so traffic moving both sides keeps its key', () => {
    const [before] = compareLedger({ ...sound(), balanceItems: [...sound().balanceItems.slice(0, 1)] });
    const d = { ...before, expected: before.expected + 7, found: before.found + 7 };
    expect(differenceKey(d)).toBe(differenceKey(before));
  });
});
