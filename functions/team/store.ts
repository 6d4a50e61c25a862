/**
 * The referral tree on DynamoDB. One item per member node (`MEMBER#id / TREE`) carrying its parent,
 * its two child slots and its stored counts and points, so a member's team is one GetItem; the
 * root pointer; the direct-referral rows a join writes under the sponsor. Work that climbs the tree
 * (a placement's member counts, an activation's points) goes up in batches of ancestors
 * (`ancestorBatch`, then `writeUpBatch`) behind a cursor on its progress item, so each ancestor is
 * counted exactly once even when the work is repeated or resumed.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  db,
  decodeCursor,
  encodeCursor,
  isConditionFailure,
  keys,
  tableName,
  type TransactItem,
  stripKeys,
  landed,
} from '#core/db';
import { activeField, countField, dayField, pointsField, type Side, type TreeNode } from './tree';

export interface NodeItem extends TreeNode {
  email: string;
  name: string;
  username: string;
  placedAt: string;
  /**
   * The last member this node sponsored on each side: a node of that outer leg at or above its
   * bottom (legs only grow), where the next walk down the leg can start instead of at the top.
   */
  bottomLeft?: string;
  bottomRight?: string;
}

/** The field of a node that holds its leg-bottom hint on `side`. */
export const bottomField = (side: Side) => (side === 'Left' ? 'bottomLeft' : 'bottomRight');

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

/** A node as written (GSI2: every node, for the daily payout's pass over the tree). */
export const nodeItem = (node: NodeItem) => {
  const { left, right, ...rest } = node;
  return {
    ...keys.treeNode(node.id),
    ...keys.treeNodeByDate(node.placedAt, node.id),
    ...rest,
    ...(left ? { left } : {}),
    ...(right ? { right } : {}),
  };
};

/** One page of the tree nodes whose GSI2SK (placedAt#id) lies in [from, to), for one payout shard. */
export const listNodesInRange = async (
  range: { from: string; to: string },
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ nodes: NodeItem[]; next?: Record<string, unknown> }> => {
  const { Items = [], LastEvaluatedKey } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
      // inclusive, yet no key equals a bound: keys are `placedAt#id`, bounds are bare instants
      ExpressionAttributeValues: { ':pk': keys.treeNodes, ':from': range.from, ':to': range.to },
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { nodes: Items.map(toNode), next: LastEvaluatedKey };
};

/** The placedAt of the first node placed (the root), or null for an empty tree. */
export const firstPlacedAt = async (): Promise<string | null> => {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.treeNodes },
      Limit: 1,
    }),
  );
  return Items.length ? String(Items[0].GSI2SK).split('#')[0] : null;
};

/** A day's payout shard: its range of nodes and how far it has gone (the page to resume from). */
export interface PayoutShard {
  day: string;
  shard: number;
  from: string;
  to: string;
  status: 'open' | 'done';
  cursor?: Record<string, unknown>;
}

/**
 * The day's shard ranges: the first run writes them (conditionally), every later run of the same
 * day reads the same ones, so a rerun resumes the same shards. Answers the stored ranges.
 */
export const putPayoutPlan = async (day: string, ranges: { from: string; to: string }[]) => {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.payoutPlan(day), day, ranges },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return ranges;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getPayoutPlan(day))!;
  }
};

/** The day's stored shard ranges, or null before its first run. */
export const getPayoutPlan = async (day: string): Promise<{ from: string; to: string }[] | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.payoutPlan(day), ConsistentRead: true }),
  );
  return (Item?.ranges as { from: string; to: string }[] | undefined) ?? null;
};

export const getPayoutShard = async (day: string, shard: number): Promise<PayoutShard | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.payoutShard(day, shard), ConsistentRead: true }),
  );
  return Item ? stripKeys<PayoutShard>(Item) : null;
};

/** Records a shard's progress: the page to resume from, or done. */
export const putPayoutShard = async (shard: PayoutShard): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.payoutShard(shard.day, shard.shard), ...shard },
    }),
  );
};

interface DirectReferralRow {
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

/** One ancestor to add to: the node and the leg of it that holds the member the work is about. */
export interface Step {
  id: string;
  side: Side;
}

/** Ancestors added to per transaction (plus the cursor item: well under DynamoDB's 100). */
const COUNT_BATCH = 40;

/**
 * The ancestor walk: from `from` (an ancestor and its leg) up towards the root, at most `size`
 * ancestors, nearest first, and the ancestor after them (null at the root).
 */
export const ancestorBatch = async (
  from: Step,
  size = COUNT_BATCH,
): Promise<{ batch: Step[]; next: Step | null }> => {
  const batch: Step[] = [];
  let next: Step | null = from;
  while (next && batch.length < size) {
    batch.push(next);
    const ancestor = await getNode(next.id);
    if (!ancestor) throw new Error(`tree node ${next.id} is missing`);
    next = ancestor.parentId && ancestor.position ? { id: ancestor.parentId, side: ancestor.position } : null;
  }
  return { batch, next };
};

/** DynamoDB's limit on the items of one transaction. */
export const TRANSACTION_LIMIT = 100;

/**
 * What one batch adds to each ancestor: a member count of 1, or an activation's points on the grown
 * leg; `activeDay` set when the activation is its buyer's first membership (one active member on
 * the leg, and one in the ancestor's `LEGACT#day` counts).
 */
type UpAdd = 'count' | { points: number; activeDay?: string };

/** Items written per ancestor for `add` (the batch size must keep the transaction under 100). */
const itemsPerAncestor = (add: UpAdd): number => (add !== 'count' && add.activeDay ? 2 : 1);

/**
 * Adds to one batch of ancestors (see UpAdd) and moves the progress item's cursor past them, on the
 * condition that the cursor is still where this batch starts: a repeated or concurrent run of the
 * same batch fails the condition and adds nothing twice. With no `next`, the progress item moves to
 * `finalStatus` (and leaves the pending index).
 */
export const writeUpBatch = async (
  progressKey: { PK: string; SK: string },
  batch: Step[],
  next: Step | null,
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
  return landed(db.send(new TransactWriteCommand({ TransactItems: items })));
};

/**
 * The daily binary payout's write on a node: `matched` points consumed from both legs and the day
 * recorded, on the condition that the node was not paid that day and still holds the points. Goes
 * in the bonus's ledger transaction (`extra`), or alone through `consumeMatched` when the cap left
 * no bonus to pay.
 */
export const consumeMatchedItem = (memberId: string, day: string, matched: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.treeNode(memberId),
    UpdateExpression: 'SET paidDay = :day ADD leftPoints :less, rightPoints :less',
    ConditionExpression:
      '(attribute_not_exists(paidDay) OR paidDay < :day) AND leftPoints >= :m AND rightPoints >= :m',
    ExpressionAttributeValues: { ':day': day, ':less': -matched, ':m': matched },
  },
});

/** Writes `consumeMatchedItem` alone; false when its condition failed (already paid that day). */
export const consumeMatched = async (memberId: string, day: string, matched: number): Promise<boolean> => {
  return landed(
    db.send(new TransactWriteCommand({ TransactItems: [consumeMatchedItem(memberId, day, matched)] })),
  );
};
