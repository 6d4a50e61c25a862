/**
 * Pushes to WebSocket connections through the API Gateway Management API (emulated by the local
 * gateway). Connections and topic subscriptions live in the table with a TTL, so a connection
 * that vanished without $disconnect is forgotten.
 */
import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PushMessage, Topic } from '#api/realtime';
import { db, keys, queryAll, tableName } from './db';
import { logger } from './logger';

let management: ApiGatewayManagementApiClient | undefined;
const client = () =>
  (management ??= new ApiGatewayManagementApiClient({ endpoint: process.env.WS_MANAGEMENT_ENDPOINT }));

const connectionsOf = async (pk: string): Promise<string[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk },
  });
  return items.map((item) => String(item.connectionId));
};

/** Sends to each connection; gone ones are removed from the list they were found in. */
const pushAll = async (pk: string, message: PushMessage): Promise<number> => {
  const ids = await connectionsOf(pk);
  const data = new TextEncoder().encode(JSON.stringify(message));
  const gone: string[] = [];
  await Promise.all(
    ids.map((ConnectionId) =>
      client()
        .send(new PostToConnectionCommand({ ConnectionId, Data: data }))
        .catch((error: { name?: string }) => {
          if (error.name === 'GoneException') gone.push(ConnectionId);
          else logger.warn('push failed', { connectionId: ConnectionId, error: error as Error });
        }),
    ),
  );
  for (let i = 0; i < gone.length; i += 25)
    await db.send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: gone
            .slice(i, i + 25)
            .map((id) => ({ DeleteRequest: { Key: { PK: pk, SK: `CONN#${id}` } } })),
        },
      }),
    );
  return ids.length - gone.length;
};

export const pushToTopic = (topic: Topic, message: PushMessage) =>
  pushAll(keys.topicConnections(topic), message);
export const pushToMember = (memberId: string, message: PushMessage) =>
  pushAll(keys.memberConnections(memberId), message);
