/**
 * The placement consumer run against the test stack's table from this process: repeated,
 * concurrent and resumed runs of the same placement count each ancestor exactly once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join, node } from '../../support/team';
import { useLocalTable } from '../../support/fund';

type Placement = typeof import('#functions/team/placement');
type Store = typeof import('#functions/team/placements/store') & typeof import('#functions/team/store');
let placement: Placement;
let store: Store;

beforeAll(async () => {
  // the handlers' modules read their table from the environment, as in Lambda
  useLocalTable();
  process.env.LOG_LEVEL = 'ERROR';
  placement = await import('#functions/team/placement');
  store = {
    ...(await import('#functions/team/placements/store')),
    ...(await import('#functions/team/store')),
  };
});

/** Every ancestor of `id` (itself first) with its counts: the brute-force view to compare. */
const chain = async (id: string) => {
  const out: { id: string; leftCount: number; rightCount: number; position: string | null }[] = [];
  for (let at: string | null = id; at;) {
    const n: Record<string, unknown> = (await node(at))!;
    out.push({
      id: at,
      leftCount: Number(n.leftCount),
      rightCount: Number(n.rightCount),
      position: (n.position as string | null) ?? null,
    });
    at = (n.parentId as string | null) ?? null;
  }
  return out;
};

/** The chain after one more member joined `side` under the first node of `before`. */
const grown = (before: Awaited<ReturnType<typeof chain>>, side: 'Left' | 'Right') => {
  let leg = side;
  return before.map((n) => {
    const next = {
      ...n,
      [leg === 'Left' ? 'leftCount' : 'rightCount']: n[leg === 'Left' ? 'leftCount' : 'rightCount'] + 1,
    };
    leg = (n.position as 'Left' | 'Right') ?? leg;
    return next;
  });
};

/** A fresh sponsor in the tree whose own placement is done. */
const placedSponsor = async () => {
  const sponsor = await join();
  await expect.poll(async () => (await store.getPlacement(sponsor.id))?.status).toBe('done');
  return sponsor;
};

const request = (memberId: string, sponsorId: string, side: 'Left' | 'Right') => ({
  memberId,
  sponsorId,
  side,
  email: `${memberId}@example.com`,
  name: 'Synthetic Member',
  username: memberId,
  registeredAt: new Date().toISOString(),
});

describe('placement idempotency', () => {
  it('counts a member once however often and however concurrently its placement runs', async () => {
    const sponsor = await placedSponsor();
    const before = await chain(sponsor.id);
    const id = `syn${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    expect(await placement.requestPlacement(request(id, sponsor.id, 'Right'))).toBe(true);
    await Promise.all(Array.from({ length: 5 }, () => placement.processPlacement(id)));
    expect(await placement.processPlacement(id)).toBe('already');
    // a retried trigger queues nothing new
    expect(await placement.requestPlacement(request(id, sponsor.id, 'Right'))).toBe(false);

    expect((await node(id))!.parentId).toBe(sponsor.id);
    expect(await chain(sponsor.id)).toEqual(grown(before, 'Right'));
    expect((await node(sponsor.id))!.directRight).toBe(1);
  });

  it('resumes a placement that stopped half-way up the tree without counting anyone twice', async () => {
    const sponsor = await placedSponsor();
    const before = await chain(sponsor.id);
    const id = `syn${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    await placement.requestPlacement(request(id, sponsor.id, 'Left'));
    // the first worker joins the node and counts only the first ancestor, then "crashes"
    const sponsorNode = (await store.getNode(sponsor.id))!;
    const joined = await store.writeJoin({
      ...(await import('#functions/team/tree')).newNode(
        id,
        { parentId: sponsor.id, position: 'Left', depth: sponsorNode.depth + 1 },
        { sponsorId: sponsor.id, sponsorSide: 'Left' },
      ),
      email: `${id}@example.com`,
      name: 'Synthetic Member',
      username: id,
      placedAt: new Date().toISOString(),
    });
    expect(joined).toBe('placed');
    await store.writeCountBatch(id, [{ id: sponsor.id, side: 'Left' }], {
      id: sponsorNode.parentId!,
      side: sponsorNode.position!,
    });
    // a second worker (and the stack's own poller) pick it up again
    await Promise.all([placement.processPlacement(id), placement.processPlacement(id)]);
    await expect.poll(async () => (await store.getPlacement(id))?.status).toBe('done');
    expect(await chain(sponsor.id)).toEqual(grown(before, 'Left'));
  });

  it('counts a burst of joins drained together exactly once on every ancestor, even when two drains race', async () => {
    const sponsor = await placedSponsor();
    const before = await chain(sponsor.id);
    const sides = ['Left', 'Left', 'Right', 'Left', 'Right', 'Right', 'Left'] as const;
    const ids = sides.map((_, i) => `syn${Date.now().toString(36)}b${i}${Math.floor(Math.random() * 1e6)}`);
    for (const [i, id] of ids.entries()) await placement.requestPlacement(request(id, sponsor.id, sides[i]));
    // two consumers drain at once (and the stack's own poller may take some too)
    await Promise.all([placement.processPendingPlacements(), placement.processPendingPlacements()]);
    for (const id of ids)
      await expect.poll(async () => (await store.getPlacement(id))?.status, { timeout: 30_000 }).toBe('done');
    let expected = before;
    for (const side of sides) expected = grown(expected, side);
    expect(await chain(sponsor.id)).toEqual(expected);
    expect((await node(sponsor.id))!).toMatchObject({ directLeft: 4, directRight: 3 });
  });
});
