/**
 * The referral tree on DynamoDB. One item per member node (`MEMBER#id / TREE`) carrying its parent,
 * its two child slots and its stored counts and points, so a member's team is one GetItem. A join
 * is a transaction (node, parent slot, sponsor's direct count, direct-referral row, placement
 * cursor) and then one ADD per ancestor, batched with the placement cursor so each ancestor is
 * counted exactly once even when the work is repeated or resumed.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  db,
  decodeCursor,
  encodeCursor,
  isConditionFailure,
  keys,
  queryAll,
  queryPage,
  tableName,
  type TransactItem,
} from '#core/db';
import { activeField, countField, dayField, pointsField, type Side, type TreeNode } from './tree';

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
  return {
    ...node,
    left: node.left ?? null,
    right: node.right ?? null,
    leftActive: node.leftActive ?? 0,
    rightActive: node.rightActive ?? 0,
  };
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

/** DynamoDB's limit on the items of one transaction. */
const TRANSACTION_LIMIT = 100;

/**
 * What one batch adds to each ancestor: a member count of 1, or an activation's points on the grown
 * leg; `activeDay` set when the activation is its buyer's first membership (one active member on
 * the leg, and one in the ancestor's `LEGACT#day` counts).
 */
export type UpAdd = 'count' | { points: number; activeDay?: string };

/** Items written per ancestor for `add` (the batch size must keep the transaction under 100). */
export const itemsPerAncestor = (add: UpAdd): number => (add !== 'count' && add.activeDay ? 2 : 1);

/**
 * Adds to one batch of ancestors (see UpAdd) and moves the progress item's cursor past them, on the
 * condition that the cursor is still where this batch starts: a repeated or concurrent run of the
 * same batch fails the condition and adds nothing twice. With no `next`, the progress item moves to
 * `finalStatus` (and leaves the pending index).
 */
export const writeUpBatch = async (
  progressKey: { PK: string; SK: string },
  batch: { id: string; side: Side }[],
  next: { id: string; side: Side } | null,
  add: UpAdd,
  finalStatus: string,
): Promise<boolean> => {
  if (batch.length * itemsPerAncestor(add) + 1 > TRANSACTION_LIMIT)
    throw new Error(`a batch of ${batch.length} ancestors is over the transaction limit`);
  const items: TransactItem[] = batch.flatMap((inc): TransactItem[] => {
    if (add === 'count')
      return [
        {
          Update: {
            TableName: tableName(),
            Key: keys.treeNode(inc.id),
            UpdateExpression: 'ADD #field :n',
            ExpressionAttributeNames: { '#field': countField(inc.side) },
            ExpressionAttributeValues: { ':n': 1 },
          },
        },
      ];
    if (!add.activeDay)
      return [
        {
          Update: {
            TableName: tableName(),
            Key: keys.treeNode(inc.id),
            UpdateExpression: 'ADD #field :n',
            ExpressionAttributeNames: { '#field': pointsField(inc.side) },
            ExpressionAttributeValues: { ':n': add.points },
          },
        },
      ];
    return [
      {
        Update: {
          TableName: tableName(),
          Key: keys.treeNode(inc.id),
          UpdateExpression: 'ADD #field :n, #active :one',
          ExpressionAttributeNames: { '#field': pointsField(inc.side), '#active': activeField(inc.side) },
          ExpressionAttributeValues: { ':n': add.points, ':one': 1 },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: keys.legActivationDay(inc.id, add.activeDay),
          UpdateExpression: 'SET #day = :day ADD #side :one',
          ExpressionAttributeNames: { '#day': 'day', '#side': dayField(inc.side) },
          ExpressionAttributeValues: { ':day': add.activeDay, ':one': 1 },
        },
      },
    ];
  });
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

/**
 * Claims a member's first-activation marker (`MEMBER#id / ACTIVATED`) for transaction `txId` and
 * returns the transaction that holds it: `txId` when this one is (or already was) the first, so a
 * retried run of the first activation still knows it was the first.
 */
export const claimFirstActivation = async (memberId: string, txId: string, day: string): Promise<string> => {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.firstActivation(memberId), memberId, txId, day },
        ConditionExpression: 'attribute_not_exists(PK) OR txId = :tx',
        ExpressionAttributeValues: { ':tx': txId },
      }),
    );
    return txId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.firstActivation(memberId), ConsistentRead: true }),
  );
  return String(Item?.txId);
};

/** Whether the member has ever activated a membership (holds the first-activation marker). */
export const hasActivated = async (memberId: string): Promise<boolean> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.firstActivation(memberId) }),
  );
  return Item !== undefined;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface LegActivations {
  /** Members of each leg whose first membership activation fell in the range. */
  left: number;
  right: number;
  /** The days of the range with activations, oldest first. */
  days: { day: string; left: number; right: number }[];
}

/**
 * Activation counts by leg of `memberId`'s team for the UTC days `fromDay`..`toDay` (YYYY-MM-DD,
 * inclusive): one Query over the member's `LEGACT#day` items (a few bytes each, so a range of years
 * is one page; queryAll reads on should it ever not be).
 */
