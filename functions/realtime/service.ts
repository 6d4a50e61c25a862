/**
 * WebSocket connections: opening, closing and subscribing them (the realtime function's routes),
 * and the pushes any domain sends through the API Gateway Management API (emulated by the local
 * gateway) to a member's open pages or a topic's followers.
 */
import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { PushMessage, Topic } from '#api/realtime';
import { logger } from '#core/logger';
import {
  addToTopic,
  connectionMember,
  connectionsOn,
  deleteConnection,
  putConnection,
  removeFromList,
  type ConnectionList,
} from './store';

export const openConnection = (connectionId: string, memberId: string) =>
  putConnection(connectionId, memberId);

export const closeConnection = (connectionId: string) => deleteConnection(connectionId);

/** Follows a topic: 'unknown' when no connection of a member has this id, 'closed' when it closed meanwhile. */
export const subscribeToTopic = async (
  connectionId: string,
  topic: Topic,
): Promise<'subscribed' | 'unknown' | 'closed'> => {
  const memberId = await connectionMember(connectionId);
  if (!memberId) return 'unknown';
  return (await addToTopic(connectionId, memberId, topic)) ? 'subscribed' : 'closed';
};

let management: ApiGatewayManagementApiClient | undefined;
const client = () =>
  (management ??= new ApiGatewayManagementApiClient({ endpoint: process.env.WS_MANAGEMENT_ENDPOINT }));

/** Sends to each connection on the list; gone ones are removed from it. Answers how many got it. */
const pushAll = async (list: ConnectionList, message: PushMessage): Promise<number> => {
  const ids = await connectionsOn(list);
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
  await removeFromList(list, gone);
  return ids.length - gone.length;
};

export const pushToTopic = (topic: Topic, message: PushMessage) => pushAll({ topic }, message);
export const pushToMember = (memberId: string, message: PushMessage) => pushAll({ memberId }, message);
