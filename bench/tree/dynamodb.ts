/**
 * The referral tree on DynamoDB Local: the store code itself, not the pure rules.
 *
 *   npx tsx bench/tree/dynamodb.ts          (npm run bench:tree runs placement.ts, then this)
 *
 * 1. Placement: BENCH_MEMBERS (1,500) sign-ups through functions/team/placement.ts
 *    (`requestPlacement`, then `processPlacement`, what the team consumer runs). Every request the
 *    code sends is counted (a middleware on the table client), per join, and printed by the depth
 *    the member lands at: items written, transactions, reads and time. Baselines of the same run:
 *    the pure rule's writes for the same join (`writesOf`, functions/team/tree.ts, which the
 *    store must match up to a constant) and the time of one bare one-item TransactWriteItems.
 *    Each node the store wrote is checked against the pure rules' node (same parent, side, depth).
 *    Sponsors: 3% the root, a quarter a dozen early "leaders" (long legs: spill-over), a third a
 *    recent member, the rest anyone; sides at random; a seeded PRNG.
 * 2. The daily payout (functions/team/payoutRun.ts `runDailyPayout`: the day's shards, four at a
 *    time in this process, as the local stack runs them) over trees of 100,000 and 1,000,000
 *    nodes (BENCH_PAYOUT_SIZES). The trees follow the pure rules (MemoryTree, the bench model of
 *    placement.ts, 65% of members buying Executive or Imperial, their price added up the tree),
 *    built in O(n) by buildTree (checked against MemoryTree itself on 10,000 members), placed
 *    evenly from 2026-01-01 to an hour ago (so each shard holds its share) and written by
 *    BatchWriteItem, batch by batch: node items and member items as the store writes them. The
 *    baseline is a bare loop over the same table: the same pages of nodes, one GetItem per node
 *    and one one-item TransactWriteItems per node with matched points: the least I/O a payout can
 *    do; over the first BENCH_BARE_SAMPLE (100,000) nodes of a larger tree, compared per node.
 *    The payout's result is checked (every matched node paid or consumed, revenue down by the
 *    pure rule's bonuses).
 *
 * DynamoDB Local runs in memory (-inMemory) on BENCH_DYNAMO_PORT (5529): on disk it spends most of
 * a write in SQLite's sync (about 4x slower per transaction here), which would measure the disk,
 * and 200,000 items would take a quarter of an hour to load.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { assertJava, dynamoClient, ensureTable } from '../../local/dynamodb';
import { stopChild, waitFor } from '../../local/process';
import { DeleteTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { MemoryTree, writesOf, type Side, type TreeNode } from '../../functions/team/tree';

const PORT = Number(process.env.BENCH_DYNAMO_PORT ?? 5529);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1500);
const SIZES = (process.env.BENCH_PAYOUT_SIZES ?? '100000,1000000').split(',').map(Number);
const DAY = '2026-01-02';

const mulberry32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const SIDE_OF = ['Left', 'Right'] as const;
/** The bare loop's nodes at most: the first BENCH_BARE_SAMPLE (100,000) in GSI2 order. */
const BARE_SAMPLE = Number(process.env.BENCH_BARE_SAMPLE ?? 100_000);
const nodeId = (i: number) => `n${String(i).padStart(7, '0')}`;

/**
 * The payout bench's network of `size` members (seeded by the size): member i's sponsor (1% the
 * root, else one of the 500 latest), side (0 Left, 1 Right) and plan (0 none, 1 Executive,
 * 2 Imperial: 35% each).
 */
const network = (size: number) => {
  const r = mulberry32(size);
  const sponsor = new Int32Array(size).fill(-1);
  const side = new Uint8Array(size);
  const plan = new Uint8Array(size);
  for (let i = 0; i < size; i++) {
    if (i > 0) sponsor[i] = r() < 0.01 ? 0 : i - 1 - Math.floor(r() * Math.min(i, 500));
    side[i] = r() < 0.5 ? 0 : 1;
    const x = r();
    plan[i] = x < 0.35 ? 0 : x < 0.7 ? 1 : 2;
  }
  return { size, sponsor, side, plan };
};

