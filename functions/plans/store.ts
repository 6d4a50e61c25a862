/** The plans domain's items: the expiry queue, one item per active plan sorted by its end date. */
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, keys, tableName, type TransactItem } from '#core/db';

interface PlanExpiry {
  memberId: string;
  expiresAt: string;
}

/** Queues a plan's end, in the purchase's own transaction. */
export const planExpiryItem = (expiresAt: string, memberId: string): TransactItem => ({
  Put: { TableName: tableName(), Item: { ...keys.planExpiry(expiresAt, memberId), memberId, expiresAt } },
});

/** A page of plans that ended by `cutoff` (ISO), oldest first, and where the next page starts. */
export const duePlanExpiries = async (
  cutoff: string,
  start?: Record<string, unknown>,
): Promise<{ items: PlanExpiry[]; next?: Record<string, unknown> }> => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK <= :cut',
      ExpressionAttributeValues: { ':pk': keys.planExpiries, ':cut': `${cutoff}#~` },
      ExclusiveStartKey: start,
    }),
  );
  return {
    items: (page.Items ?? []).map((i) => ({ memberId: String(i.memberId), expiresAt: String(i.expiresAt) })),
    next: page.LastEvaluatedKey,
  };
};

export const deletePlanExpiry = async ({ expiresAt, memberId }: PlanExpiry): Promise<void> => {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.planExpiry(expiresAt, memberId) }));
};
