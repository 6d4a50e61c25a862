/**
 * Deep legs on the test stack's table, driven from this process. Count batches: a burst of joins larger than
 * one transaction is counted in ONE batch (each ancestor written once), a batch stopped half-way
 * through its claims resumes, and a batch that finds one of its placements counted elsewhere
 * abandons and hands the others back; every ancestor ends up counted exactly once. Leg walks: a
 * sponsor's next join starts from the last node it sponsored on that side, not from the top.
 *
 * The synthetic members join one chain down a fresh sponsor's Right leg (only the sponsor's own
 * Right sign-ups could land there), and their placement items stay off the pending list, so the
 * stack's own poller leaves them to this test.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { join, node } from '../../support/team';
import { useLocalTable } from '../../support/fund';

type Placement = typeof import('#functions/team/placement');
type Store = typeof import('#functions/team/placements/store');
type Db = typeof import('#core/db');
let placement: Placement;
let store: Store;
let core: Db;

beforeAll(async () => {
  // the handlers' modules read their table from the environment, as in Lambda
  useLocalTable();
  process.env.LOG_LEVEL = 'ERROR';
  placement = await import('#functions/team/placement');
  store = await import('#functions/team/placements/store');
  core = await import('#core/db');
});

/** Faults injected at the table client (removed after each test). */
const injected: string[] = [];
afterEach(() => {
  for (const name of injected.splice(0)) core.db.middlewareStack.remove(name);
});

type Input = { TransactItems?: { Update?: { Key?: { SK?: string }; UpdateExpression?: string } }[] };
/** A count batch's claim: a transaction that moves its state's `claimed`. */
const isClaim = (input: Input) =>
  !!input.TransactItems?.some(
    (item) => item.Update?.Key?.SK === 'STATE' && item.Update.UpdateExpression?.includes('#claimed ='),
  );

/** Runs `after` once the `nth` claim transaction has landed (and before its caller hears of it). */
const afterClaim = (nth: number, after: () => Promise<void>) => {
  const name = `after-claim-${nth}-${injected.length}`;
  injected.push(name);
  let seen = 0;
  core.db.middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      if (isClaim(args.input as Input) && ++seen === nth) await after();
      return out;
    },
    { step: 'initialize', name },
  );
};

const counts = async (id: string) => {
  const n = (await node(id))!;
  return { left: Number(n.leftCount), right: Number(n.rightCount) };
};

/**
 * The sponsor and its ancestors (itself first) with their counts and the leg of each that holds the
 * sponsor's Right leg (the sponsor's own Right, then the side each ancestor reached it by).
 */
const upward = async (id: string) => {
  const out: { id: string; left: number; right: number; leg: 'Left' | 'Right' }[] = [];
  let leg: 'Left' | 'Right' = 'Right';
  for (let at: string | null = id; at;) {
    const n: Record<string, unknown> = (await node(at))!;
    out.push({ id: at, left: Number(n.leftCount), right: Number(n.rightCount), leg });
    leg = n.position as 'Left' | 'Right';
    at = (n.parentId as string | null) ?? null;
  }
  return out;
};

/** A pending placement under `sponsorId` on the Right that the stack's poller does not list. */
const offListPlacement = (id: string, sponsorId: string, at = new Date().toISOString()) =>
  core.db.send(
    new PutCommand({
      TableName: core.tableName(),
      Item: {
        ...core.keys.placement(id),
        memberId: id,
        sponsorId,
        side: 'Right',
        email: `${id}@example.com`,
        name: 'Synthetic Member',
        username: id,
        registeredAt: at,
        status: 'pending',
      },
    }),
  );

/**
 * `size` members joined one under the other down the sponsor's Right leg (placed, not yet
 * counted), returned in join order.
 */
