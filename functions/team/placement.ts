/**
 * Placing a confirmed member in the referral tree, off the request path. The post-confirmation
 * trigger (auth's admitMember) only writes a pending PLACEMENT item; `processPlacement` does the
 * work and is safe to repeat, resume or run concurrently: the node and its parent slot are taken
 * under conditions, and ancestors are counted in batches guarded by the placement's cursor.
 * The local stack drains the pending list with a small poller; in AWS a consumer of the same
 * list (see docs/decisions.md) calls `processPendingPlacements` (functions/team/consumer.ts).
 */
import { nowIso } from '#core/clock';
import { logger } from '#core/logger';
import {
  getPlacement,
  listPendingPlacements,
  putPlacementRequest,
  writeCountBatch,
  writeJoin,
  writeRoot,
  type PlacementItem,
} from './placements/store';
import { ancestorBatch, getNode, getRootId, type NodeItem } from './store';
import { newNode, type Side } from './tree';

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

/** Counts the new node on every ancestor's leg, from the placement's cursor up to the root. */
const countAncestors = async (memberId: string): Promise<void> => {
  for (;;) {
    const placement = await getPlacement(memberId);
    if (!placement || placement.status !== 'counting' || !placement.upNext || !placement.atSide) return;
    const { batch, next } = await ancestorBatch({ id: placement.upNext, side: placement.atSide });
    // false: someone else moved the cursor first; re-read it and carry on from there
    await writeCountBatch(memberId, batch, next);
  }
};

/** Places one member and counts it up the tree; a repeated call does nothing more. */
export const processPlacement = async (memberId: string): Promise<PlacementOutcome> => {
  const placement = await getPlacement(memberId);
  if (!placement) return 'missing';
  if (placement.status === 'done') return 'already';
  if (placement.status === 'pending' && (await placeNode(placement)) === 'waiting') return 'waiting';
  await countAncestors(memberId);
  return 'placed';
};

/** Drains the pending list (oldest sign-up first); what a queue consumer or the local poller calls. */
export const processPendingPlacements = async (limit = 25): Promise<number> => {
  let placed = 0;
  for (const memberId of await listPendingPlacements(limit)) {
    try {
      if ((await processPlacement(memberId)) === 'placed') placed += 1;
    } catch (error) {
      logger.error('placement failed', { memberId, error: (error as Error).message });
    }
  }
  return placed;
};
