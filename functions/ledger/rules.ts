/**
 * The double-entry ledger's rules, pure (no I/O): accounts, postings, what a valid transaction
 * is, and how one applies to a set of balances. store.ts writes exactly what these rules allow,
 * in one DynamoDB transaction; the property tests check the rules against any sequence of
 * movements.
 *
 * Conventions: every transaction is a list of postings (account, signed amount in micro-USDT)
 * summing to zero. A member account or a platform account holding real money may never go
 * below zero; the payment provider's clearing account is the outside world's mirror and goes
 * negative as money comes in (it is what the platform owes the chain, so to speak).
 */
import type { Micro } from '#api/money';

export type MemberWallet = 'wallet' | 'wallet1' | 'fuelwallet';
export const MEMBER_WALLETS: readonly MemberWallet[] = ['wallet', 'wallet1', 'fuelwallet'];

/** Account names: `member:<id>:<wallet|wallet1|fuelwallet|hold>` or `platform:<name>`. */
export const accounts = {
  member: (memberId: string, wallet: MemberWallet) => `member:${memberId}:${wallet}`,
  /** Money of a withdrawal between request and payout. */
  hold: (memberId: string) => `member:${memberId}:hold`,
  revenue: 'platform:revenue',
  /** The payment provider: deposits come from it, payouts go to it. */
  clearing: 'platform:clearing',
  corePool: 'platform:corepool',
  /**
   * The other side of an admin's balance adjustment ('Admin Credit' / 'Admin Debit'): money the
   * platform grants or takes back by decision, not through the chain.
   */
  adjustments: 'platform:adjustments',
} as const;

/**
 * The platform accounts that nearly every money movement writes (each plan purchase credits
 * revenue, each deposit and withdrawal moves clearing, each bot profit charge credits the core
 * pool). DynamoDB takes about 1,000 writes a second on one item, so each is kept as SHARD_COUNT
 * items: a posting goes to one shard, and the balance is their sum. The ledger's rules are about
 * the account; only the store sees shards.
 */
export const SHARD_COUNT = 8;
const SHARDED: ReadonlySet<string> = new Set([accounts.revenue, accounts.clearing, accounts.corePool]);
export const isSharded = (account: string): boolean => SHARDED.has(account);

/** The item name of an account's shard: shard 0 is the account's own name (its one item before sharding). */
export const shardName = (account: string, shard: number): string =>
  shard === 0 ? account : `${account}#${shard}`;

/** The names of every item holding an account's balance: its shards, or just itself. */
export const shardsOf = (account: string): string[] =>
  isSharded(account) ? Array.from({ length: SHARD_COUNT }, (_, i) => shardName(account, i)) : [account];

/**
 * Where a debit of `amount` from a sharded account that may not go negative is taken, given each
 * shard's balance: the first shard from `start` round the ring that holds all of it (so concurrent
 * debits spread over the shards), else the fullest shards in turn. Every part is positive and at
 * most its shard's balance, so no shard and hence no sum goes below zero; null when the shards
 * together hold less than `amount`.
 */
export const splitDebit = (
  balances: readonly Micro[],
  amount: Micro,
  start: number,
): { shard: number; amount: Micro }[] | null => {
  for (let i = 0; i < balances.length; i++) {
    const shard = (start + i) % balances.length;
    if (balances[shard] >= amount) return [{ shard, amount }];
  }
  const parts: { shard: number; amount: Micro }[] = [];
  let left = amount;
  for (const shard of balances.map((_, i) => i).sort((a, b) => balances[b] - balances[a])) {
    if (left === 0 || balances[shard] <= 0) break;
    const part = Math.min(left, balances[shard]);
    parts.push({ shard, amount: part });
    left -= part;
  }
  return left === 0 ? parts : null;
};

/**
 * Only the mirrors of money outside the ledger may be negative: clearing (the payment provider)
 * and adjustments (admin credits beyond what members paid in; its balance is the net of all
 * adjustments, negative when admins granted more than they took back).
 */
export const mayGoNegative = (account: string): boolean =>
  account === accounts.clearing || account === accounts.adjustments;

