import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legBottom, MemoryTree, SIDES, writesOf, type Side, type TreeNode } from '#functions/team/tree';

/** A random sign-up sequence: each joiner picks an earlier member (by index) as sponsor and a side. */
const joins = fc.array(
  fc.record({ sponsor: fc.nat(), side: fc.constantFrom<Side>('Left', 'Right'), points: fc.nat({ max: 5 }) }),
  { minLength: 1, maxLength: 120 },
);

const build = (steps: { sponsor: number; side: Side; points: number }[]) => {
  const tree = new MemoryTree();
  tree.join('m0', null, null);
  const ids = ['m0'];
  steps.forEach((step, i) => {
    const id = `m${i + 1}`;
    tree.join(id, ids[step.sponsor % ids.length], step.side);
    ids.push(id);
  });
  return { tree, ids };
};

const subtree = (tree: MemoryTree, id: string | null): string[] => {
  if (!id) return [];
  const node = tree.get(id)!;
  return [id, ...subtree(tree, node.left), ...subtree(tree, node.right)];
};

describe('binary tree placement', () => {
  it('keeps a valid binary tree with every member reachable from the root', () => {
    fc.assert(
      fc.property(joins, (steps) => {
        const { tree, ids } = build(steps);
        const reachable = subtree(tree, tree.rootId);
        expect(new Set(reachable).size).toBe(reachable.length); // no node twice: a tree, not a graph
        expect(new Set(reachable)).toEqual(new Set(ids));
        for (const node of tree.nodes.values()) {
          if (node.parentId === null) {
            expect(node.id).toBe(tree.rootId);
            continue;
          }
          const parent = tree.get(node.parentId)!;
          // the parent's slot on the node's position holds exactly this node: at most one child a side
          expect(node.position === 'Left' ? parent.left : parent.right).toBe(node.id);
          expect(node.depth).toBe(parent.depth + 1);
        }
      }),
    );
  });

  it('places a sign-up at the bottom of the sponsor’s leg on the chosen side (outermost spill-over)', () => {
    fc.assert(
      fc.property(joins, fc.nat(), fc.constantFrom<Side>('Left', 'Right'), (steps, pick, side) => {
        const { tree, ids } = build(steps);
        const sponsor = ids[pick % ids.length];
        // brute force: the deepest node on the chain of `side` children from the sponsor
        let expected = sponsor;
        for (let next = tree.get(expected)!; ;) {
          const child = side === 'Left' ? next.left : next.right;
          if (!child) break;
          expected = child;
          next = tree.get(child)!;
        }
        const plan = tree.join('new', sponsor, side);
        expect(plan.node.parentId).toBe(expected);
        expect(plan.node.position).toBe(side);
        expect(legBottom(sponsor, side, tree.get)).toBe('new');
      }),
    );
  });

  it('stores counts, direct referrals and points equal to a brute-force recount', () => {
    fc.assert(
      fc.property(joins, (steps) => {
        const { tree, ids } = build(steps);
        const points = new Map<string, number>();
        steps.forEach((step, i) => {
          if (step.points === 0) return;
          tree.addPoints(ids[i + 1], step.points * 1_000_000);
          points.set(ids[i + 1], step.points * 1_000_000);
        });
        for (const node of tree.nodes.values()) {
          for (const side of SIDES) {
            const leg = subtree(tree, side === 'Left' ? node.left : node.right);
            const stored = (field: keyof TreeNode) => node[field] as number;
            expect(stored(side === 'Left' ? 'leftCount' : 'rightCount')).toBe(leg.length);
            expect(stored(side === 'Left' ? 'leftPoints' : 'rightPoints')).toBe(
              leg.reduce((sum, id) => sum + (points.get(id) ?? 0), 0),
            );
            const direct = [...tree.nodes.values()].filter(
              (n) => n.sponsorId === node.id && n.sponsorSide === side,
            ).length;
            expect(stored(side === 'Left' ? 'directLeft' : 'directRight')).toBe(direct);
          }
        }
      }),
    );
  });

  it('writes one node, one parent slot, one direct count and one counter per ancestor', () => {
    fc.assert(
      fc.property(joins, fc.nat(), fc.constantFrom<Side>('Left', 'Right'), (steps, pick, side) => {
        const { tree, ids } = build(steps);
        const plan = tree.join('new', ids[pick % ids.length], side);
        expect(plan.increments).toHaveLength(plan.node.depth);
        expect(writesOf(plan)).toBe(3 + plan.node.depth);
      }),
    );
  });

  it('makes the first member the root and refuses a member twice', () => {
    const tree = new MemoryTree();
    const root = tree.join('root', null, null);
    expect(root.node.parentId).toBeNull();
    expect(writesOf(root)).toBe(1);
    expect(() => tree.join('root', null, null)).toThrow(/already/);
    // a later member without a sponsor goes down the root's left leg
    expect(tree.join('orphan', null, null).node.parentId).toBe('root');
  });
});
