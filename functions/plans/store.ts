/** The plans domain's items: the expiry queue, one item per plan period, sorted by its end date. */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, keys, queryAll, tableName, type TransactItem } from '#core/db';
import type { PlanPeriod } from './rules';

/** The end of one period (a membership, a Core plan) of a member's plans. */
interface PlanExpiry {
  memberId: string;
  expiresAt: string;
  period: PlanPeriod;
}

/** A queued end, with the key it is queued under (to remove it once handled). */
export type QueuedExpiry = PlanExpiry & { key: Record<string, unknown> };

/** Queues the end of a plan's period, in the purchase's own transaction. */
export const planExpiryItem = (due: PlanExpiry): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.planExpiry(due.expiresAt, due.memberId, due.period), ...due },
  },
});

/** A page of plans that ended by `cutoff` (ISO), oldest first, and where the next page starts. */
export const duePlanExpiries = async (
  cutoff: string,
  start?: Record<string, unknown>,
): Promise<{ items: QueuedExpiry[]; next?: Record<string, unknown> }> => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK <= :cut',
      ExpressionAttributeValues: { ':pk': keys.planExpiries, ':cut': `${cutoff}#~` },
      ExclusiveStartKey: start,
    }),
  );
  return {
    items: (page.Items ?? []).map((i) => ({
      memberId: String(i.memberId),
      expiresAt: String(i.expiresAt),
      // items queued before plans had periods of their own are memberships
      period: (i.period ?? 'membership') as PlanPeriod,
      key: { PK: i.PK, SK: i.SK },
    })),
    next: page.LastEvaluatedKey,
  };
};

export const deletePlanExpiry = async (due: QueuedExpiry): Promise<void> => {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: due.key }));
};

/**
 * The members with an end of `period` queued after `after` (ISO): everyone whose plan of that
 * period may still run, whenever it was bought or extended (an end that a renewal moved later is
 * queued again, so a stale item names a member who holds it anyway).
 */
export const membersWithEndAfter = async (period: PlanPeriod, after: string): Promise<string[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK > :after',
    ExpressionAttributeValues: { ':pk': keys.planExpiries, ':after': after },
    ProjectionExpression: 'memberId, period',
  });
  // items queued before plans had periods of their own are memberships
  const ids = items.filter((i) => (i.period ?? 'membership') === period).map((i) => String(i.memberId));
  return [...new Set(ids)];
};
