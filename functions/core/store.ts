/**
 * Core's own items: e-mailed one-time codes (otp.ts) and abuse counters (rate-limit.ts). Those
 * modules hold the rules; this one only reads and writes the items.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, keys, tableName, type TransactItem, landed } from './db';

/** A live one-time code: only its salted hash is kept. Times are epoch seconds. */
interface OtpItem {
  salt: string;
  hash: string;
  tries: number;
  expiresAt: number;
  ttl: number;
}

/** Stores a new code for a purpose and member, replacing any earlier one. */
export const putOtp = async (purpose: string, memberId: string, code: OtpItem): Promise<void> => {
  await db.send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.otp(purpose, memberId), ...code } }),
  );
};

/**
 * Spends one try of the live code, counted atomically so parallel checks cannot exceed `maxTries`,
 * and returns the code; null when there is no code or its tries are already spent.
 */
export const spendOtpTry = async (
  purpose: string,
  memberId: string,
  maxTries: number,
): Promise<OtpItem | null> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.otp(purpose, memberId),
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'attribute_exists(PK) AND tries < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': maxTries },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as OtpItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

/**
 * Notes a check of a code that had no try to spend, and tells whether there is a code at all (its
 * tries spent) or none (false).
 */
export const markOtpChecked = async (purpose: string, memberId: string, at: number): Promise<boolean> => {
  return landed(
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.otp(purpose, memberId),
        UpdateExpression: 'SET checkedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': at },
      }),
    ),
  );
};

/** Uses a code up, if it is still the one with this salt; false when a parallel request did first. */
/** The use of a code as a transaction item: deletes it if it is still this code (its salt). */
export const otpUseItem = (purpose: string, memberId: string, salt: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: keys.otp(purpose, memberId),
    ConditionExpression: 'salt = :salt',
    ExpressionAttributeValues: { ':salt': salt },
  },
});

export const deleteOtp = async (purpose: string, memberId: string, salt: string): Promise<boolean> => {
  return landed(
    db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.otp(purpose, memberId),
        ConditionExpression: 'salt = :salt',
        ExpressionAttributeValues: { ':salt': salt },
      }),
    ),
  );
};

/** One abuse counter: a limit's count for a subject in the fixed window starting at `windowStart`. */
export interface RateCounter {
  limit: string;
  subject: string;
  windowStart: number;
}

const counterKey = ({ limit, subject, windowStart }: RateCounter) =>
  keys.rateCounter(limit, subject, windowStart);

/** Adds one use; the item expires (TTL) at `expiresAt`, the window's end. */
const addUse = (counter: RateCounter, expiresAt: number, max?: number) =>
  db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(counter),
      UpdateExpression: 'ADD #n :one SET #ttl = :ttl',
      ...(max === undefined ? {} : { ConditionExpression: 'attribute_not_exists(#n) OR #n < :max' }),
      ExpressionAttributeNames: { '#n': 'n', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':ttl': expiresAt,
        ...(max === undefined ? {} : { ':max': max }),
      },
    }),
  );

/** Counts one use unless the counter already holds `max`; false (and nothing counted) when it does. */
export const countUseBelow = async (
  counter: RateCounter,
  max: number,
  expiresAt: number,
): Promise<boolean> => {
  return landed(addUse(counter, expiresAt, max));
};

/** Counts one use, whatever the count. */
export const countUse = async (counter: RateCounter, expiresAt: number): Promise<void> => {
  await addUse(counter, expiresAt);
};

export const readCount = async (counter: RateCounter): Promise<number> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: counterKey(counter) }));
  return Number(Item?.n ?? 0);
};
