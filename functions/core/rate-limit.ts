/**
 * Abuse limits (config.limits): fixed-window counters kept as small TTL items in the table, so
 * every function instance (and the local stack) counts against the same number. Over a limit the
 * caller gets a 429 that says when to try again; nothing else of the request happens.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowSeconds } from './clock';
import { config } from './config';
import { db, isConditionFailure, keys, tableName } from './db';
import { tooManyRequests } from './errors';

export type LimitName = keyof typeof config.limits;

const windowOf = (limit: LimitName) => {
  const seconds = config.limits[limit].windowMinutes * 60;
  const start = Math.floor(nowSeconds() / seconds) * seconds;
  return { start, end: start + seconds };
};

/** Subjects are lower-cased (e-mail addresses differ only in case) and kept short. */
const normal = (subject: string) => subject.trim().toLowerCase().slice(0, 200);

/** Counts one use and throws 429 when the window's budget is already spent. */
export const take = async (limit: LimitName, subject: string): Promise<void> => {
  const { start, end } = windowOf(limit);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateCounter(limit, normal(subject), start),
        UpdateExpression: 'ADD #n :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
        ExpressionAttributeNames: { '#n': 'n', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':max': config.limits[limit].max, ':ttl': end },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw tooManyRequests(end - nowSeconds());
    throw error;
  }
};

/**
 * For budgets of failures (wrong codes): `assertLeft` before trying, `spend` after a failure, so
 * right answers cost nothing and a budget spent stays spent until its window ends.
 */
export const assertLeft = async (limit: LimitName, subject: string): Promise<void> => {
  const { start, end } = windowOf(limit);
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.rateCounter(limit, normal(subject), start) }),
  );
  if (Number(Item?.n ?? 0) >= config.limits[limit].max) throw tooManyRequests(end - nowSeconds());
};

export const spend = async (limit: LimitName, subject: string): Promise<void> => {
  const { start, end } = windowOf(limit);
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateCounter(limit, normal(subject), start),
      UpdateExpression: 'ADD #n :one SET #ttl = :ttl',
      ExpressionAttributeNames: { '#n': 'n', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': end },
    }),
  );
};
