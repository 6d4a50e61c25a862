/**
 * WebSocket connections: opening, closing and subscribing them (the realtime function's routes),
 * and the pushes any domain sends through the API Gateway Management API (the local gateway
 * answers the same API) to a member's open pages or a topic's followers.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
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

/**
 * Posts in flight at once per push, and the keep-alive sockets the Management API client may open:
 * the same number, so every post has a warm socket and none waits in the agent's queue (the SDK's
 * default pool of 50 was the queue). One Lambda at this width posts to ~10,000 connections well
 * inside its timeout; beyond that a topic is split across workers (docs/decisions/
 * scale-and-operations.md, "Beyond ten thousand connections, partitions").
 */
const PUSH_WIDTH = 128;

let management: ApiGatewayManagementApiClient | undefined;
const client = () =>
  (management ??= new ApiGatewayManagementApiClient({
    endpoint: process.env.WS_MANAGEMENT_ENDPOINT,
    // options of the SDK's own NodeHttpHandler
    requestHandler: {
      httpAgent: new HttpAgent({ keepAlive: true, maxSockets: PUSH_WIDTH }),
      httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: PUSH_WIDTH }),
    },
  }));

/** Gone connections are taken off the list in batches of 25 (one batch write) while the push goes on. */
const GONE_BATCH = 25;

/**
 * One Management API post per connection, PUSH_WIDTH in flight on the warm sockets (the local
 * gateway answers the same API); calls `gone` for each connection that is no more (410).
 */
const postEach = async (ids: string[], data: Uint8Array, gone: (id: string) => void): Promise<void> => {
  let next = 0;
  const post = async (ConnectionId: string) => {
    try {
      await client().send(new PostToConnectionCommand({ ConnectionId, Data: data }));
    } catch (error) {
      if ((error as { name?: string }).name === 'GoneException') gone(ConnectionId);
      else logger.warn('push failed', { connectionId: ConnectionId, error: error as Error });
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(PUSH_WIDTH, ids.length) }, async () => {
      while (next < ids.length) await post(ids[next++]);
    }),
  );
};

/**
 * Sends to each connection on the list (read by one query on the list's partition). The message
 * is serialised once and the same bytes go to every connection; connections found gone (410) are
 * taken off the list as the push meets them. Answers how many got it.
 */
const pushAll = async (list: ConnectionList, message: PushMessage): Promise<number> => {
  const ids = await connectionsOn(list);
  if (!ids.length) return 0;
  const data = new TextEncoder().encode(JSON.stringify(message));
  let gone = 0;
  let pending: string[] = [];
  const removals: Promise<void>[] = [];
  await postEach(ids, data, (id) => {
    gone += 1;
    pending.push(id);
    if (pending.length === GONE_BATCH) {
      removals.push(removeFromList(list, pending));
      pending = [];
    }
  });
  removals.push(removeFromList(list, pending));
  await Promise.all(removals);
  return ids.length - gone;
};

export const pushToTopic = (topic: Topic, message: PushMessage) => pushAll({ topic }, message);
export const pushToMember = (memberId: string, message: PushMessage) => pushAll({ memberId }, message);