export interface Posting {
  account: string;
  /** Signed micro-USDT: positive credits the account, negative debits it. */
  amount: Micro;
}

export type TxKind =
  | 'deposit'
  | 'withdraw-hold'
  | 'withdraw-release'
  | 'withdraw-settle'
  | 'plan'
  | 'profit-charge'
  /** Wallet to fuel wallet: the money the profit charge is paid from. */
  | 'fuel'
  | 'bonus'
  /** An admin's signed change of a member's wallet (search profile, edit). */
  | 'adjustment'
  /** The Core pool shared out to Core and Premium Core holders (admin trading profit). */
  | 'core-income';

export interface LedgerTx {
  /** The same key twice is one transaction: the second changes nothing. */
  idempotencyKey: string;
  kind: TxKind;
  postings: Posting[];
}

export class LedgerRuleError extends Error {
  constructor(
    readonly reason: 'unbalanced' | 'not-integer' | 'empty' | 'non-positive' | 'duplicate-account',
    message: string,
  ) {
    super(message);
    this.name = 'LedgerRuleError';
  }
}

/** A single movement of `amount` from one account to another, as two postings. */
export const transfer = (from: string, to: string, amount: Micro): Posting[] => {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new LedgerRuleError('non-positive', `a transfer moves a positive integer amount, not ${amount}`);
  if (from === to) throw new LedgerRuleError('duplicate-account', 'a transfer needs two accounts');
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
};

/** Throws unless the postings are a valid transaction: integers, one per account, sum zero. */
export const assertBalanced = (postings: readonly Posting[]): void => {
  if (postings.length < 2) throw new LedgerRuleError('empty', 'a transaction has at least two postings');
  const seen = new Set<string>();
  let sum = 0;
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0)
      throw new LedgerRuleError('not-integer', `posting amounts are non-zero integers, not ${p.amount}`);
    if (seen.has(p.account))
      throw new LedgerRuleError('duplicate-account', `account ${p.account} posted twice in one transaction`);
    seen.add(p.account);
    sum += p.amount;
  }
  if (sum !== 0) throw new LedgerRuleError('unbalanced', `postings sum to ${sum}, not 0`);
};

/** The debits a transaction needs covered: account -> amount that must be available. */
const requiredFunds = (postings: readonly Posting[]): Map<string, Micro> =>
  new Map(
    postings.filter((p) => p.amount < 0 && !mayGoNegative(p.account)).map((p) => [p.account, -p.amount]),
  );

type ApplyResult =
  | { status: 'applied'; balances: Map<string, Micro> }
  | { status: 'replayed'; balances: Map<string, Micro> }
  | { status: 'insufficient'; account: string; balances: Map<string, Micro> };

/**
 * The reference model of the ledger: applies a transaction to balances (a new map; the input is
 * not changed), refusing it whole when any guarded account would go negative and ignoring a
 * replayed idempotency key. The DynamoDB store implements exactly this with conditions.
 */
export const applyTx = (
  balances: ReadonlyMap<string, Micro>,
  applied: ReadonlySet<string>,
  tx: LedgerTx,
): ApplyResult => {
  assertBalanced(tx.postings);
  const next = new Map(balances);
  if (applied.has(tx.idempotencyKey)) return { status: 'replayed', balances: next };
  for (const [account, needed] of requiredFunds(tx.postings))
    if ((balances.get(account) ?? 0) < needed) return { status: 'insufficient', account, balances: next };
  for (const p of tx.postings) next.set(p.account, (next.get(p.account) ?? 0) + p.amount);
  return { status: 'applied', balances: next };
};

/** The ledger's invariant: all balances together are zero (money is moved, never made or lost). */
export const totalOf = (balances: ReadonlyMap<string, Micro>): Micro =>
  [...balances.values()].reduce((a, b) => a + b, 0);

/** The member a member account belongs to, or null for a platform account. */
export const memberOf = (account: string): string | null => {
  const m = /^member:([^:]+):/.exec(account);
  return m ? m[1] : null;
};