/**
 * The tree MemoryTree builds from `network` (join each member, then addPoints its plan's price),
 * in O(n): the leg bottom per (node, side) kept by a union-find whose root is the bottom (a new
 * node under the bottom becomes the root, path compression on lookup), and counts and points
 * summed in one pass in reverse join order (children join after their parents) instead of one
 * climb per member. The bench checks it against MemoryTree itself on 10,000 members.
 */
const buildTree = (net: ReturnType<typeof network>, priceOf: (plan: number) => number) => {
  const n = net.size;
  const parent = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  const child = [new Int32Array(n).fill(-1), new Int32Array(n).fill(-1)];
  const direct = [new Int32Array(n), new Int32Array(n)];
  const bottom = [new Int32Array(n), new Int32Array(n)];
  const find = (s: number, v: number) => {
    const up = bottom[s];
    let b = v;
    while (up[b] !== b) b = up[b];
    while (up[v] !== b) {
      const next = up[v];
      up[v] = b;
      v = next;
    }
    return b;
  };
  for (let i = 0; i < n; i++) {
    bottom[0][i] = i;
    bottom[1][i] = i;
    if (i === 0) continue;
    const s = net.side[i];
    const p = find(s, net.sponsor[i]);
    parent[i] = p;
    depth[i] = depth[p] + 1;
    child[s][p] = i;
    bottom[s][p] = i;
    direct[s][net.sponsor[i]] += 1;
  }
  const count = [new Int32Array(n), new Int32Array(n)];
  const points = [new Float64Array(n), new Float64Array(n)];
  for (let i = n - 1; i > 0; i--) {
    const s = net.side[i];
    count[s][parent[i]] += 1 + count[0][i] + count[1][i];
    points[s][parent[i]] += priceOf(net.plan[i]) + points[0][i] + points[1][i];
  }
  const idOr = (i: number) => (i < 0 ? null : nodeId(i));
  /** Node i as MemoryTree holds it (the same fields, in newNode's order). */
  const node = (i: number): TreeNode => ({
    id: nodeId(i),
    parentId: idOr(parent[i]),
    position: i ? SIDE_OF[net.side[i]] : null,
    depth: depth[i],
    sponsorId: idOr(net.sponsor[i]),
    sponsorSide: i ? SIDE_OF[net.side[i]] : null,
    left: idOr(child[0][i]),
    right: idOr(child[1][i]),
    leftCount: count[0][i],
    rightCount: count[1][i],
    directLeft: direct[0][i],
    directRight: direct[1][i],
    leftPoints: points[0][i],
    rightPoints: points[1][i],
    leftActive: 0,
    rightActive: 0,
  });
  return { node, points };
};

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const int = (n: number) => n.toLocaleString('en-US');

const startInMemory = async () => {
  assertJava();
  const cwd = join(
    dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')),
    'emulator',
  );
  const child = spawn(
    'java',
    [
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(PORT),
      '-inMemory',
      '-sharedDb',
      '-disableTelemetry',
    ],
    { cwd, stdio: 'ignore' },
  );
  await waitFor('DynamoDB Local', child, () =>
    dynamoClient(PORT)
      .send(new ListTablesCommand({}))
      .then(() => true),
  );
  return child;
};

/** What the code sent since the last reset: items written, transactions, reads. */
const sent = { writes: 0, transactions: 0, reads: 0 };
const reset = () => Object.assign(sent, { writes: 0, transactions: 0, reads: 0 });

