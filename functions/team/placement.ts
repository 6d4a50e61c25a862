/**
 * Placing a confirmed member in the referral tree, off the request path. The post-confirmation
 * trigger (auth's admitMember) only writes a pending PLACEMENT item; `processPlacement` does the
 * work and is safe to repeat, resume or run concurrently: the node and its parent slot are taken
 * under conditions, and ancestors are counted in count batches guarded by cursors (countPlacements).
 * The local stack drains the pending list with a small poller; in AWS a consumer of the same
 * list (docs/decisions/team-and-payout.md, "Placement runs off the request path") calls
 * `processPendingPlacements` (functions/team/consumer.ts).
 */
import { nowIso } from '#core/clock';
import { logger } from '#core/logger';
import { newId } from '#core/ids';
import {
  abandonCountBatch,
  claimChunk,
  CLAIM_CHUNK,
  countChunk,
  COUNT_CHUNK,
  createCountBatch,
  finishCountBatch,
  getCountBatch,
  getCountBatchState,
  getPlacement,
  listOpenPlacements,
  putPlacementRequest,
  releaseClaims,
  writeCountBatch,
  writeJoin,
  writeRoot,
  type CountBatch,
  type CountBatchState,
  type PlacementItem,
} from './placements/store';
import { ancestorBatch, bottomField, getNode, getRootId, type NodeItem, type Step } from './store';
import { coalesce, newNode, type Side } from './tree';

const MAX_PLACE_ATTEMPTS = 25;

/** A confirmed member to place: who, under which sponsor and side, and their tree-row details. */
type PlacementRequest = Omit<PlacementItem, 'status' | 'upNext' | 'atSide'>;

/** Queues the placement of a new member (idempotent). */
export const requestPlacement = (request: PlacementRequest): Promise<boolean> => putPlacementRequest(request);

type PlacementOutcome = 'placed' | 'already' | 'waiting' | 'missing';

/**
 * Walks down `side` children from `startId` to the node whose `side` slot is empty. A node on the
 * way that sponsored on `side` knows a node further down (its leg-bottom hint): the walk jumps
 * there, so a sponsor's next join reads a few nodes instead of the whole chain.
 */
