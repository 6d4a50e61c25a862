/** The market domain's item: the latest ticker. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Ticker } from '#api/schemas/market';
import { db, keys, tableName } from '#core/db';

export const saveTicker = async (ticker: Ticker): Promise<void> => {
  await db.send(new PutCommand({ TableName: tableName(), Item: { ...keys.ticker(), ...ticker } }));
};

export const readTicker = async (): Promise<Ticker | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.ticker() }));
  return Item ? { items: Item.items as Ticker['items'], updatedAt: String(Item.updatedAt) } : null;
};