const main = async () => {
  const dynamo = await startInMemory();
  try {
    Object.assign(process.env, {
      AWS_REGION: 'local',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME: 'placement',
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'ERROR',
    });
    await ensureTable(PORT, 'placement');
    const { db, keys } = await import('../../functions/core/db');
    const { requestPlacement, processPlacement } = await import('../../functions/team/placement');
    const { getNode } = await import('../../functions/team/store');
    const { runDailyPayout, dailyLimitOf } = await import('../../functions/team/payoutRun');
    const { binaryPayout } = await import('../../functions/team/payout');
    const { post, getBalance } = await import('../../functions/ledger/store');
    const { accounts, transfer } = await import('../../functions/ledger/rules');
    const { config } = await import('../../functions/core/config');

    db.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as {
          TransactItems?: unknown[];
          RequestItems?: Record<string, unknown[]>;
        };
        // the table client's own command names (the document client's commands run through it)
        switch (context.commandName) {
          case 'TransactWriteItemsCommand':
            sent.transactions += 1;
            sent.writes += input.TransactItems?.length ?? 0;
            break;
          case 'PutItemCommand':
          case 'UpdateItemCommand':
          case 'DeleteItemCommand':
            sent.writes += 1;
            break;
          case 'GetItemCommand':
          case 'QueryCommand':
            sent.reads += 1;
            break;
        }
        return next(args);
      },
      { step: 'initialize', name: 'benchCounter' },
    );

    // ---------- the baseline for time: one bare one-item transaction ----------
    const bareTx = async (n: number) => {
      const started = performance.now();
      for (let i = 0; i < n; i++)
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: 'placement',
                  Key: { PK: 'BENCH', SK: `TX#${i % 50}` },
                  UpdateExpression: 'ADD n :one',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
      return (performance.now() - started) / n;
    };
    await bareTx(50); // warm-up
    const txMs = await bareTx(300);

    // ---------- 1. placement through the store ----------
    const random = mulberry32(7);
    const tree = new MemoryTree();
    const ids: string[] = [];
    const byDepth = new Map<
      number,
      { joins: number; writes: number; pure: number; tx: number; reads: number; ms: number }
    >();
    const placeStarted = performance.now();
    for (let i = 0; i < MEMBERS; i++) {
      const id = `m${String(i).padStart(6, '0')}`;
      let sponsor: string | null = null;
      if (i > 0) {
        const x = random();
        if (x < 0.03) sponsor = ids[0];
        else if (x < 0.28) sponsor = ids[Math.min(ids.length - 1, Math.floor(random() ** 2 * 12))];
        else if (x < 0.63) sponsor = ids[ids.length - 1 - Math.floor(random() * Math.min(ids.length, 100))];
        else sponsor = ids[Math.floor(random() * ids.length)];
      }
      const side: Side = random() < 0.5 ? 'Left' : 'Right';
      const expected = tree.join(id, sponsor, side);
      reset();
      const started = performance.now();
      await requestPlacement({
        memberId: id,
        sponsorId: sponsor,
        side: sponsor ? side : null,
        email: `${id}@bench.local`,
        name: `Bench ${i}`,
        username: id,
        registeredAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      });
      const outcome = await processPlacement(id);
      const ms = performance.now() - started;
      if (outcome !== 'placed') throw new Error(`${id}: ${outcome}`);
      const counted = { ...sent };
      const stored = await getNode(id);
      if (
        stored?.parentId !== expected.node.parentId ||
        stored.position !== expected.node.position ||
        stored.depth !== expected.node.depth
      )
        throw new Error(
          `${id} was placed at ${JSON.stringify(stored)}, the pure rules say ${JSON.stringify(expected.node)}`,
        );
      ids.push(id);
      const bucket = byDepth.get(expected.node.depth) ?? {
        joins: 0,
        writes: 0,
        pure: 0,
        tx: 0,
        reads: 0,
        ms: 0,
      };
      bucket.joins += 1;
      bucket.writes += counted.writes;
      bucket.pure += writesOf(expected);
      bucket.tx += counted.transactions;
      bucket.reads += counted.reads;
      bucket.ms += ms;
      byDepth.set(expected.node.depth, bucket);
    }
    const placeSeconds = (performance.now() - placeStarted) / 1000;
    // the stored counts at the root agree with the pure tree
    const root = (await getNode(ids[0]))!;
    const pureRoot = tree.get(ids[0])!;
    if (root.leftCount !== pureRoot.leftCount || root.rightCount !== pureRoot.rightCount)
      throw new Error(
        `root counts ${root.leftCount}/${root.rightCount}, pure ${pureRoot.leftCount}/${pureRoot.rightCount}`,
      );

    const maxDepth = Math.max(...byDepth.keys());
    console.log(
      `Placement through functions/team/placement.ts on DynamoDB Local: ${int(MEMBERS)} members in ${fmt(placeSeconds, 0)} s, max depth ${maxDepth}`,
    );
    console.log(
      `baselines: the pure rule's writes for the same join (writesOf); one bare 1-item TransactWriteItems = ${fmt(txMs, 2)} ms`,
    );
    console.log(
      'depth       joins   item writes/join   pure writes/join   store/pure   transactions/join   reads/join   ms/join   ms/join vs 1-item tx',
    );
    const step = Math.max(1, Math.ceil((maxDepth + 1) / 10));
    for (let from = 0; from <= maxDepth; from += step) {
      const sum = { joins: 0, writes: 0, pure: 0, tx: 0, reads: 0, ms: 0 };
      for (let d = from; d < from + step; d++) {
        const b = byDepth.get(d);
        if (b) for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += b[k];
      }
      if (!sum.joins) continue;
      const per = (v: number) => v / sum.joins;
      console.log(
        `${`${from}-${from + step - 1}`.padEnd(10)} ${String(sum.joins).padStart(6)}   ${fmt(per(sum.writes)).padStart(16)}   ${fmt(per(sum.pure)).padStart(16)}   ${`x${fmt(sum.writes / sum.pure, 2)}`.padStart(10)}   ${fmt(per(sum.tx)).padStart(17)}   ${fmt(per(sum.reads)).padStart(10)}   ${fmt(per(sum.ms)).padStart(7)}   ${`x${fmt(per(sum.ms) / txMs)}`.padStart(20)}`,
      );
    }
    const all = [...byDepth.values()].reduce(
      (s, b) => ({
        joins: s.joins + b.joins,
        writes: s.writes + b.writes,
        pure: s.pure + b.pure,
        ms: s.ms + b.ms,
      }),
      { joins: 0, writes: 0, pure: 0, ms: 0 },
    );
    console.log(
      `all        ${String(all.joins).padStart(6)}   ${fmt(all.writes / all.joins).padStart(16)}   ${fmt(all.pure / all.joins).padStart(16)}   ${`x${fmt(all.writes / all.pure, 2)}`.padStart(10)}${''.padStart(37)}${fmt(all.ms / all.joins).padStart(7)}   ${`x${fmt(all.ms / all.joins / txMs)}`.padStart(20)}\n`,
    );

    // ---------- 2. the daily payout over 100k and 1M nodes ----------
    const priceOf = (plan: number) =>
      plan === 1 ? config.plans.executive.price : plan === 2 ? config.plans.imperial.price : 0;
    {
      // the fast build (O(n)) must give MemoryTree's nodes: checked on 10,000 members, every field
      const size = 10_000;
      const net = network(size);
      const fast = buildTree(net, priceOf);
      const pure = new MemoryTree();
      for (let i = 0; i < size; i++) {
        pure.join(nodeId(i), i ? nodeId(net.sponsor[i]) : null, SIDE_OF[net.side[i]]);
        if (net.plan[i]) pure.addPoints(nodeId(i), priceOf(net.plan[i]));
      }
      for (let i = 0; i < size; i++) {
        const expected = pure.get(nodeId(i))!;
        const got = fast.node(i);
        const fields = Object.keys(expected) as (keyof TreeNode)[];
        if (Object.keys(got).length !== fields.length || fields.some((k) => got[k] !== expected[k]))
          throw new Error(
            `fast tree ${JSON.stringify(got)} differs from MemoryTree ${JSON.stringify(expected)}`,
          );
      }
    }
    const progress = (message: string) =>
      process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);
    const results: {
      nodes: number;
      paying: number;
      bareNodes: number;
      bareMatched: number;
      bare: number;
      payout: number;
      build: number;
      load: number;
    }[] = [];
    for (const size of SIZES) {
      const table = `payout${size}`;
      await ensureTable(PORT, table);
      process.env.TABLE_NAME = table;
      const buildStarted = performance.now();
      const net = network(size);
      const tree = buildTree(net, priceOf);
      const build = (performance.now() - buildStarted) / 1000;
      // placed evenly from 2026-01-01 to an hour ago: the day's shards (equal in time up to now)
      // get equal shares of the nodes, as in a network that has grown until today
      const firstAt = Date.UTC(2026, 0, 1);
      const spacing = Math.floor((Date.now() - 3_600_000 - firstAt) / size);
      const placedAtOf = (i: number) => new Date(firstAt + i * spacing).toISOString();
      const flagsOf = (i: number) => ({
        isActive: net.plan[i] !== 0,
        isSilver: net.plan[i] === 1,
        isGold: net.plan[i] === 2,
      });
      let paying = 0;
      let bonuses = 0;
      for (let i = 0; i < size; i++) {
        const result = binaryPayout({
          leftPoints: tree.points[0][i],
          rightPoints: tree.points[1][i],
          dailyLimit: dailyLimitOf(flagsOf(i)),
          rate: config.referral.binaryBonusRate,
        });
        if (result.matched > 0) paying += 1;
        bonuses += result.bonus;
      }
      // items 2i (the node) and 2i + 1 (the member), made batch by batch, never all at once
      const itemOf = (k: number): Record<string, unknown> => {
        const i = k >> 1;
        const id = nodeId(i);
        const placedAt = placedAtOf(i);
        if (k % 2 === 0) {
          const { left, right, ...rest } = tree.node(i);
          return {
            ...keys.treeNode(id),
            GSI2PK: keys.treeNodes,
            GSI2SK: `${placedAt}#${id}`,
            ...rest,
            ...(left ? { left } : {}),
            ...(right ? { right } : {}),
            email: `${id}@bench.local`,
            name: `Bench ${i}`,
            username: id,
            placedAt,
          };
        }
        const flags = flagsOf(i);
        return {
          ...keys.member(id),
          id,
          email: `${id}@bench.local`,
          name: `Bench ${i}`,
          username: id,
          phone: '',
          country: 'IN',
          rank: 1,
          sponsor: null,
          sponsorId: i ? nodeId(net.sponsor[i]) : null,
          side: i ? SIDE_OF[net.side[i]] : null,
          registeredAt: placedAt,
          ...flags,
          activatedAt: flags.isActive ? placedAt : null,
          expiresAt: null,
          wallet: 0,
          wallet1: 0,
          fuelwallet: 0,
          bots: {},
        };
      };
      progress(`${int(size)} nodes built in ${fmt(build)} s (${int(paying)} matched); loading`);
      const loadStarted = performance.now();
      const itemCount = 2 * size;
      let nextBatch = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (nextBatch * 25 < itemCount) {
            const from = nextBatch++ * 25;
            let pending = Array.from({ length: Math.min(25, itemCount - from) }, (_, k) => ({
              PutRequest: { Item: itemOf(from + k) },
            }));
            while (pending.length) {
              const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
              pending = (out.UnprocessedItems?.[table] ?? []) as typeof pending;
            }
          }
        }),
      );
      const load = (performance.now() - loadStarted) / 1000;
      // the revenue account pays the bonuses: fund it as the plan purchases would have
      await post({
        tx: {
          idempotencyKey: 'bench-revenue',
          kind: 'deposit',
          postings: transfer(accounts.clearing, accounts.revenue, bonuses + 1_000_000),
        },
      });

      // the baseline: the same pages, one GetItem per node, one 1-item transaction per matched
      // node; over the first BARE_SAMPLE nodes (GSI2 order) of a larger tree, timed per node
      const bareNodes = Math.min(size, BARE_SAMPLE);
      progress(`loaded in ${fmt(load)} s; bare loop over ${int(bareNodes)} nodes`);
      let started = performance.now();
      let start: Record<string, unknown> | undefined;
      let visited = 0;
      let bareMatched = 0;
      do {
        const page = await db.send(
          new QueryCommand({
            TableName: table,
            IndexName: 'GSI2',
            KeyConditionExpression: 'GSI2PK = :pk',
            ExpressionAttributeValues: { ':pk': keys.treeNodes },
            Limit: 200,
            ExclusiveStartKey: start,
          }),
        );
        for (const item of (page.Items ?? []).slice(0, bareNodes - visited)) {
          await db.send(new GetCommand({ TableName: table, Key: keys.member(item.id as string) }));
          if (Math.min(item.leftPoints as number, item.rightPoints as number) > 0) {
            bareMatched += 1;
            await db.send(
              new TransactWriteCommand({
                TransactItems: [
                  {
                    Update: {
                      TableName: table,
                      Key: keys.treeNode(item.id as string),
                      UpdateExpression: 'SET benchDay = :day',
                      ExpressionAttributeValues: { ':day': DAY },
                    },
                  },
                ],
              }),
            );
          }
          visited += 1;
        }
        start = page.LastEvaluatedKey;
      } while (start && visited < bareNodes);
      const bare = (performance.now() - started) / 1000;

      progress(`bare loop ${fmt(bare)} s; payout`);
      const revenueBefore = await getBalance(accounts.revenue);
      started = performance.now();
      const totals = await runDailyPayout(DAY);
      const payout = (performance.now() - started) / 1000;
      const paid = revenueBefore - (await getBalance(accounts.revenue));
      if (totals.failed || totals.paid + totals.consumed !== paying || paid !== bonuses)
        throw new Error(
          `payout over ${size}: ${JSON.stringify(totals)}, ${paying} matched nodes, paid ${paid} of ${bonuses}`,
        );
      progress(`payout ${fmt(payout)} s: ${JSON.stringify(totals)}`);
      results.push({ nodes: size, paying, bareNodes, bareMatched, bare, payout, build, load });
      // free DynamoDB Local's memory before the next size
      await dynamoClient(PORT).send(new DeleteTableCommand({ TableName: table }));
    }

    console.log(
      `Daily payout (runDailyPayout) on DynamoDB Local: ${process.env.PAYOUT_SHARDS ?? 16} shards, 4 at a time in-process`,
    );
    console.log(
      `baseline "bare loop": the same pages of nodes, GetItem per node, a 1-item TransactWriteItems per matched node; over the first ${int(BARE_SAMPLE)} nodes (GSI2 order) of larger trees`,
    );
    console.log(
      'nodes       matched   bare loop (nodes, matched)       bare/node   payout     payout/node   payout/bare per node   (build, load by BatchWrite)',
    );
    const per = (seconds: number, nodes: number) => (seconds * 1000) / nodes;
    for (const r of results)
      console.log(
        `${int(r.nodes).padEnd(10)} ${int(r.paying).padStart(8)}   ${`${fmt(r.bare)} s (${int(r.bareNodes)}, ${int(r.bareMatched)})`.padStart(30)}   ${`${fmt(per(r.bare, r.bareNodes), 2)} ms`.padStart(9)}   ${`${fmt(r.payout)} s`.padStart(8)}   ${`${fmt(per(r.payout, r.nodes), 2)} ms`.padStart(11)}   ${`x${fmt(per(r.payout, r.nodes) / per(r.bare, r.bareNodes), 2)}`.padStart(20)}   (${fmt(r.build)} s, ${fmt(r.load)} s)`,
      );
    if (results.length >= 2) {
      const [a, b] = [results[0], results[results.length - 1]];
      console.log(
        `\n${int(b.nodes)} vs ${int(a.nodes)} nodes (x${fmt(b.nodes / a.nodes, 0)}): payout x${fmt(b.payout / a.payout, 2)}, matched nodes x${fmt(b.paying / a.paying, 2)}; per node: payout x${fmt(per(b.payout, b.nodes) / per(a.payout, a.nodes), 2)}, bare loop x${fmt(per(b.bare, b.bareNodes) / per(a.bare, a.bareNodes), 2)}`,
      );
    }
  } finally {
    await stopChild(dynamo);
  }
};

await main();
