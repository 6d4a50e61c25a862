/**
 * The referral tree's pure rules at scale (functions/team/tree.ts): place 10,000 and 100,000
 * members, print the writes a join costs against the depth it lands at, and compare reading a
 * member's team from the stored counts with the baseline "recount": walking the member's subtree.
 *
 *   npx tsx bench/tree/placement.ts
 *
 * Sign-ups are realistic rather than worst-case: most sponsors are recent members (a growing
 * network), each picks Left or Right at random, and 1% of sign-ups come from the root's own
 * link (ROOT_SHARE). A seeded PRNG makes runs comparable. The DynamoDB Local half of the bench
 * (the store code, the daily payout) is dynamodb.ts beside this file.
 */
import { MemoryTree, writesOf, type Side } from '../../functions/team/tree';

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ROOT_SHARE = Number(process.env.ROOT_SHARE ?? 0.01);

const build = (members: number, seed = 7) => {
  const random = mulberry32(seed);
  const tree = new MemoryTree();
  const ids: string[] = [];
  const byDepth = new Map<number, { joins: number; writes: number }>();
  const started = performance.now();
  for (let i = 0; i < members; i++) {
    const id = `m${i}`;
    let sponsor: string | null = null;
    if (i > 0) {
      const recent = Math.min(ids.length, 500);
      sponsor = random() < ROOT_SHARE ? ids[0] : ids[ids.length - 1 - Math.floor(random() * recent)];
    }
    const side: Side = random() < 0.5 ? 'Left' : 'Right';
    const plan = tree.join(id, sponsor, side);
    ids.push(id);
    const bucket = byDepth.get(plan.node.depth) ?? { joins: 0, writes: 0 };
    bucket.joins += 1;
    bucket.writes += writesOf(plan);
    byDepth.set(plan.node.depth, bucket);
  }
  return { tree, ids, byDepth, ms: performance.now() - started };
};

/** The baseline: a member's left and right team by walking the subtree (what stored counts avoid). */
const recount = (tree: MemoryTree, id: string): [number, number] => {
  const size = (start: string | null): number => {
    let n = 0;
    const stack = start ? [start] : [];
    while (stack.length) {
      const node = tree.get(stack.pop()!)!;
      n += 1;
      if (node.left) stack.push(node.left);
      if (node.right) stack.push(node.right);
    }
    return n;
  };
  const node = tree.get(id)!;
  return [size(node.left), size(node.right)];
};

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

const small = build(10_000);
const large = build(100_000);
const maxDepth = Math.max(...large.byDepth.keys());

console.log('Writes per join against the depth the member lands at (100,000 members)');
console.log(
  'depth bucket     joins     writes/join   (node + parent slot + sponsor count + one per ancestor)',
);
const step = Math.max(1, Math.ceil((maxDepth + 1) / 12));
for (let from = 0; from <= maxDepth; from += step) {
  let joins = 0;
  let writes = 0;
  for (let d = from; d < from + step; d++) {
    const b = large.byDepth.get(d);
    if (b) {
      joins += b.joins;
      writes += b.writes;
    }
  }
  if (joins)
    console.log(
      `${`${from}-${from + step - 1}`.padEnd(16)} ${String(joins).padStart(6)}     ${fmt(writes / joins).padStart(8)}`,
    );
}
const totalWrites = [...large.byDepth.values()].reduce((s, b) => s + b.writes, 0);
console.log(`max depth ${maxDepth}; mean writes per join ${fmt(totalWrites / 100_000)}\n`);

console.log('Placing members on the pure rules');
console.log(
  `  10,000: ${fmt(small.ms)} ms   100,000: ${fmt(large.ms)} ms   ratio ${fmt(large.ms / small.ms, 2)} (10x members)`,
);

// Reading a member's team: stored counts (O(1)) against the recount baseline, on the same members.
const random = mulberry32(11);
const sample = Array.from({ length: 2_000 }, () => large.ids[Math.floor(random() ** 3 * large.ids.length)]);
let check = 0;
let t = performance.now();
for (const id of sample) {
  const node = large.tree.get(id)!;
  check += node.leftCount + node.rightCount;
}
const storedMs = performance.now() - t;
t = performance.now();
let recounted = 0;
for (const id of sample) {
  const [l, r] = recount(large.tree, id);
  recounted += l + r;
}
const recountMs = performance.now() - t;
if (check !== recounted) throw new Error(`stored counts ${check} differ from the recount ${recounted}`);
console.log('\nReading 2,000 members’ team counts at 100,000 members (same answers checked)');
console.log(
  `  stored counts: ${fmt(storedMs, 2)} ms   baseline recount: ${fmt(recountMs)} ms   baseline/stored ${fmt(recountMs / Math.max(storedMs, 0.001), 0)}x`,
);
