/**
 * Placements in the referral tree. A confirmed member's `PLACEMENT#id` item is queued (GSI2,
 * sparse, oldest sign-up first) and then moves pending -> counting -> done: a join is one
 * transaction (node, parent slot, sponsor's direct count, direct-referral row, placement cursor),
 * then the member is counted on each ancestor: with the other placements gathered over one or more
 * consumer runs in one count batch (each ancestor written once for all of them), or alone in
 * cursor-guarded batches (the team store's writeUpBatch).
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, keys, stripKeys, tableName, type TransactItem, landed } from '#core/db';
import type { Side } from '../tree';
import { bottomField, nodeItem, TRANSACTION_LIMIT, writeUpBatch, type NodeItem, type Step } from '../store';

export interface PlacementItem {
  memberId: string;
  sponsorId: string | null;
  side: Side | null;
  email: string;
  name: string;
  username: string;
  registeredAt: string;
  /**
   * pending: not in the tree yet; counting: placed, ancestors to count from `upNext`; batched:
   * counted in the count batch `batchId` with other placements (countBatch below); done.
   */
  status: 'pending' | 'counting' | 'batched' | 'done';
  batchId?: string;
  /** The next ancestor to count and the leg of it that grew. */
  upNext?: string | null;
  atSide?: Side | null;
}

export const getPlacement = async (memberId: string): Promise<PlacementItem | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.placement(memberId), ConsistentRead: true }),
  );
  return Item ? stripKeys<PlacementItem>(Item) : null;
};

/** Queues a member's placement once; a repeated request (a retried trigger) changes nothing. */
export const putPlacementRequest = async (
  request: Omit<PlacementItem, 'status' | 'upNext' | 'atSide'>,
): Promise<boolean> => {
  return landed(
    db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.placement(request.memberId),
          ...keys.pendingPlacement(request.registeredAt, request.memberId),
          ...request,
          status: 'pending',
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
};

/**
 * Placements not done yet (pending, counting or batched), oldest sign-up first (GSI2, sparse: a
 * done placement leaves the index).
 */
export const listOpenPlacements = async (limit: number): Promise<string[]> => {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.pendingPlacements },
      Limit: limit,
    }),
  );
  return Items.map((item) => item.memberId as string);
};

/** The first member becomes the root: its node, the root pointer and the placement done, at once. */
export const writeRoot = async (node: NodeItem): Promise<'placed' | 'taken'> => {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.treeRoot(), memberId: node.id },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: nodeItem(node),
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.placement(node.id),
              UpdateExpression: 'SET #s = :done REMOVE GSI2PK, GSI2SK',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':done': 'done' },
            },
          },
        ],
      }),
    );
    return 'placed';
  } catch (error) {
    if (isConditionFailure(error)) return 'taken';
    throw error;
  }
};

/**
 * Puts the node in its parent's empty slot, counts the direct referral and moves the placement to
 * counting, in one transaction. 'conflict' when the slot was taken meanwhile (walk again) or the
 * node already exists (someone else placed it).
 */
export const writeJoin = async (node: NodeItem): Promise<'placed' | 'conflict'> => {
  const parentId = node.parentId!;
  const position = node.position!;
  const sponsorId = node.sponsorId!;
  const sponsorSide = node.sponsorSide!;
  const slot = position === 'Left' ? 'left' : 'right';
  const direct = sponsorSide === 'Left' ? 'directLeft' : 'directRight';
  // the sponsor's direct count and its leg-bottom hint (the new node is the bottom of its leg now)
  const bottom = bottomField(sponsorSide);
  const parentUpdate = (isSponsor: boolean): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.treeNode(parentId),
      UpdateExpression: isSponsor ? 'SET #slot = :id, #bottom = :id ADD #direct :one' : 'SET #slot = :id',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#slot)',
      ExpressionAttributeNames: {
        '#slot': slot,
        ...(isSponsor ? { '#direct': direct, '#bottom': bottom } : {}),
      },
      ExpressionAttributeValues: { ':id': node.id, ...(isSponsor ? { ':one': 1 } : {}) },
    },
  });
  const items: TransactItem[] = [
    {
      Put: { TableName: tableName(), Item: nodeItem(node), ConditionExpression: 'attribute_not_exists(PK)' },
    },
    parentUpdate(parentId === sponsorId),
  ];
  if (parentId !== sponsorId)
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.treeNode(sponsorId),
        UpdateExpression: 'SET #bottom = :id ADD #direct :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#direct': direct, '#bottom': bottom },
        ExpressionAttributeValues: { ':one': 1, ':id': node.id },
      },
    });
  items.push(
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.directReferral(sponsorId, sponsorSide, node.placedAt, node.id),
          memberId: node.id,
          email: node.email,
          name: node.name,
          side: sponsorSide,
          joinedAt: node.placedAt,
        },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.placement(node.id),
        UpdateExpression: 'SET #s = :counting, upNext = :parent, atSide = :side',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':counting': 'counting',
          ':pending': 'pending',
          ':parent': parentId,
          ':side': position,
        },
      },
    },
  );
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return 'placed';
  } catch (error) {
    if (isConditionFailure(error)) return 'conflict';
    throw error;
  }
};

