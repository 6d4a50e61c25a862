/** Admin balance adjustments against the ledger's reference model, for any sequence of changes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustmentTx } from '#functions/admin/adjustment';
import { accounts, applyTx, totalOf } from '#functions/ledger/rules';

const members = ['a', 'b'];
const change = fc.record({
  m: fc.constantFrom(...members),
  amount: fc.integer({ min: -1e9, max: 1e9 }).filter((n) => n !== 0),
  request: fc.integer({ min: 0, max: 30 }),
});

describe('admin adjustments', () => {
  it('credit and debit the wallet against platform:adjustments; a debit beyond the balance changes nothing', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 60 }), (changes) => {
        let balances = new Map<string, number>();
        const applied = new Set<string>();
        const expected = new Map<string, number>(members.map((m) => [m, 0]));
        for (const c of changes) {
          const { tx, display } = adjustmentTx(c.m, `req-${c.request}`, c.amount);
          expect(display).toEqual({
            type: c.amount > 0 ? 'Admin Credit' : 'Admin Debit',
            amount: c.amount,
            wallet: 'wallet',
          });
          const before = expected.get(c.m)!;
          const result = applyTx(balances, applied, tx);
          if (applied.has(tx.idempotencyKey)) expect(result.status).toBe('replayed');
          else if (before + c.amount < 0) {
            expect(result).toMatchObject({ status: 'insufficient', account: accounts.member(c.m, 'wallet') });
            expect(result.balances).toEqual(balances);
          } else {
            expect(result.status).toBe('applied');
            expected.set(c.m, before + c.amount);
            applied.add(tx.idempotencyKey);
          }
          balances = result.balances;
        }
        for (const m of members)
          expect(balances.get(accounts.member(m, 'wallet')) ?? 0).toBe(expected.get(m));
        // money is moved, never made: the adjustments account mirrors what members received
        expect(totalOf(balances)).toBe(0);
        const granted = [...expected.values()].reduce((a, b) => a + b, 0);
        expect((balances.get(accounts.adjustments) ?? 0) + granted).toBe(0);
      }),
    );
  });
});
