/**
 * Active members in the tree: for random trees and random plan activations, each node's
 * leftActive/rightActive and its per-day leg activation counts equal a brute-force recount
 * (members of the leg counted once, at their first Executive or Imperial activation).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsAsActivation, MemoryTree, SIDES, type Side } from '#functions/team/tree';

const PLANS = ['executive', 'imperial', 'upgrade', 'core', 'premiumCore'] as const;
const DAY0 = Date.UTC(2025, 0, 30);

const scenario = fc.record({
  joins: fc.array(fc.record({ sponsor: fc.nat(), side: fc.constantFrom<Side>('Left', 'Right') }), {
    minLength: 1,
    maxLength: 80,
  }),
  activations: fc.array(
    fc.record({
      member: fc.nat(),
      plan: fc.constantFrom(...PLANS),
      // minutes after DAY0, over about five days (UTC midnight crossings included)
      minute: fc.nat({ max: 5 * 24 * 60 }),
      price: fc.integer({ min: 1, max: 250 }),
    }),
    { maxLength: 80 },
  ),
});

const subtree = (tree: MemoryTree, id: string | null): string[] => {
  if (!id) return [];
  const node = tree.get(id)!;
  return [id, ...subtree(tree, node.left), ...subtree(tree, node.right)];
};

interface Scenario {
  joins: { sponsor: number; side: Side }[];
  activations: { member: number; plan: string; minute: number; price: number }[];
}

const run = ({ joins, activations }: Scenario) => {
  const tree = new MemoryTree();
  tree.join('m0', null, null);
  const ids = ['m0'];
  joins.forEach((step, i) => {
    const id = `m${i + 1}`;
    tree.join(id, ids[step.sponsor % ids.length], step.side);
    ids.push(id);
  });
  // activations happen in time order (the sweep reads the ledger's plan transactions by date)
  const sorted = [...activations].sort((a, b) => a.minute - b.minute);
  const done = sorted.map((a, i) => ({
    txId: `tx${i}`,
    member: ids[a.member % ids.length],
    plan: a.plan,
    amount: a.price * 1_000_000,
    date: new Date(DAY0 + a.minute * 60_000).toISOString(),
  }));
  for (const a of done)
    tree.activate(a.member, { txId: a.txId, plan: a.plan, amount: a.amount, date: a.date });
  return { tree, ids, done };
};

describe('active members in the tree', () => {
  it('stores leftActive/rightActive and day counts equal to a brute-force recount', () => {
    fc.assert(
      fc.property(scenario, (input) => {
        const { tree, done } = run(input);
        // brute force: each member's first membership activation, by time
        const first = new Map<string, string>();
        for (const a of done)
          if ((a.plan === 'executive' || a.plan === 'imperial') && !first.has(a.member))
            first.set(a.member, a.date.slice(0, 10));
        for (const node of tree.nodes.values()) {
          const report = tree.legActivations(node.id, '0000-01-01', '9999-12-31');
          const byDay = new Map<string, { left: number; right: number }>();
          for (const side of SIDES) {
            const leg = subtree(tree, side === 'Left' ? node.left : node.right);
            const active = leg.filter((id) => first.has(id));
            expect(node[side === 'Left' ? 'leftActive' : 'rightActive']).toBe(active.length);
            expect(report[side === 'Left' ? 'left' : 'right']).toBe(active.length);
            for (const id of active) {
              const day = first.get(id)!;
              const counts = byDay.get(day) ?? { left: 0, right: 0 };
              counts[side === 'Left' ? 'left' : 'right'] += 1;
              byDay.set(day, counts);
            }
          }
          const expected = [...byDay]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([day, counts]) => ({ day, ...counts }));
          expect(report.days).toEqual(expected);
        }
      }),
    );
  });

  it('answers a date range with the days inside it only', () => {
    fc.assert(
      fc.property(scenario, fc.nat({ max: 5 }), fc.nat({ max: 5 }), (input, a, b) => {
        const { tree } = run(input);
        const day = (n: number) => new Date(DAY0 + n * 86_400_000).toISOString().slice(0, 10);
        const [from, to] = [day(Math.min(a, b)), day(Math.max(a, b))];
        for (const node of tree.nodes.values()) {
          const all = tree.legActivations(node.id, '0000-01-01', '9999-12-31').days;
          const range = tree.legActivations(node.id, from, to);
          const inside = all.filter((d) => d.day >= from && d.day <= to);
          expect(range.days).toEqual(inside);
          expect(range.left).toBe(inside.reduce((sum, d) => sum + d.left, 0));
          expect(range.right).toBe(inside.reduce((sum, d) => sum + d.right, 0));
        }
      }),
    );
  });

  it('counts a member once: the first membership, and a retry of that same transaction', () => {
    expect(countsAsActivation('executive', 'tx1', null)).toBe(true);
    expect(countsAsActivation('executive', 'tx1', 'tx1')).toBe(true); // the retried first run
    expect(countsAsActivation('imperial', 'tx2', 'tx1')).toBe(false);
    for (const plan of ['upgrade', 'core', 'premiumCore', undefined])
      expect(countsAsActivation(plan, 'tx1', null)).toBe(false);
  });
});
