/**
 * Placing a confirmed member in the referral tree, off the request path. The post-confirmation
 * trigger (auth's admitMember) only writes a pending PLACEMENT item; `processPlacement` does the
 * work and is safe to repeat, resume or run concurrently: the node and its parent slot are taken
 * under conditions, and ancestors are counted in count batches guarded by cursors (countTogether).
 * The local stack drains the pending list with a small poller; in AWS a consumer of the same
 * list (see docs/decisions.md) calls `processPendingPlacements` (functions/team/consumer.ts).
 */
import { nowIso } from '#core/clock';
import { logger } from '#core/logger';
import { newId } from '#core/ids';
import {
  claimCountBatch,
  COUNT_CHUNK,
  finishCountBatch,
  getCountBatch,
  getPlacement,
  listPendingPlacements,
  MAX_BATCH_MEMBERS,
  putPlacementRequest,
  writeCountBatch,
  writeCountChunk,
  writeJoin,
  writeRoot,
  type CountBatch,
  type PlacementItem,
} from './placements/store';
import { ancestorBatch, getNode, getRootId, type NodeItem, type Step } from './store';
import { coalesce, newNode, type Side } from './tree';

const MAX_PLACE_ATTEMPTS = 25;

/** A confirmed member to place: who, under which sponsor and side, and their tree-row details. */
type PlacementRequest = Omit<PlacementItem, 'status' | 'upNext' | 'atSide'>;

/** Queues the placement of a new member (idempotent). */
export const requestPlacement = (request: PlacementRequest): Promise<boolean> => putPlacementRequest(request);

type PlacementOutcome = 'placed' | 'already' | 'waiting' | 'missing';

/** Walks down `side` children from `startId` to the node whose `side` slot is empty. */
const legBottom = async (startId: string, side: Side): Promise<NodeItem> => {
  let node = await getNode(startId);
  for (;;) {
    if (!node) throw new Error(`tree node ${startId} leg is broken`);
    const next = side === 'Left' ? node.left : node.right;
    if (!next) return node;
    node = await getNode(next);
  }
};

const placeNode = async (placement: PlacementItem): Promise<'placed' | 'waiting'> => {
  const base = { email: placement.email, name: placement.name, username: placement.username };
  for (let attempt = 0; attempt < MAX_PLACE_ATTEMPTS; attempt++) {
    if (await getNode(placement.memberId)) return 'placed';
    const rootId = await getRootId();
    if (!rootId) {
      const root: NodeItem = {
        ...newNode(
          placement.memberId,
          { parentId: null, position: null, depth: 0 },
          { sponsorId: null, sponsorSide: null },
        ),
        ...base,
        placedAt: nowIso(),
      };
      if ((await writeRoot(root)) === 'placed') return 'placed';
      continue;
    }
    // the same rule as MemoryTree.plan: no sponsor (or an unknown one) means the root's left leg
    let sponsorId = placement.sponsorId ?? rootId;
    let side: Side = placement.side ?? 'Left';
    if (!(await getNode(sponsorId))) {
      // the sponsor's own placement is still queued: come back after it
      if (placement.sponsorId && (await getPlacement(placement.sponsorId))?.status === 'pending')
        return 'waiting';
      sponsorId = rootId;
      side = 'Left';
    }
    const parent = await legBottom(sponsorId, side);
    const node: NodeItem = {
      ...newNode(
        placement.memberId,
        { parentId: parent.id, position: side, depth: parent.depth + 1 },
        { sponsorId, sponsorSide: side },
      ),
      ...base,
      placedAt: nowIso(),
    };
    if ((await writeJoin(node)) === 'placed') return 'placed';
    // another join took the slot (or another worker placed this member): look again
  }
  throw new Error(`could not place ${placement.memberId} after ${MAX_PLACE_ATTEMPTS} attempts`);
};

/** Counts one placement alone, in cursor-guarded batches from its cursor up to the root. */
const countAncestors = async (memberId: string): Promise<void> => {
  for (;;) {
    const placement = await getPlacement(memberId);
    if (!placement || placement.status !== 'counting' || !placement.upNext || !placement.atSide) return;
    const { batch, next } = await ancestorBatch({ id: placement.upNext, side: placement.atSide });
    // false: someone else moved the cursor first; re-read it and carry on from there
    await writeCountBatch(memberId, batch, next);
  }
};

/**
 * Ancestors one count batch may hold (its item keeps them all: ~40 bytes each, far under
 * DynamoDB's 400 KB). A placement whose own path is longer is counted alone.
 */
const MAX_BATCH_ANCESTORS = 5_000;

