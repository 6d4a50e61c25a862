/** Dead letters of the order executor made on purpose, for the admin's API error viewer. */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { db, keys } from '#core/db';
import { newId } from '#core/ids';
import { stack } from './api';

/** Sends a message to the order queue as the bot tick does (any body: a test's poison too). */
export const sendTick = (body: string, group: string) =>
  new SQSClient({ endpoint: stack().webUrl, region: 'local' }).send(
    new SendMessageCommand({
      QueueUrl: `${stack().webUrl}/000000000000/trendex-orders.fifo`,
      MessageBody: body,
      MessageGroupId: group,
      MessageDeduplicationId: randomUUID(),
    }),
  );

/**
 * A running Zeno of `memberId` whose market data is broken (closed candles without their prices):
 * its tick fails in the model, a real error inside the executor. Off the running list, so only
 * the message the test sends ticks it.
 */
export const brokenBot = async (memberId: string) => {
  const id = newId();
  const symbol = `ERR${id.slice(-6)}USDT`;
  const deployedAt = new Date().toISOString();
  await db.send(
    new PutCommand({
      TableName: stack().tableName,
      Item: {
        ...keys.deployment(id),
        GSI1PK: keys.memberDeployments(memberId),
        GSI1SK: `${deployedAt}#${id}`,
        id,
        memberId,
        bot: 'zeno',
        status: 'active',
        market: 'futures',
        symbol,
        interval: '1h',
        capital: 50_000_000,
        quote: 'USDT',
        deployedAt,
        tradeFrom: 0,
        version: 1,
      },
    }),
  );
  await db.send(
    new PutCommand({
      TableName: stack().tableName,
      Item: {
        ...keys.marketCandles('futures', symbol, '1h'),
        t: [3_600_000],
        price: 1,
        updatedAt: deployedAt,
      },
    }),
  );
  return { id, symbol };
};