/** Counts one batch of a placement's ancestors (see writeUpBatch). */
export const writeCountBatch = (memberId: string, batch: Step[], next: Step | null): Promise<boolean> =>
  writeUpBatch(keys.placement(memberId), batch, next, 'count', 'done');

/**
 * A count batch: placements whose ancestors are counted together, in two items under
 * `COUNTBATCH#id`. The body (written once, up to ~250 KB) holds each claimed placement with the
 * step its walk started from, and each affected ancestor once with the members added to each of
 * its legs. The state (a few bytes, so each step rewrites only it: DynamoDB bills an update by the
 * item's size) moves claiming -> counting -> done, or claiming -> abandoned when a placement was
 * counted elsewhere before the batch claimed it; `claimed` and `cursor` say how far each got.
 */
export interface CountBatch {
  batchId: string;
  claims: { memberId: string; from: Step }[];
  increments: [id: string, left: number, right: number][];
}

export interface CountBatchState {
  status: 'claiming' | 'counting' | 'done' | 'abandoned';
  /** Placements claimed (moved to `batched` with this batchId), in the order of `claims`. */
  claimed: number;
  /** Increments written, in the order of `increments`. */
  cursor: number;
}

/** Placements claimed per transaction, and ancestors counted per transaction (each with the state). */
export const CLAIM_CHUNK = TRANSACTION_LIMIT - 1;
export const COUNT_CHUNK = TRANSACTION_LIMIT - 1;

/** A state item's three fields (the keys left out: callers compare states whole). */
const toState = ({ status, claimed, cursor }: Record<string, unknown>) =>
  ({ status, claimed, cursor }) as CountBatchState;

/** The batch's body and state in one consistent read (null: no such batch). */
export const getCountBatch = async (
  batchId: string,
): Promise<{ batch: CountBatch; state: CountBatchState } | null> => {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.countBatch(batchId).PK },
      ConsistentRead: true,
    }),
  );
  const body = Items.find((item) => item.SK === keys.countBatch(batchId).SK);
  const state = Items.find((item) => item.SK === keys.countBatchState(batchId).SK);
  if (!body || !state) return null;
  return { batch: stripKeys<CountBatch>(body), state: toState(state) };
};

/** The batch's state alone (a few bytes): what a step that did not land reads to carry on. */
export const getCountBatchState = async (batchId: string): Promise<CountBatchState | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.countBatchState(batchId), ConsistentRead: true }),
  );
  return Item ? toState(Item) : null;
};

/** Writes a new batch's body and its state (claiming, nothing claimed or counted yet). */
export const createCountBatch = async (batch: CountBatch): Promise<void> => {
  const state: CountBatchState = { status: 'claiming', claimed: 0, cursor: 0 };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.countBatch(batch.batchId), ...batch },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.countBatchState(batch.batchId), ...state },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ],
    }),
  );
};