/** Writes a count batch's remaining chunks, then marks it and its placements done. */
const runCountBatch = async (start: CountBatch): Promise<void> => {
  let batch: CountBatch | null = start;
  while (batch?.status === 'counting' && batch.cursor < batch.increments.length)
    batch = (await writeCountChunk(batch))
      ? { ...batch, cursor: Math.min(batch.increments.length, batch.cursor + COUNT_CHUNK) }
      : await getCountBatch(batch.batchId); // another worker wrote it: carry on from its cursor
  if (batch?.status === 'counting') await finishCountBatch(batch);
};

/**
 * Counts placed members up the tree together: the ancestor paths of all of them (each node read
 * once), summed per ancestor (tree.ts coalesce), written as ONE update per affected ancestor.
 * Members joining in the same leg share most of their ancestors, so in a burst a join costs a few
 * writes instead of its depth. Placements already in a batch resume it; what does not fit in
 * this batch waits for the next drain.
 */
const countTogether = async (memberIds: string[], attempt = 1): Promise<void> => {
  const placements = (await Promise.all(memberIds.map(getPlacement))).filter(
    (p): p is PlacementItem => p !== null,
  );
  for (const batchId of new Set(placements.map((p) => p.status === 'batched' && p.batchId)))
    if (batchId) {
      const batch = await getCountBatch(batchId);
      if (batch) await runCountBatch(batch);
    }
  const nodes = new Map<string, Promise<NodeItem | null>>();
  const read = (id: string) => {
    if (!nodes.has(id)) nodes.set(id, getNode(id));
    return nodes.get(id)!;
  };
  const claims: { memberId: string; from: Step }[] = [];
  const paths: Step[][] = [];
  const seen = new Set<string>();
  for (const placement of placements) {
    if (placement.status !== 'counting' || !placement.upNext || !placement.atSide) continue;
    const from: Step = { id: placement.upNext, side: placement.atSide };
    const path: Step[] = [];
    for (let at: Step | null = from; at;) {
      path.push(at);
      const node = await read(at.id);
      if (!node) throw new Error(`tree node ${at.id} is missing`);
      at = node.parentId && node.position ? { id: node.parentId, side: node.position } : null;
    }
    if (path.length > MAX_BATCH_ANCESTORS) {
      await countAncestors(placement.memberId);
      continue;
    }
    const added = path.filter((step) => !seen.has(step.id)).length;
    if (seen.size + added > MAX_BATCH_ANCESTORS || claims.length === MAX_BATCH_MEMBERS) break;
    for (const step of path) seen.add(step.id);
    claims.push({ memberId: placement.memberId, from });
    paths.push(path);
  }
  if (!claims.length) return;
  // one placement alone gains nothing from a batch: its own cursor costs two transactions fewer
  if (claims.length === 1) return countAncestors(claims[0].memberId);
  const increments = coalesce(paths);
  const batchId = newId();
  if (await claimCountBatch(batchId, claims, increments))
    await runCountBatch({
      batchId,
      members: claims.map((c) => c.memberId),
      increments: [...increments].map(([id, g]) => [id, g.left, g.right]),
      cursor: 0,
      status: 'counting',
    });
  // another worker claimed one of them first: help finish its batch, and count the rest
  else if (attempt < 5) await countTogether(memberIds, attempt + 1);
};

/** Places one member and counts it up the tree; a repeated call does nothing more. */
export const processPlacement = async (memberId: string): Promise<PlacementOutcome> => {
  const placement = await getPlacement(memberId);
  if (!placement) return 'missing';
  if (placement.status === 'done') return 'already';
  if (placement.status === 'pending' && (await placeNode(placement)) === 'waiting') return 'waiting';
  await countTogether([memberId]);
  return 'placed';
};

/**
 * Drains the pending list (oldest sign-up first): places each member, then counts all of them up
 * the tree in one count batch. What a queue consumer or the local poller calls.
 */
export const processPendingPlacements = async (limit = MAX_BATCH_MEMBERS): Promise<number> => {
  const placed: string[] = [];
  for (const memberId of await listPendingPlacements(limit)) {
    try {
      const placement = await getPlacement(memberId);
      if (placement?.status === 'pending' && (await placeNode(placement)) === 'waiting') continue;
      if (placement && placement.status !== 'done') placed.push(memberId);
    } catch (error) {
      logger.error('placement failed', { memberId, error: (error as Error).message });
    }
  }
  try {
    await countTogether(placed);
  } catch (error) {
    logger.error('counting placements failed', { members: placed.length, error: (error as Error).message });
  }
  return placed.length;
};
