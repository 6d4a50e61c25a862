/** The exchange domain's items: a member's bound keys (sealed credentials) and their last balances. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, keys, tableName } from '#core/db';
import type { Micro } from '#api/money';
import type { ExchangeName } from './clients';
import type { Sealed } from './envelope';

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
