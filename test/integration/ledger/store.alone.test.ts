/**
 * The ledger store against DynamoDB Local: 200 racing withdrawals and purchases on one wallet
 * never overdraw it, balances equal the sum of their entries, and a replayed key changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalTable } from '../../support/fund';

type Store = typeof import('#functions/ledger/store');
type Ledger = typeof import('#functions/ledger/rules');
let store: Store;
let ledger: Ledger;

beforeAll(async () => {
  useLocalTable();
  store = await import('#functions/ledger/store');
  ledger = await import('#functions/ledger/rules');
});

const fresh = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

describe('ledger store', () => {
  it('credits once for a replayed idempotency key', async () => {
    const m = fresh();
    const { accounts, transfer } = ledger;
    const tx = {
      idempotencyKey: `dep:${m}`,
      kind: 'deposit' as const,
      postings: transfer(accounts.clearing, accounts.member(m, 'wallet'), 5_000_000),
    };
    expect((await store.post({ tx, memberId: m })).status).toBe('applied');
    expect((await store.post({ tx, memberId: m })).status).toBe('replayed');
    expect(await store.getBalance(accounts.member(m, 'wallet'))).toBe(5_000_000);
  });

  it('200 racing withdrawals and purchases on one wallet never overdraw it', async () => {
    const m = fresh();
    const { accounts, transfer } = ledger;
    const wallet = accounts.member(m, 'wallet');
    const funded = 1_000_000_000; // 1000 USDT
    await store.post({
      tx: {
        idempotencyKey: `fund:${m}`,
        kind: 'deposit',
        postings: transfer(accounts.clearing, wallet, funded),
      },
    });

    // 100 holds of 10 and 100 purchases of 20 ask for 3000 USDT out of 1000.
    const ops = Array.from({ length: 200 }, (_, i) =>
      i % 2
        ? {
            idempotencyKey: `h:${m}:${i}`,
            kind: 'withdraw-hold' as const,
            postings: transfer(wallet, accounts.hold(m), 10_000_000),
          }
        : {
            idempotencyKey: `p:${m}:${i}`,
            kind: 'plan' as const,
            postings: transfer(wallet, accounts.revenue, 20_000_000),
          },
    );
    // 50 in flight at a time, all racing for the same wallet (200 at once outran DynamoDB Local's
    // connection backlog on a loaded 2-core machine: the client's 1 s connect limit, not the ledger)
    const results: Awaited<ReturnType<Store['post']>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < ops.length) {
          const i = next++;
          results[i] = await store.post({ tx: ops[i], memberId: m });
        }
      }),
    );
    const applied = ops.filter((_, i) => results[i].status === 'applied');
    expect(results.every((r) => r.status === 'applied' || r.status === 'insufficient')).toBe(true);
    const spent = applied.reduce((s, tx) => s + tx.postings[1].amount, 0);

    const balance = await store.getBalance(wallet);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(funded - spent);
    // the money ran out: every refusal was for lack of funds, and less than 10 USDT is left
    expect(balance).toBeLessThan(10_000_000);

    for (const account of [wallet, accounts.hold(m)]) {
      const { sum } = await store.sumEntries(account);
      expect(sum).toBe(await store.getBalance(account));
    }
  });

  it('a hot platform account spreads over its shards, sums them on read, and is never overdrawn', async () => {
    const m = fresh();
    const { accounts, transfer } = ledger;
    const pool = accounts.corePool;
    const wallet = accounts.member(m, 'wallet');
    await store.post({
      tx: {
        idempotencyKey: `fund:${m}`,
        kind: 'deposit',
        postings: transfer(accounts.clearing, wallet, 50_000_000),
      },
    });
    const before = await store.getBalance(pool);
    // 20 bot profit charges at once, 1..20 micro-USDT each
    const charges = Array.from({ length: 20 }, (_, i) => i + 1);
    const results = await Promise.all(
      charges.map((amount) =>
        store.post({
          tx: {
            idempotencyKey: `charge:${m}:${amount}`,
            kind: 'profit-charge',
            postings: transfer(wallet, pool, amount),
          },
        }),
      ),
    );
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    const credited = charges.reduce((a, b) => a + b, 0);
    expect(await store.getBalance(pool)).toBe(before + credited);
    expect(await store.getBalance(wallet)).toBe(50_000_000 - credited);

    // the whole pool, more than any one shard got, is paid out across shards; then nothing is left
    const all = before + credited;
    const payout = {
      idempotencyKey: `drain:${m}`,
      kind: 'bonus' as const,
      postings: transfer(pool, wallet, all),
    };
    expect((await store.post({ tx: payout })).status).toBe('applied');
    expect((await store.post({ tx: payout })).status).toBe('replayed');
    expect(await store.getBalance(pool)).toBe(0);
    const more = { idempotencyKey: `more:${m}`, kind: 'bonus' as const, postings: transfer(pool, wallet, 1) };
    expect(await store.post({ tx: more })).toEqual({ status: 'insufficient', account: pool });
    expect(await store.getBalance(wallet)).toBe(50_000_000 - credited + all);
    expect((await store.sumEntries(pool)).sum).toBe(0);
  });
});
