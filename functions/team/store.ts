/**
 * The referral tree on DynamoDB. One item per member node (`MEMBER#id / TREE`) carrying its parent,
 * its two child slots and its stored counts and points, so a member's team is one GetItem. A join
 * is a transaction (node, parent slot, sponsor's direct count, direct-referral row, placement
 * cursor) and then one ADD per ancestor, batched with the placement cursor so each ancestor is
 * counted exactly once even when the work is repeated or resumed.
 */
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { db, decodeCursor, encodeCursor, isConditionFailure, keys, tableName } from '#core/db';
import type { Side, TreeNode } from './tree';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface NodeItem extends TreeNode {
  email: string;
  name: string;
  username: string;
  placedAt: string;
}

export interface PlacementItem {
  memberId: string;
  sponsorId: string | null;
  side: Side | null;
  email: string;
  name: string;
  username: string;
  registeredAt: string;
  /** pending: not in the tree yet; counting: placed, ancestors being counted from `cursor`; done. */
  status: 'pending' | 'counting' | 'done';
  /** The next ancestor to count and the leg of it that grew. */
  upNext?: string | null;
  atSide?: Side | null;
}

const stripKeys = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, ...rest } = item;
  return rest as T;
};

const toNode = (item: Record<string, unknown>): NodeItem => {
  const node = stripKeys<NodeItem>(item);
  return { ...node, left: node.left ?? null, right: node.right ?? null };
};

export const getNode = async (memberId: string, consistent = true): Promise<NodeItem | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.treeNode(memberId), ConsistentRead: consistent }),
  );
  return Item ? toNode(Item) : null;
};

export const getRootId = async (): Promise<string | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.treeRoot(), ConsistentRead: true }),
  );
  return (Item?.memberId as string | undefined) ?? null;
};

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
          GSI2PK: keys.pendingPlacements,
          GSI2SK: `${request.registeredAt}#${request.memberId}`,
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

const nodeItem = (node: NodeItem) => {
  const { left, right, ...rest } = node;
  return {
    ...keys.treeNode(node.id),
    // GSI2: every node, for the daily payout's pass over the tree
    GSI2PK: keys.treeNodes,
    GSI2SK: `${node.placedAt}#${node.id}`,
    ...rest,
    ...(left ? { left } : {}),
    ...(right ? { right } : {}),
  };
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

/**
 * Adds to one batch of ancestors (a count of 1, or `points` on the grown leg) and moves the progress
 * item's cursor past them, on the condition that the cursor is still where this batch starts: a
 * repeated or concurrent run of the same batch fails the condition and adds nothing twice. With no
 * `next`, the progress item moves to `finalStatus` (and leaves the pending index).
 */
export const writeUpBatch = async (
  progressKey: { PK: string; SK: string },
  batch: { id: string; side: Side }[],
  next: { id: string; side: Side } | null,
  add: { points: number } | 'count',
  finalStatus: string,
): Promise<boolean> => {
  const field = (side: Side) =>
    add === 'count'
      ? side === 'Left'
        ? 'leftCount'
        : 'rightCount'
      : side === 'Left'
        ? 'leftPoints'
        : 'rightPoints';
  const items: TransactItem[] = batch.map((inc) => ({
    Update: {
      TableName: tableName(),
      Key: keys.treeNode(inc.id),
      UpdateExpression: 'ADD #field :n',
      ExpressionAttributeNames: { '#field': field(inc.side) },
      ExpressionAttributeValues: { ':n': add === 'count' ? 1 : add.points },
    },
  }));
  items.push({
    Update: {
      TableName: tableName(),
      Key: progressKey,
      UpdateExpression: next
        ? 'SET upNext = :next, atSide = :nextSide'
        : 'SET #s = :final, upNext = :next, atSide = :nextSide REMOVE GSI2PK, GSI2SK',
      ConditionExpression: '#s = :counting AND upNext = :at AND atSide = :atSide',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':next': next?.id ?? null,
        ':nextSide': next?.side ?? null,
        ':at': batch[0].id,
        ':atSide': batch[0].side,
        ':counting': 'counting',
        ...(next ? {} : { ':final': finalStatus }),
      },
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

/** Counts one batch of a placement's ancestors (see writeUpBatch). */
export const writeCountBatch = (
  memberId: string,
  batch: { id: string; side: Side }[],
  next: { id: string; side: Side } | null,
): Promise<boolean> => writeUpBatch(keys.placement(memberId), batch, next, 'count', 'done');

export interface DirectReferralRow {
  memberId: string;
  email: string;
  name: string;
  joinedAt: string;
}

/** A sponsor's direct referrals on one side, newest first, paged. */
export const listDirectReferrals = async (
  sponsorId: string,
  side: Side,
  limit: number,
  cursor?: string,
): Promise<{ items: DirectReferralRow[]; cursor?: string }> => {
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.treeNode(sponsorId).PK,
        ':prefix': keys.directReferralPrefix(side),
      },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  return {
    items: Items.map((item) => ({
      memberId: item.memberId as string,
      email: item.email as string,
      name: item.name as string,
      joinedAt: item.joinedAt as string,
    })),
    cursor: encodeCursor(LastEvaluatedKey),
  };
};

/** One page of all tree nodes (GSI2), for the daily payout. */
export const listNodes = async (
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ nodes: NodeItem[]; next?: Record<string, unknown> }> => {
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.treeNodes },
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { nodes: Items.map(toNode), next: LastEvaluatedKey };
};