export const legActivations = async (
  memberId: string,
  fromDay: string,
  toDay: string,
): Promise<LegActivations> => {
  if (!DAY.test(fromDay) || !DAY.test(toDay)) throw new Error('legActivations takes days as YYYY-MM-DD');
  if (fromDay > toDay) return { left: 0, right: 0, days: [] };
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.treeNode(memberId).PK,
      ':from': keys.legActivationDay(memberId, fromDay).SK,
      ':to': keys.legActivationDay(memberId, toDay).SK,
    },
  });
  const days = items.map((item) => ({
    day: String(item.day),
    left: Number(item.left ?? 0),
    right: Number(item.right ?? 0),
  }));
  return {
    left: days.reduce((sum, d) => sum + d.left, 0),
    right: days.reduce((sum, d) => sum + d.right, 0),
    days,
  };
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

export type RewardTab = 'activation' | 'trading';

/**
 * One referral reward as a member and the admin see it. Written only inside the ledger transaction
 * that pays it (`post`'s `extra`, see rewardItems), so there is a row exactly when money moved.
 * Tab 'activation': 'Direct Bonus' (a referral's plan activation) and 'Binary Bonus' (the daily
 * matched points); tab 'trading': the trading profit distribution (a later issue) writes the same
 * shape with its own type.
 */
export interface RewardRow {
  memberId: string;
  tab: RewardTab;
  /** Unique per member and tab: `direct-<plan txId>`, `binary-<day>-<memberId>`. */
  id: string;
  /** ISO date-time of the payment. */
  date: string;
  type: string;
  /** micro-USDT paid. */
  amount: number;
  /** For the payout structure report: who was paid ... */
  ownerEmail: string;
  /** ... and what for: the activating member's e-mail and the leg holding them (direct bonus) ... */
  email?: string;
  side?: Side;
  /** ... or the points matched (binary bonus) and the day paid. */
  matched?: number;
  day?: string;
}

/**
 * The reward row (on the member's list and the tab's GSI2 list by date) and the member's cumulative
 * total for the tab, to go in the paying ledger transaction's `extra`: a replayed payment is
 * refused whole by the ledger's idempotency item, so neither is written twice.
 */
export const rewardItems = (row: RewardRow): TransactItem[] => [
  {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.reward(row.memberId, row.tab, row.date, row.id),
        ...keys.rewardsByDate(row.tab, row.date, row.id),
        ...row,
      },
    },
  },
  {
    Update: {
      TableName: tableName(),
      Key: keys.rewardStats(row.memberId),
      UpdateExpression: 'SET memberId = :m ADD #tab :amount',
      ExpressionAttributeNames: { '#tab': row.tab },
      ExpressionAttributeValues: { ':m': row.memberId, ':amount': row.amount },
    },
  },
];

const toReward = (item: Record<string, unknown>): RewardRow => stripKeys<RewardRow>(item);

/** A member's rewards of one tab, newest first, paged (no empty last page). */
export const listMemberRewards = async (
  memberId: string,
  tab: RewardTab,
  limit: number,
  cursor?: string,
): Promise<{ items: RewardRow[]; cursor?: string }> => {
  const page = await queryPage(
    {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.member(memberId).PK, ':prefix': keys.rewardPrefix(tab) },
      ScanIndexForward: false,
    },
    limit,
    cursor,
  );
  return { items: page.items.map(toReward), cursor: page.cursor };
};

/** The sum of a member's rewards of one tab paid on the UTC day `day` (YYYY-MM-DD). */
export const rewardsOfDay = async (memberId: string, tab: RewardTab, day: string): Promise<number> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.member(memberId).PK,
      ':prefix': `${keys.rewardPrefix(tab)}${day}`,
    },
    ProjectionExpression: 'amount',
  });
  return items.reduce((sum, item) => sum + Number(item.amount ?? 0), 0);
};

/** A member's cumulative rewards per tab (micro-USDT). */
export const rewardTotals = async (memberId: string): Promise<Record<RewardTab, number>> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.rewardStats(memberId) }));
  return { activation: Number(Item?.activation ?? 0), trading: Number(Item?.trading ?? 0) };
};

/**
 * Every member's rewards of one tab paid on the UTC days `fromDay`..`toDay` (YYYY-MM-DD,
 * inclusive), by date (oldest first unless `newestFirst`), paged: the payout structure report.
 */
export const listRewardsByDate = async (
  tab: RewardTab,
  fromDay: string,
  toDay: string,
  options: { limit: number; cursor?: string; newestFirst?: boolean },
): Promise<{ items: RewardRow[]; cursor?: string }> => {
  if (fromDay > toDay) return { items: [] };
  const page = await queryPage(
    {
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.rewardsByDate(tab, '', '').GSI2PK,
        ':from': fromDay,
        // every ISO date-time of `toDay` sorts before `${toDay}~`
        ':to': `${toDay}~`,
      },
      ScanIndexForward: !options.newestFirst,
    },
    options.limit,
    options.cursor,
  );
  return { items: page.items.map(toReward), cursor: page.cursor };
};
