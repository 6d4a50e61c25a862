/**
 * Plan activations in the tree: each activation's progress item (`ACTIVATION#txId`: counting its
 * points up the tree, then paying the direct bonus, then done), the sweep's position in the
 * ledger's date-sorted list of plan transactions, a member's first-activation marker
 * (`MEMBER#id / ACTIVATED`) and the per-ancestor, per-day counts of first activations
 * (`MEMBER#id / LEGACT#day`, written with the points by the team store's writeUpBatch).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, keys, queryAll, tableName } from '#core/db';
import type { Side } from '../tree';
import { writeUpBatch, type Step } from '../store';

interface ActivationItem {
  txId: string;
  memberId: string;
  sponsorId: string | null;
  amount: number;
  /** The plan bought, the UTC day of the purchase, and whether it is the buyer's first membership. */
  plan?: string;
  day?: string;
  counts?: boolean;
  /** For the direct bonus's reward row: the buyer's e-mail and the sponsor's leg holding them. */
  email?: string;
  sponsorSide?: Side | null;
  status: 'counting' | 'bonus' | 'done';
  upNext: string | null;
  atSide: Side | null;
}

export const getActivation = async (txId: string): Promise<ActivationItem | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.activation(txId), ConsistentRead: true }),
  );
  return (Item as ActivationItem | undefined) ?? null;
};

/** Writes the progress item unless one exists (a concurrent run made it first): then returns the stored one. */
export const createActivation = async (item: ActivationItem): Promise<ActivationItem> => {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.activation(item.txId), ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return (await getActivation(item.txId))!;
};

/** bonus -> done, once (a second run finds it done and changes nothing). */
export const finishActivation = async (txId: string): Promise<void> => {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.activation(txId),
        UpdateExpression: 'SET #s = :done',
        ConditionExpression: '#s = :bonus',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':done': 'done', ':bonus': 'bonus' },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};

/** Adds one batch of an activation's points (and first-activation counts) up the tree (see writeUpBatch). */
export const writeActivationBatch = (
  txId: string,
  batch: Step[],
  next: Step | null,
  add: { points: number; activeDay?: string },
): Promise<boolean> => writeUpBatch(keys.activation(txId), batch, next, add, 'bonus');

/** The activation sweep's position in the plan list (a GSI2 sort key), and whether it is verified. */
interface SweepPosition {
  since: string;
  verified: boolean;
}

export const getSweepPosition = async (): Promise<SweepPosition> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.activationSweep(), ConsistentRead: true }),
  );
  const since = (Item?.since as string | undefined) ?? '';
  return { since, verified: since !== '' && Item?.verified === since };
};

export const putSweepPosition = async ({ since, verified }: SweepPosition): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.activationSweep(), since, ...(verified ? { verified: since } : {}) },
    }),
  );
};

/** One page of the ledger's plan transactions dated after the GSI2 sort key `from`, oldest first. */
export const listPlanTransactions = async (
  from: string,
  limit: number,
  start?: Record<string, unknown>,
): Promise<{ items: Record<string, unknown>[]; next?: Record<string, unknown> }> => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK > :from',
      ExpressionAttributeValues: { ':pk': keys.transactionsOfKind('plan'), ':from': from },
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: page.Items ?? [], next: page.LastEvaluatedKey };
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

interface LegActivations {
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
