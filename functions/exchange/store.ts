/**
 * The exchange domain's items: a member's bound keys (sealed credentials) and their last balances;
 * the fleet's request-weight counters, one per egress lane and market (weight-budget.ts).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, keys, tableName } from '#core/db';
import type { Micro } from '#api/money';
import type { ExchangeName } from './clients';
import type { Sealed } from './envelope';
import type { WeightMarket } from './binance-weights';
import type { Counter } from './weight-budget';

export interface ExchangeKeyItem {
  memberId: string;
  exchange: ExchangeName;
  /** The last 4 characters of the API key, to recognise it; the key itself is only in `sealed`. */
  keyHint: string;
  /** The API key and secret, envelope-encrypted (envelope.ts). */
  sealed: Sealed;
  boundAt: string;
  spot?: Micro;
  futures?: Micro | null;
  balancesAt?: string;
  /** The last refresh failed (the key was revoked or lost its permissions). */
  balanceError?: boolean;
}

export const putExchangeKey = async (item: ExchangeKeyItem): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.exchangeKey(item.memberId, item.exchange),
        ...keys.exchangeKeysByDate(item.exchange, item.boundAt, item.memberId),
        ...item,
      },
    }),
  );
};

export const getExchangeKey = async (
  memberId: string,
  exchange: ExchangeName,
): Promise<ExchangeKeyItem | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.exchangeKey(memberId, exchange) }),
  );
  return (Item as ExchangeKeyItem | undefined) ?? null;
};

export const listExchangeKeys = async (memberId: string): Promise<ExchangeKeyItem[]> => {
  const { PK } = keys.exchangeKey(memberId, 'x');
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': PK, ':sk': 'EXCHANGE#' },
    }),
  );
  return (Items ?? []) as ExchangeKeyItem[];
};

export const deleteExchangeKey = async (memberId: string, exchange: ExchangeName): Promise<boolean> => {
  const { Attributes } = await db.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.exchangeKey(memberId, exchange),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Boolean(Attributes);
};

/** Records a refresh; only while the same key is still bound (a rebind in between wins). */
export const saveBalances = async (
  memberId: string,
  exchange: ExchangeName,
  boundAt: string,
  result: { spot: Micro; futures: Micro | null; at: string } | { error: true; at: string },
): Promise<ExchangeKeyItem | null> => {
  const ok = !('error' in result);
  const { Attributes } = await db
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.exchangeKey(memberId, exchange),
        ConditionExpression: 'boundAt = :boundAt',
        UpdateExpression: ok
          ? 'SET spot = :spot, futures = :futures, balancesAt = :at, balanceError = :no'
          : 'SET balanceError = :yes, balanceErrorAt = :at',
        ExpressionAttributeValues: ok
          ? {
              ':boundAt': boundAt,
              ':spot': result.spot,
              ':futures': result.futures,
              ':at': result.at,
              ':no': false,
            }
          : { ':boundAt': boundAt, ':yes': true, ':at': result.at },
        ReturnValues: 'ALL_NEW',
      }),
    )
    .catch((error: { name?: string }) => {
      if (error.name === 'ConditionalCheckFailedException') return { Attributes: undefined };
      throw error;
    });
  return (Attributes as ExchangeKeyItem | undefined) ?? null;
};

const isConditionFailure = (error: { name?: string }) => error.name === 'ConditionalCheckFailedException';
const WEIGHT_NAMES = { '#m': 'minute', '#u': 'used', '#b': 'blockedUntil' };
const OPEN = '(attribute_not_exists(#b) OR #b <= :now)';

/** A lane's weight counter, as every container sees it (a strongly consistent read). */
export const getWeightCounter = async (market: WeightMarket, lane: string): Promise<Counter | null> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.exchangeWeight(market, lane),
      ConsistentRead: true,
    }),
  );
  return Item ? { minute: Item.minute, used: Item.used, blockedUntil: Item.blockedUntil } : null;
};

/**
 * Reserves `weight` in this minute's count while the sum stays within `cap` and the lane is open;
 * answers the count after it, or null when refused (read the counter to see why).
 */
export const addWeight = async (
  market: WeightMarket,
  lane: string,
  at: { minute: number; now: number },
  weight: number,
  cap: number,
): Promise<number | null> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.exchangeWeight(market, lane),
        ConditionExpression: `#m = :m AND #u <= :room AND ${OPEN}`,
        UpdateExpression: 'ADD #u :w',
        ExpressionAttributeNames: WEIGHT_NAMES,
        ExpressionAttributeValues: { ':m': at.minute, ':room': cap - weight, ':now': at.now, ':w': weight },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.used);
  } catch (error) {
    if (isConditionFailure(error as { name?: string })) return null;
    throw error;
  }
};

/** Starts the minute's count at `weight`, unless another container started it first or the lane is closed. */
export const rollWeight = async (
  market: WeightMarket,
  lane: string,
  at: { minute: number; now: number },
  weight: number,
): Promise<number | null> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.exchangeWeight(market, lane),
        ConditionExpression: `(attribute_not_exists(#m) OR #m < :m) AND ${OPEN}`,
        UpdateExpression: 'SET #m = :m, #u = :w',
        ExpressionAttributeNames: WEIGHT_NAMES,
        ExpressionAttributeValues: { ':m': at.minute, ':now': at.now, ':w': weight },
      }),
    );
    return weight;
  } catch (error) {
    if (isConditionFailure(error as { name?: string })) return null;
    throw error;
  }
};

/** Raises the minute's count to what the exchange says it counted (never lowers it). */
export const raiseWeight = async (
  market: WeightMarket,
  lane: string,
  minute: number,
  used: number,
): Promise<void> => {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.exchangeWeight(market, lane),
        ConditionExpression: '#m = :m AND #u < :u',
        UpdateExpression: 'SET #u = :u',
        ExpressionAttributeNames: { '#m': 'minute', '#u': 'used' },
        ExpressionAttributeValues: { ':m': minute, ':u': used },
      }),
    )
    .catch((error: { name?: string }) => {
      if (!isConditionFailure(error)) throw error;
    });
};

/** Closes the lane until `until` (a 429's or 418's Retry-After) for every container. */
export const closeWeightLane = async (market: WeightMarket, lane: string, until: number): Promise<void> => {
  await db
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.exchangeWeight(market, lane),
        ConditionExpression: 'attribute_not_exists(#b) OR #b < :b',
        UpdateExpression: 'SET #b = :b',
        ExpressionAttributeNames: { '#b': 'blockedUntil' },
        ExpressionAttributeValues: { ':b': until },
      }),
    )
    .catch((error: { name?: string }) => {
      if (!isConditionFailure(error)) throw error;
    });
};
