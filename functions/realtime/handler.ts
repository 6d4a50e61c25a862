/**
 * The WebSocket API's function: $connect (the ID token in the `token` query parameter is
 * verified), $disconnect, and `subscribe` to a topic. Pushes go out through core/realtime.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { SubscribeMessage } from '#api/realtime';
import { nowSeconds } from '#core/clock';
import { db, isConditionFailure, keys, tableName, ttlAfterHours } from '#core/db';
import { verifyIdToken } from '#core/id-token';
import { logger } from '#core/logger';

/** API Gateway closes a WebSocket after 2 hours; the items need not outlive it. */
const CONNECTION_HOURS = 2;

type WsEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string> | null };

const answer = (statusCode: number, body: unknown): APIGatewayProxyResult => ({
  statusCode,
  body: JSON.stringify(body),
});

const listEntry = (listPk: string, connectionId: string, memberId: string) => ({
  PK: listPk,
  SK: `CONN#${connectionId}`,
  connectionId,
  memberId,
  ttl: ttlAfterHours(nowSeconds(), CONNECTION_HOURS),
});

const connect = async (event: WsEvent) => {
  const claims = await verifyIdToken(event.queryStringParameters?.token);
  if (!claims?.sub) return answer(401, { message: 'Please log in to continue.' });
  const { connectionId } = event.requestContext;
  const memberId = String(claims.sub);
  const memberList = keys.memberConnections(memberId);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.connection(connectionId),
        memberId,
        lists: [memberList],
        ttl: ttlAfterHours(nowSeconds(), CONNECTION_HOURS),
      },
    }),
  );
  await db.send(
    new PutCommand({ TableName: tableName(), Item: listEntry(memberList, connectionId, memberId) }),
  );
  return answer(200, { message: 'connected' });
};

const disconnect = async (event: WsEvent) => {
  const { connectionId } = event.requestContext;
  const { Attributes } = await db.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.connection(connectionId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  const lists = (Attributes?.lists as string[] | undefined) ?? [];
  await Promise.all(
    lists.map((pk) =>
      db.send(new DeleteCommand({ TableName: tableName(), Key: { PK: pk, SK: `CONN#${connectionId}` } })),
    ),
  );
  return answer(200, { message: 'disconnected' });
};

const subscribe = async (event: WsEvent) => {
  const parsed = SubscribeMessage.safeParse(JSON.parse(event.body ?? '{}'));
  if (!parsed.success) return answer(400, { message: 'Unknown topic.' });
  const { connectionId } = event.requestContext;
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.connection(connectionId) }),
  );
  if (!Item) return answer(401, { message: 'Please log in to continue.' });
  const topicList = keys.topicConnections(parsed.data.topic);
  // The connection records the list first, under the condition that it is still open: a socket
  // that closes meanwhile ($disconnect deleted the item) subscribes to nothing. Should it close
  // after this, $disconnect finds the list and removes the entry, or the next push meets a
  // GoneException and drops it.
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connection(connectionId),
        UpdateExpression: 'SET lists = list_append(if_not_exists(lists, :none), :list)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':list': [topicList], ':none': [] },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return answer(410, { message: 'The connection is closed.' });
    throw error;
  }
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: listEntry(topicList, connectionId, String(Item.memberId)),
    }),
  );
  return answer(200, { message: `subscribed to ${parsed.data.topic}` });
};

export const handler = async (event: WsEvent): Promise<APIGatewayProxyResult> => {
  try {
    switch (event.requestContext.routeKey) {
      case '$connect':
        return await connect(event);
      case '$disconnect':
        return await disconnect(event);
      case 'subscribe':
        return await subscribe(event);
      default:
        return answer(400, { message: 'Unknown action.' });
    }
  } catch (error) {
    logger.error('realtime route failed', { route: event.requestContext.routeKey, error: error as Error });
    return answer(500, { message: 'Something went wrong on our side. Please try again.' });
  }
};
