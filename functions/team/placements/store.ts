/**
 * Placements in the referral tree. A confirmed member's `PLACEMENT#id` item is queued (GSI2,
 * sparse, oldest sign-up first) and then moves pending -> counting -> done: a join is one
 * transaction (node, parent slot, sponsor's direct count, direct-referral row, placement cursor),
 * then the member is counted on each ancestor: with the other placements drained at the same time
 * in one count batch (each ancestor written once for all of them), or alone in cursor-guarded
 * batches (the team store's writeUpBatch).
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, keys, stripKeys, tableName, type TransactItem } from '#core/db';
import type { LegGrowth, Side } from '../tree';
import { nodeItem, writeUpBatch, type NodeItem, type Step } from '../store';

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
  try {
    await db.send(
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
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Pending placements, oldest sign-up first (GSI2, sparse: a done placement leaves the index). */
export const listPendingPlacements = async (limit: number): Promise<string[]> => {
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
  const parentUpdate = (alsoDirect: boolean): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.treeNode(parentId),
      UpdateExpression: alsoDirect ? 'SET #slot = :id ADD #direct :one' : 'SET #slot = :id',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#slot)',
      ExpressionAttributeNames: { '#slot': slot, ...(alsoDirect ? { '#direct': direct } : {}) },
      ExpressionAttributeValues: { ':id': node.id, ...(alsoDirect ? { ':one': 1 } : {}) },
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
        UpdateExpression: 'ADD #direct :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#direct': direct },
        ExpressionAttributeValues: { ':one': 1 },
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
 * A count batch: placements whose ancestors are counted together. `increments` holds each affected
 * ancestor once, with the members added to each of its legs; `cursor` is how many are written.
 */
export interface CountBatch {
  batchId: string;
  members: string[];
  increments: [id: string, left: number, right: number][];
  cursor: number;
  status: 'counting' | 'done';
}

/** Ancestors updated per transaction (plus the batch's cursor: under DynamoDB's 100). */
export const COUNT_CHUNK = 90;
/** Placements claimed by one batch (plus the batch item: DynamoDB's 100 items per transaction). */
export const MAX_BATCH_MEMBERS = 99;

export const getCountBatch = async (batchId: string): Promise<CountBatch | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.countBatch(batchId), ConsistentRead: true }),
  );
  return Item ? stripKeys<CountBatch>(Item) : null;
};

/**
 * Creates a count batch and moves its placements from counting to batched in one transaction, on
 * the condition that each is still counting from where its walk started: false when another worker
 * moved one first (nothing is written; the next drain looks again).
 */
export const claimCountBatch = async (
  batchId: string,
  claims: { memberId: string; from: Step }[],
  increments: Map<string, LegGrowth>,
): Promise<boolean> => {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.countBatch(batchId),
          batchId,
          members: claims.map((c) => c.memberId),
          increments: [...increments].map(([id, g]) => [id, g.left, g.right]),
          cursor: 0,
          status: 'counting',
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...claims.map(({ memberId, from }): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: keys.placement(memberId),
        UpdateExpression: 'SET #s = :batched, batchId = :batch',
        ConditionExpression: '#s = :counting AND upNext = :at AND atSide = :side',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':batched': 'batched',
          ':batch': batchId,
          ':counting': 'counting',
          ':at': from.id,
          ':side': from.side,
        },
      },
    })),
  ];
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * Writes the batch's next chunk of ancestors (one ADD of both leg counts each) and moves its cursor
 * past them, on the condition that the cursor is still where the chunk starts: a repeated or
 * concurrent run of the same chunk adds nothing twice.
 */
export const writeCountChunk = async (batch: CountBatch): Promise<boolean> => {
  const chunk = batch.increments.slice(batch.cursor, batch.cursor + COUNT_CHUNK);
  const items: TransactItem[] = chunk.map(([id, left, right]) => ({
    Update: {
      TableName: tableName(),
      Key: keys.treeNode(id),
      UpdateExpression: 'ADD leftCount :left, rightCount :right',
      ExpressionAttributeValues: { ':left': left, ':right': right },
    },
  }));
  items.push({
    Update: {
      TableName: tableName(),
      Key: keys.countBatch(batch.batchId),
      UpdateExpression: 'SET #cursor = :next',
      ConditionExpression: '#cursor = :at',
      ExpressionAttributeNames: { '#cursor': 'cursor' },
      ExpressionAttributeValues: { ':at': batch.cursor, ':next': batch.cursor + chunk.length },
    },
  });
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** Marks a fully counted batch and its placements done (they leave the pending index); safe to repeat. */
export const finishCountBatch = async (batch: CountBatch): Promise<void> => {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.countBatch(batch.batchId),
        UpdateExpression: 'SET #s = :done',
        ConditionExpression: '#cursor = :all',
        ExpressionAttributeNames: { '#s': 'status', '#cursor': 'cursor' },
        ExpressionAttributeValues: { ':done': 'done', ':all': batch.increments.length },
      },
    },
    ...batch.members.map((memberId): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: keys.placement(memberId),
        UpdateExpression: 'SET #s = :done REMOVE GSI2PK, GSI2SK',
        ConditionExpression: 'batchId = :batch',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':done': 'done', ':batch': batch.batchId },
      },
    })),
  ];
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};
