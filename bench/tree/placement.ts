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
import { MAX_BATCH_ANCESTORS, MAX_BATCH_MEMBERS } from '../../functions/team/placement';
import { CLAIM_CHUNK, COUNT_CHUNK } from '../../functions/team/placements/store';
import { coalesce, MemoryTree, writesOf, type Side } from '../../functions/team/tree';

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ROOT_SHARE = Number(process.env.ROOT_SHARE ?? 0.01);

/**
 * Joins counted together in one count batch: 1 is the baseline (each join counts its own path),
 * 99 what one transaction could claim before issue 16, MAX_BATCH_MEMBERS what the consumer gathers
 * over the runs of a burst now. BENCH_DRAINS=1,99,500,1000 to try others.
 */
const DRAINS = (process.env.BENCH_DRAINS ?? `1,10,99,${MAX_BATCH_MEMBERS}`).split(',').map(Number);

/**
 * Item writes per join when the consumer counts `size` joins together (functions/team/placement.ts
 * countPlacements), by the depth each join lands at: the join's own writes (node, parent slot,
 * sponsor's count, direct-referral row, placement request and state: 6) and its share of its
 * batch's: the body and the state (2), each placement claimed (one state update per CLAIM_CHUNK),
 * one update per distinct ancestor (tree.ts coalesce; one state update per COUNT_CHUNK), each
 * placement done and the state (1). A batch closes at `size` joins or MAX_BATCH_ANCESTORS distinct
 * ancestors, as gatherBatch closes it. Size 1 is the baseline: each join counts its own path, with
 * its cursor per 40 ancestors.
 */
class Drains {
  readonly byDepth = new Map<number, { joins: number; writes: number }>();
  private group: { depth: number; path: { id: string; side: Side }[] }[] = [];
  private ancestors = new Set<string>();
  constructor(private readonly size: number) {}

  add(depth: number, path: { id: string; side: Side }[]) {
    if (
      this.size > 1 &&
      this.ancestors.size + path.filter((s) => !this.ancestors.has(s.id)).length > MAX_BATCH_ANCESTORS
    )
      this.flush();
    this.group.push({ depth, path });
    for (const step of path) this.ancestors.add(step.id);
    if (this.group.length === this.size) this.flush();
  }

  flush() {
    const n = this.group.length;
    if (!n) return;
    const a = coalesce(this.group.map((p) => p.path)).size;
    const shared =
      n === 1
        ? a + Math.ceil(a / 40)
        : 2 + n + Math.ceil(n / CLAIM_CHUNK) + a + Math.ceil(a / COUNT_CHUNK) + n + 1;
    for (const { depth } of this.group) {
      const bucket = this.byDepth.get(depth) ?? { joins: 0, writes: 0 };
      bucket.joins += 1;
      bucket.writes += 6 + shared / n;
      this.byDepth.set(depth, bucket);
    }
    this.group = [];
    this.ancestors = new Set();
  }
}

const build = (members: number, seed = 7) => {
  const random = mulberry32(seed);
  const tree = new MemoryTree();
  const ids: string[] = [];
  const byDepth = new Map<number, { joins: number; writes: number }>();
  const drains = DRAINS.map((size) => new Drains(size));
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
    for (const d of drains) d.add(plan.node.depth, plan.increments);
  }
  for (const d of drains) d.flush();
  return { tree, ids, byDepth, drains: drains.map((d) => d.byDepth), ms: performance.now() - started };
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

for (const [name, built] of [
  ['10,000', small],
  ['100,000', large],
] as const) {
  const depth = Math.max(...built.byDepth.keys());
  const buckets = [0, 10, 50, 100, 200, 400, 800, 1600].filter((d) => d <= depth);
  const tables = built.drains;
  console.log(
    `Item writes per join, counted together by the consumer (${name} members, max depth ${depth}); columns: joins per count batch`,
  );
  console.log(
    `${'depth'.padEnd(12)}${'joins'.padStart(8)}${DRAINS.map((d) => `${d === 1 ? '1 (baseline)' : d}`.padStart(14)).join('')}`,
  );
  const range = (t: Map<number, { joins: number; writes: number }>, from: number, to: number) => {
    let joins = 0;
    let writes = 0;
    for (const [d, b] of t)
      if (d >= from && d < to) {
        joins += b.joins;
        writes += b.writes;
      }
    return { joins, writes };
  };
  for (const [i, from] of buckets.entries()) {
    const to = buckets[i + 1] ?? depth + 1;
    const joins = range(tables[0], from, to).joins;
    if (!joins) continue;
    console.log(
      `${`${from}-${to - 1}`.padEnd(12)}${String(joins).padStart(8)}${tables.map((t) => fmt(range(t, from, to).writes / joins).padStart(14)).join('')}`,
    );
  }
  const all = tables.map((t) => range(t, 0, depth + 1));
  console.log(
    `${'all'.padEnd(12)}${String(all[0].joins).padStart(8)}${all.map((a) => fmt(a.writes / a.joins).padStart(14)).join('')}`,
  );
  console.log(
    `ratio vs baseline: ${all.map((a, i) => `${DRAINS[i]}: x${fmt(a.writes / all[0].writes, 3)}`).join('   ')}\n`,
  );
}
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
