import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accounts,
  applyTx,
  assertBalanced,
  LedgerRuleError,
  mayGoNegative,
  SHARD_COUNT,
  splitDebit,
  totalOf,
  transfer,
  type LedgerTx,
} from '#functions/ledger/rules';

const members = ['a', 'b', 'c'];

/** One movement of the wallet domain, as the services build them. */
const movement = fc.oneof(
  fc.record({
    op: fc.constant('deposit' as const),
    m: fc.constantFrom(...members),
    amount: fc.integer({ min: 1, max: 1e9 }),
    wallet: fc.constantFrom('wallet' as const, 'wallet1' as const),
  }),
  fc.record({
    op: fc.constant('hold' as const),
    m: fc.constantFrom(...members),
    amount: fc.integer({ min: 1, max: 1e9 }),
    wallet: fc.constantFrom('wallet' as const, 'wallet1' as const),
  }),
  fc.record({
    op: fc.constant('release' as const),
    m: fc.constantFrom(...members),
    amount: fc.integer({ min: 1, max: 1e9 }),
    wallet: fc.constantFrom('wallet' as const, 'wallet1' as const),
  }),
  fc.record({
    op: fc.constant('settle' as const),
    m: fc.constantFrom(...members),
    amount: fc.integer({ min: 1, max: 1e9 }),
    wallet: fc.constantFrom('wallet' as const, 'wallet1' as const),
  }),
  fc.record({
    op: fc.constant('purchase' as const),
    m: fc.constantFrom(...members),
    amount: fc.constantFrom(180e6, 250e6, 20e6, 100e6),
    wallet: fc.constantFrom('wallet' as const, 'wallet1' as const),
  }),
);

type Movement = typeof movement extends fc.Arbitrary<infer T> ? T : never;

const toTx = (mv: Movement, key: string): LedgerTx => {
  const w = accounts.member(mv.m, mv.wallet);
  const hold = accounts.hold(mv.m);
  switch (mv.op) {
    case 'deposit':
      return { idempotencyKey: key, kind: 'deposit', postings: transfer(accounts.clearing, w, mv.amount) };
    case 'hold':
      return { idempotencyKey: key, kind: 'withdraw-hold', postings: transfer(w, hold, mv.amount) };
    case 'release':
      return { idempotencyKey: key, kind: 'withdraw-release', postings: transfer(hold, w, mv.amount) };
    case 'settle':
      return {
        idempotencyKey: key,
        kind: 'withdraw-settle',
        postings: transfer(hold, accounts.clearing, mv.amount),
      };
    case 'purchase':
      return { idempotencyKey: key, kind: 'plan', postings: transfer(w, accounts.revenue, mv.amount) };
  }
};

/** Runs a sequence through the model; some keys repeat (replays) by drawing them from a small pool. */
const run = (steps: { mv: Movement; key: number }[]) => {
  let balances = new Map<string, number>();
  const applied = new Set<string>();
  const results = [];
  for (const { mv, key } of steps) {
    const tx = toTx(mv, `k${key}`);
    const before = balances;
    const r = applyTx(balances, applied, tx);
    if (r.status === 'applied') applied.add(tx.idempotencyKey);
    results.push({ r, before, tx });
    balances = r.balances;
  }
  return { balances, results };
};

const steps = fc.array(fc.record({ mv: movement, key: fc.integer({ min: 0, max: 60 }) }), { maxLength: 120 });

describe('ledger rules', () => {
  it('for any sequence of movements the ledger sums to zero', () => {
    fc.assert(
      fc.property(steps, (s) => {
        const { balances, results } = run(s);
        expect(totalOf(balances)).toBe(0);
        for (const { r } of results) expect(totalOf(r.balances)).toBe(0);
      }),
    );
  });

  it('no guarded balance is ever negative', () => {
    fc.assert(
      fc.property(steps, (s) => {
        for (const { r } of run(s).results)
          for (const [account, balance] of r.balances)
            if (!mayGoNegative(account)) expect(balance).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a replayed idempotency key changes nothing, and a refused transaction changes nothing', () => {
    fc.assert(
      fc.property(steps, (s) => {
        for (const { r, before } of run(s).results)
          if (r.status !== 'applied') expect(r.balances).toEqual(before);
      }),
    );
  });

  it('an applied transaction moves exactly its postings', () => {
    fc.assert(
      fc.property(steps, (s) => {
        for (const { r, before, tx } of run(s).results) {
          if (r.status !== 'applied') continue;
          for (const p of tx.postings)
            expect(r.balances.get(p.account)).toBe((before.get(p.account) ?? 0) + p.amount);
        }
      }),
    );
  });

  it('refuses unbalanced, fractional, empty and self transfers', () => {
    expect(() =>
      assertBalanced([
        { account: 'x', amount: 5 },
        { account: 'y', amount: -4 },
      ]),
    ).toThrow(LedgerRuleError);
    expect(() =>
      assertBalanced([
        { account: 'x', amount: 0.5 },
        { account: 'y', amount: -0.5 },
      ]),
    ).toThrow(LedgerRuleError);
    expect(() => assertBalanced([])).toThrow(LedgerRuleError);
    expect(() => transfer('x', 'x', 1)).toThrow(LedgerRuleError);
    expect(() => transfer('x', 'y', 0)).toThrow(LedgerRuleError);
    expect(() => transfer('x', 'y', -3)).toThrow(LedgerRuleError);
  });

  it('a withdrawal larger than the wallet is refused whole', () => {
    const w = accounts.member('a', 'wallet');
    let r = applyTx(new Map(), new Set(), {
      idempotencyKey: 'd',
      kind: 'deposit',
      postings: transfer(accounts.clearing, w, 10),
    });
    r = applyTx(r.balances, new Set(['d']), {
      idempotencyKey: 'h',
      kind: 'withdraw-hold',
      postings: transfer(w, accounts.hold('a'), 11),
    });
    expect(r.status).toBe('insufficient');
    expect(r.balances.get(w)).toBe(10);
  });

  it('a debit of a sharded account takes only what its shards hold, and all of it or nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: SHARD_COUNT, maxLength: SHARD_COUNT }),
        fc.integer({ min: 1, max: 9e9 }),
        fc.nat(SHARD_COUNT - 1),
        (balances, amount, start) => {
          const parts = splitDebit(balances, amount, start);
          const held = balances.reduce((a, b) => a + b, 0);
          if (parts === null) {
            expect(held).toBeLessThan(amount);
            return;
          }
          expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(amount);
          expect(new Set(parts.map((p) => p.shard)).size).toBe(parts.length);
          for (const p of parts) {
            expect(p.amount).toBeGreaterThan(0);
            expect(p.amount).toBeLessThanOrEqual(balances[p.shard]);
          }
          // one shard whenever one shard holds it all
          if (balances.some((b) => b >= amount)) expect(parts).toHaveLength(1);
        },
      ),
    );
  });
});