/** The state's update in a step's transaction, on the condition that nobody moved it first. */
const stateStep = (
  batchId: string,
  at: Pick<CountBatchState, 'status'> & Partial<CountBatchState>,
  next: Partial<CountBatchState>,
): TransactItem => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conditions = Object.entries(at).map(([field, value]) => {
    names[`#${field}`] = field;
    values[`:at_${field}`] = value;
    return `#${field} = :at_${field}`;
  });
  const sets = Object.entries(next).map(([field, value]) => {
    names[`#${field}`] = field;
    values[`:to_${field}`] = value;
    return `#${field} = :to_${field}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.countBatchState(batchId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
};

const transact = (items: TransactItem[]): Promise<boolean> =>
  landed(db.send(new TransactWriteCommand({ TransactItems: items })));

/**
 * Claims the next chunk of the batch's placements: each moves from counting to batched on the
 * condition that it is still counting from where the batch's walk started, and the state's
 * `claimed` moves past them (the last chunk also starts the counting). False when another worker
 * claimed the chunk first or one of the placements moved on (the caller reads the state to tell).
 */
export const claimChunk = (batch: CountBatch, claimed: number): Promise<boolean> => {
  const chunk = batch.claims.slice(claimed, claimed + CLAIM_CHUNK);
  const next = claimed + chunk.length;
  return transact([
    stateStep(
      batch.batchId,
      { status: 'claiming', claimed },
      next === batch.claims.length ? { claimed: next, status: 'counting' } : { claimed: next },
    ),
    ...chunk.map(({ memberId, from }): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: keys.placement(memberId),
        UpdateExpression: 'SET #s = :batched, batchId = :batch',
        ConditionExpression: '#s = :counting AND upNext = :at AND atSide = :side',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':batched': 'batched',
          ':batch': batch.batchId,
          ':counting': 'counting',
          ':at': from.id,
          ':side': from.side,
        },
      },
    })),
  ]);
};

/**
 * Writes the batch's next chunk of ancestors (one ADD of both leg counts each) and moves the
 * cursor past them, on the condition that the cursor is still where the chunk starts: a repeated
 * or concurrent run of the same chunk adds nothing twice.
 */
export const countChunk = (batch: CountBatch, cursor: number): Promise<boolean> => {
  const chunk = batch.increments.slice(cursor, cursor + COUNT_CHUNK);
  return transact([
    ...chunk.map(([id, left, right]): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: keys.treeNode(id),
        UpdateExpression: 'ADD leftCount :left, rightCount :right',
        ExpressionAttributeValues: { ':left': left, ':right': right },
      },
    })),
    stateStep(batch.batchId, { status: 'counting', cursor }, { cursor: cursor + chunk.length }),
  ]);
};

/**
 * A counted batch: its placements done (they leave the pending index; each update is safe to
 * repeat), then its state. A stop in between leaves it counting with the cursor at the end, and
 * the next run finishes it again.
 */
export const finishCountBatch = async (batch: CountBatch): Promise<void> => {
  for (let at = 0; at < batch.claims.length; at += TRANSACTION_LIMIT)
    await transact(
      batch.claims.slice(at, at + TRANSACTION_LIMIT).map(({ memberId }): TransactItem => ({
        Update: {
          TableName: tableName(),
          Key: keys.placement(memberId),
          UpdateExpression: 'SET #s = :done REMOVE GSI2PK, GSI2SK',
          ConditionExpression: 'batchId = :batch',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':done': 'done', ':batch': batch.batchId },
        },
      })),
    );
  await transact([
    stateStep(batch.batchId, { status: 'counting', cursor: batch.increments.length }, { status: 'done' }),
  ]);
};

/**
 * Gives a batch up before any ancestor is counted: only a claiming batch can be abandoned, and a
 * claiming batch has counted nothing. False when its state moved meanwhile (it is not abandoned).
 */
export const abandonCountBatch = (batch: CountBatch, claimed: number): Promise<boolean> =>
  transact([stateStep(batch.batchId, { status: 'claiming', claimed }, { status: 'abandoned' })]);

/**
 * Hands an abandoned batch's claimed placements back to counting. Safe to repeat: a placement
 * already handed back, or never claimed, is left as it is.
 */
export const releaseClaims = async (batch: CountBatch): Promise<void> => {
  await Promise.all(
    batch.claims.map(({ memberId }) =>
      transact([
        {
          Update: {
            TableName: tableName(),
            Key: keys.placement(memberId),
            UpdateExpression: 'SET #s = :counting REMOVE batchId',
            ConditionExpression: '#s = :batched AND batchId = :batch',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':counting': 'counting',
              ':batched': 'batched',
              ':batch': batch.batchId,
            },
          },
        },
      ]),
    ),
  );
};