const legBottom = async (startId: string, side: Side): Promise<NodeItem> => {
  let node = await getNode(startId);
  for (;;) {
    if (!node) throw new Error(`tree node ${startId} leg is broken`);
    const hint = node[bottomField(side)];
    const next = hint && hint !== node.id ? hint : side === 'Left' ? node.left : node.right;
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
 * Placements one count batch gathers. A burst's joins share the upper part of their paths, so the
 * more a batch holds the fewer writes a join costs (bench/tree: at 100,000 members 99 joins a
 * batch cost 39 item writes a join, 500 about 17).
 */
export const MAX_BATCH_MEMBERS = 500;
/**
 * Ancestors one count batch may hold: its body keeps them all (~45 bytes each, ~225 KB, under
 * DynamoDB's 400 KB item). A placement whose own path is longer is counted alone.
 */
export const MAX_BATCH_ANCESTORS = 5_000;
/** Steps in a row that fail with the state unmoved (transaction conflicts): give up the run. */
const MAX_STEP_FAILURES = 10;

/** Whether every placement of the batch's next claim chunk is still counting from where the batch read it. */
const chunkClaimable = async (batch: CountBatch, claimed: number): Promise<boolean> => {
  const chunk = batch.claims.slice(claimed, claimed + CLAIM_CHUNK);
  const now = await Promise.all(chunk.map((c) => getPlacement(c.memberId)));
  return chunk.every(
    ({ from }, i) =>
      now[i]?.status === 'counting' && now[i]?.upNext === from.id && now[i]?.atSide === from.side,
  );
};

/**
 * Takes a count batch from wherever it stopped to done: claims its placements chunk by chunk,
 * writes its ancestors chunk by chunk, marks it done. Another worker may run the same batch at the
 * same time (each step is conditional on the state it moves from, so each lands once); a
 * placement counted elsewhere before the batch claimed it makes the batch abandon, handing back
 * what it claimed (those are counted again, from where they are, by the next drain).
 */
const runCountBatch = async (batch: CountBatch, from: CountBatchState): Promise<void> => {
  let state: CountBatchState | null = from;
  for (let failures = 0; state && failures < MAX_STEP_FAILURES;) {
    const { status, claimed, cursor }: CountBatchState = state;
    let moved: CountBatchState | null = null;
    if (status === 'claiming') {
      const next = Math.min(batch.claims.length, claimed + CLAIM_CHUNK);
      if (await claimChunk(batch, claimed))
        moved = { status: next === batch.claims.length ? 'counting' : 'claiming', claimed: next, cursor };
      else if (!(await chunkClaimable(batch, claimed)) && (await abandonCountBatch(batch, claimed)))
        moved = { ...state, status: 'abandoned' };
    } else if (status === 'counting' && cursor < batch.increments.length) {
      if (await countChunk(batch, cursor))
        moved = { ...state, cursor: Math.min(batch.increments.length, cursor + COUNT_CHUNK) };
    } else if (status === 'counting') return finishCountBatch(batch);
    else if (status === 'abandoned') return releaseClaims(batch);
    else return; // done
    // a step that did not land: another worker moved the state (carry on from it) or a conflict
    const now: CountBatchState | null = moved ?? (await getCountBatchState(batch.batchId));
    const stuck = !moved && now?.status === status && now.claimed === claimed && now.cursor === cursor;
    failures = stuck ? failures + 1 : 0;
    state = now;
  }
  if (state) throw new Error(`count batch ${batch.batchId} made no progress (${state.status})`);
};

type Counting = PlacementItem & { upNext: string; atSide: Side };

/**
 * The next count batch out of `open`, in order: each placement's path to the root (each node read
 * once per drain, through `read`) while the batch stays within its members and ancestors; a
 * placement whose path alone is over the limit is counted `alone`; the others are left for the
 * next batch (`rest`).
 */
const gatherBatch = async (open: Counting[], read: (id: string) => Promise<NodeItem | null>) => {
  const claims: { memberId: string; from: Step }[] = [];
  const paths: Step[][] = [];
  const alone: string[] = [];
  const seen = new Set<string>();
  let taken = 0;
  for (; taken < open.length && claims.length < MAX_BATCH_MEMBERS; taken++) {
    const placement = open[taken];
    const from: Step = { id: placement.upNext, side: placement.atSide };
    const path: Step[] = [];
    for (let at: Step | null = from; at;) {
      path.push(at);
      const node = await read(at.id);
      if (!node) throw new Error(`tree node ${at.id} is missing`);
      at = node.parentId && node.position ? { id: node.parentId, side: node.position } : null;
    }
    if (path.length > MAX_BATCH_ANCESTORS) {
      alone.push(placement.memberId);
      continue;
    }
    const added = path.filter((step) => !seen.has(step.id)).length;
    if (seen.size + added > MAX_BATCH_ANCESTORS) break;
    for (const step of path) seen.add(step.id);
    claims.push({ memberId: placement.memberId, from });
    paths.push(path);
  }
  return { claims, paths, alone, rest: open.slice(taken) };
};

const isCounting = (p: PlacementItem | null): p is Counting =>
  p?.status === 'counting' && !!p.upNext && !!p.atSide;

/**
 * Counts placed members up the tree together: the ancestor paths of all of them, summed per
 * ancestor (tree.ts coalesce), written as ONE update per affected ancestor in count batches of up
 * to MAX_BATCH_MEMBERS. Batches a stopped run left half-way are taken to the end first. The
 * consumer's counting step (exported for its integration tests).
 */
export const countPlacements = async (memberIds: string[]): Promise<void> => {
  const readAll = async () =>
    (await Promise.all(memberIds.map(getPlacement))).filter((p): p is PlacementItem => p !== null);
  let placements = await readAll();
  const stopped = new Set(
    placements.flatMap((p) => (p.status === 'batched' && p.batchId ? [p.batchId] : [])),
  );
  for (const batchId of stopped) {
    const found = await getCountBatch(batchId);
    if (found) await runCountBatch(found.batch, found.state);
  }
  if (stopped.size) placements = await readAll();

  const nodes = new Map<string, Promise<NodeItem | null>>();
  const read = (id: string) => {
    if (!nodes.has(id)) nodes.set(id, getNode(id));
    return nodes.get(id)!;
  };
  let open = placements.filter(isCounting);
  // one placement alone gains nothing from a batch: its own cursor costs fewer writes
  if (open.length === 1) return countAncestors(open[0].memberId);
  while (open.length) {
    const { claims, paths, alone, rest } = await gatherBatch(open, read);
    for (const memberId of alone) await countAncestors(memberId);
    if (claims.length === 1) await countAncestors(claims[0].memberId);
    else if (claims.length > 1) {
      const batch: CountBatch = {
        batchId: newId(),
        claims,
        increments: [...coalesce(paths)].map(([id, g]) => [id, g.left, g.right]),
      };
      await createCountBatch(batch);
      await runCountBatch(batch, { status: 'claiming', claimed: 0, cursor: 0 });
    }
    open = rest;
  }
};

/** Places one member and counts it up the tree; a repeated call does nothing more. */
export const processPlacement = async (memberId: string): Promise<PlacementOutcome> => {
  const placement = await getPlacement(memberId);
  if (!placement) return 'missing';
  if (placement.status === 'done') return 'already';
  if (placement.status === 'pending' && (await placeNode(placement)) === 'waiting') return 'waiting';
  await countPlacements([memberId]);
  return 'placed';
};

/**
 * Placements one run places at most, and for how long it places (half the schedule's 30 s timeout,
 * leaving the counting its time): the rest of a burst waits for the next run.
 */
const PLACE_PER_RUN = 250;
const PLACE_TIME_BUDGET_MS = 15_000;
/** Open placements one run reads (pending, placed and waiting to be counted, or in a stopped batch). */
const OPEN_LIMIT = 2_000;

/**
 * Whether a run counts what it has placed or leaves it for the next run to gather more: while a
 * burst goes on (this run stopped with sign-ups still to place) counting waits for a full batch;
 * the run that places the last of them counts the rest, so counts are exact once the queue has
 * drained.
 */
export const countsNow = ({ unplacedLeft, counting }: { unplacedLeft: boolean; counting: number }) =>
  !unplacedLeft || counting >= MAX_BATCH_MEMBERS;

/**
 * Drains the open placements (oldest sign-up first): places the pending ones within the run's
 * budget, then counts every placed one up the tree in count batches, or leaves them to the next
 * run while the burst goes on (countsNow). What a queue consumer, the schedule's sweep or the
 * local poller calls. Returns how many members it placed.
 */
export const processPendingPlacements = async (): Promise<number> => {
  const started = Date.now();
  const open = await listOpenPlacements(OPEN_LIMIT);
  let placed = 0;
  let unplacedLeft = open.length === OPEN_LIMIT;
  const toCount: string[] = [];
  for (const memberId of open) {
    try {
      const placement = await getPlacement(memberId);
      if (!placement || placement.status === 'done') continue;
      if (placement.status === 'pending') {
        if (placed === PLACE_PER_RUN || Date.now() - started > PLACE_TIME_BUDGET_MS) {
          unplacedLeft = true;
          continue;
        }
        if ((await placeNode(placement)) === 'waiting') continue;
        placed += 1;
      }
      toCount.push(memberId);
    } catch (error) {
      logger.error('placement failed', { memberId, error: (error as Error).message });
    }
  }
  if (!countsNow({ unplacedLeft, counting: toCount.length })) return placed;
  try {
    await countPlacements(toCount);
  } catch (error) {
    logger.error('counting placements failed', { members: toCount.length, error: (error as Error).message });
  }
  return placed;
};