const chainOf = async (size: number) => {
  const sponsor = await join();
  await expect.poll(async () => (await store.getPlacement(sponsor.id))?.status).toBe('done');
  const { newNode } = await import('#functions/team/tree');
  const sponsorNode = (await node(sponsor.id))!;
  const tag = `syn${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const ids = Array.from({ length: size }, (_, i) => `${tag}c${String(i).padStart(3, '0')}`);
  for (const [i, id] of ids.entries()) {
    const at = new Date().toISOString();
    await offListPlacement(id, sponsor.id, at);
    const joined = await store.writeJoin({
      ...newNode(
        id,
        {
          parentId: i ? ids[i - 1] : sponsor.id,
          position: 'Right',
          depth: Number(sponsorNode.depth) + 1 + i,
        },
        { sponsorId: sponsor.id, sponsorSide: 'Right' },
      ),
      email: `${id}@example.com`,
      name: 'Synthetic Member',
      username: id,
      placedAt: at,
    });
    expect(joined).toBe('placed');
  }
  return { sponsor, ids, before: await upward(sponsor.id) };
};

/** What the sponsor's path must read once `size` members joined its Right leg, counted once. */
const expectCounted = async (chain: Awaited<ReturnType<typeof chainOf>>) => {
  const { sponsor, ids, before } = chain;
  // each ancestor's leg towards the chain grew by all of them
  const expected = before.map((n) =>
    n.leg === 'Left' ? { ...n, left: n.left + ids.length } : { ...n, right: n.right + ids.length },
  );
  expect(await upward(sponsor.id)).toEqual(expected);
  // down the chain: each member has the ones after it on its Right
  for (const i of [0, 1, Math.floor(ids.length / 2), ids.length - 1])
    expect(await counts(ids[i])).toEqual({ left: 0, right: ids.length - 1 - i });
  for (const id of ids) expect((await store.getPlacement(id))?.status).toBe('done');
};

describe('count batches', () => {
  it('counts a burst of 110 joins in ONE batch, claimed over two transactions, each ancestor once', async () => {
    const chain = await chainOf(110);
    const name = 'count-item-writes';
    injected.push(name);
    let written = 0;
    core.db.middlewareStack.add(
      (next) => async (args) => {
        written += (args.input as Input).TransactItems?.length ?? 0;
        return next(args);
      },
      { step: 'initialize', name },
    );
    await placement.countPlacements(chain.ids);
    await expectCounted(chain);
    const batchIds = new Set(
      await Promise.all(chain.ids.map(async (id) => (await store.getPlacement(id))?.batchId)),
    );
    expect(batchIds.size).toBe(1);
    const [batchId] = batchIds;
    const found = (await store.getCountBatch(batchId!))!;
    // the sponsor's ancestors and the chain itself, each once
    expect(found.batch.increments).toHaveLength(chain.before.length + chain.ids.length - 1);
    expect(found.state).toEqual({ status: 'done', claimed: 110, cursor: found.batch.increments.length });
    // what bench/tree's model charges a batch: body and state, each claim and a state update per
    // 99, each ancestor once and a state update per 99, each placement done and the state
    const ancestors = found.batch.increments.length;
    expect(written).toBe(2 + 110 + 2 + ancestors + Math.ceil(ancestors / 99) + 110 + 1);
  });

  it('resumes a batch that stopped between its two claims, counting nobody twice', async () => {
    const chain = await chainOf(105);
    afterClaim(1, async () => {
      throw Object.assign(new Error('the worker stopped'), { name: 'TimeoutError' });
    });
    await expect(placement.countPlacements(chain.ids)).rejects.toThrow('the worker stopped');
    const claimed = await Promise.all(chain.ids.map(async (id) => (await store.getPlacement(id))?.status));
    expect(claimed.filter((s) => s === 'batched')).toHaveLength(store.CLAIM_CHUNK);
    expect(await counts(chain.sponsor.id)).toEqual({
      left: chain.before[0].left,
      right: chain.before[0].right,
    });

    await placement.countPlacements(chain.ids);
    await expectCounted(chain);
  });

  it('abandons a batch whose later placement was counted alone meanwhile; the next drain counts the rest once', async () => {
    const chain = await chainOf(104);
    const late = chain.ids[101]; // in the second claim chunk
    afterClaim(1, async () => {
      // another worker counts it alone before the batch reaches it
      expect(await placement.processPlacement(late)).toBe('placed');
    });
    await placement.countPlacements(chain.ids);
    const batchId = (await store.getPlacement(chain.ids[0]))?.batchId;
    expect(batchId).toBeUndefined(); // handed back
    expect((await store.getPlacement(chain.ids[0]))?.status).toBe('counting');
    expect((await store.getPlacement(late))?.status).toBe('done');

    await placement.countPlacements(chain.ids);
    await expectCounted(chain);
  });
});

describe('leg walks', () => {
  it("places a sponsor's next join at the bottom of a long leg reading a few nodes, not the leg", async () => {
    const chain = await chainOf(40);
    const id = `${chain.ids[0].slice(0, -4)}next`;
    await offListPlacement(id, chain.sponsor.id);
    const name = 'count-node-reads';
    injected.push(name);
    let nodeReads = 0;
    core.db.middlewareStack.add(
      (next) => async (args) => {
        const key = (args.input as { Key?: { SK?: string } }).Key;
        if (key?.SK === 'TREE' && (args.input as { ConsistentRead?: boolean }).ConsistentRead) nodeReads += 1;
        return next(args);
      },
      { step: 'initialize', name },
    );
    await placement.processPlacement(id);
    expect((await node(id))!.parentId).toBe(chain.ids[chain.ids.length - 1]);
    // is it placed yet, the sponsor, then the walk: the sponsor and its hint (the chain's last
    // node, whose Right is free); counting reads the path up: the new node's depth
    expect(nodeReads).toBe(4 + Number((await node(id))!.depth));
  });
});

describe('when a drain counts', () => {
  it('waits for a full batch only while the burst is still being placed', () => {
    expect(placement.countsNow({ unplacedLeft: false, counting: 1 })).toBe(true);
    expect(placement.countsNow({ unplacedLeft: true, counting: 499 })).toBe(false);
    expect(placement.countsNow({ unplacedLeft: true, counting: placement.MAX_BATCH_MEMBERS })).toBe(true);
  });
});
