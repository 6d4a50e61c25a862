/**
 * The realtime domain's items: each open WebSocket connection, recording the lists it is on, and
 * its entry on each of those lists (its member's, each topic's it follows), which pushes read. All
 * carry a TTL, so a connection that vanished without $disconnect is forgotten.
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { Topic } from '#api/realtime';
import { nowSeconds } from '#core/clock';
import { db, isConditionFailure, keys, queryAll, tableName, ttlAfterHours } from '#core/db';

/** API Gateway closes a WebSocket after 2 hours; the items need not outlive it. */
const CONNECTION_HOURS = 2;
const expiry = () => ttlAfterHours(nowSeconds(), CONNECTION_HOURS);

/** A list of connections to push to: a member's (every page they have open) or a topic's. */
export type ConnectionList = { memberId: string } | { topic: Topic };

const listKey = (list: ConnectionList) =>
  'topic' in list ? keys.topicConnections(list.topic) : keys.memberConnections(list.memberId);

const putListEntry = async (list: string, connectionId: string, memberId: string): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.connectionListEntry(list, connectionId), connectionId, memberId, ttl: expiry() },
    }),
  );
};

/** A new connection of a member, on the member's list. */
export const putConnection = async (connectionId: string, memberId: string): Promise<void> => {
  const memberList = keys.memberConnections(memberId);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.connection(connectionId), memberId, lists: [memberList], ttl: expiry() },
    }),
  );
  await putListEntry(memberList, connectionId, memberId);
};

/** The member an open connection belongs to; null once it is closed (or never opened). */
export const connectionMember = async (connectionId: string): Promise<string | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.connection(connectionId) }),
  );
  return Item ? String(Item.memberId) : null;
};

/**
 * Puts an open connection on a topic's list. The connection records the list first, under the
 * condition that it is still open, so a socket that closed meanwhile ($disconnect deleted its item)
 * subscribes to nothing: false. Should it close after this, `deleteConnection` finds the list and
 * removes the entry, or the next push meets a GoneException and drops it.
 */
export const addToTopic = async (connectionId: string, memberId: string, topic: Topic): Promise<boolean> => {
  const topicList = keys.topicConnections(topic);
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
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await putListEntry(topicList, connectionId, memberId);
  return true;
};

/** Removes a closed connection and its entry on every list it recorded. */
export const deleteConnection = async (connectionId: string): Promise<void> => {
  const { Attributes } = await db.send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.connection(connectionId),
      ReturnValues: 'ALL_OLD',
    }),
  );
  const lists = (Attributes?.lists as string[] | undefined) ?? [];
  await Promise.all(
    lists.map((list) =>
      db.send(
        new DeleteCommand({ TableName: tableName(), Key: keys.connectionListEntry(list, connectionId) }),
      ),
    ),
  );
};

/** The ids of every connection on a list. */
export const connectionsOn = async (list: ConnectionList): Promise<string[]> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': listKey(list) },
  });
  return items.map((item) => String(item.connectionId));
};

/** Takes connections off a list (ones a push found gone), 25 deletes per batch write. */
export const removeFromList = async (list: ConnectionList, connectionIds: string[]): Promise<void> => {
  const pk = listKey(list);
  for (let i = 0; i < connectionIds.length; i += 25)
    await db.send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: connectionIds
            .slice(i, i + 25)
            .map((id) => ({ DeleteRequest: { Key: keys.connectionListEntry(pk, id) } })),
        },
      }),
    );
};
