/**
 * The WebSocket API's function: $connect (the ID token in the `token` query parameter is
 * verified), $disconnect, and `subscribe` to a topic. Pushes go out through ./service.
 */
import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { SubscribeMessage } from '#api/realtime';
import { verifyIdToken } from '#core/id-token';
import { logger } from '#core/logger';
import { closeConnection, openConnection, subscribeToTopic } from './service';

type WsEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string> | null };

const answer = (statusCode: number, body: unknown): APIGatewayProxyResult => ({
  statusCode,
  body: JSON.stringify(body),
});

const connect = async (event: WsEvent) => {
  const claims = await verifyIdToken(event.queryStringParameters?.token);
  if (!claims?.sub) return answer(401, { message: 'Please log in to continue.' });
  await openConnection(event.requestContext.connectionId, String(claims.sub));
  return answer(200, { message: 'connected' });
};

const disconnect = async (event: WsEvent) => {
  await closeConnection(event.requestContext.connectionId);
  return answer(200, { message: 'disconnected' });
};

const subscribe = async (event: WsEvent) => {
  const parsed = SubscribeMessage.safeParse(JSON.parse(event.body ?? '{}'));
  if (!parsed.success) return answer(400, { message: 'Unknown topic.' });
  switch (await subscribeToTopic(event.requestContext.connectionId, parsed.data.topic)) {
    case 'unknown':
      return answer(401, { message: 'Please log in to continue.' });
    case 'closed':
      return answer(410, { message: 'The connection is closed.' });
    case 'subscribed':
      return answer(200, { message: `subscribed to ${parsed.data.topic}` });
  }
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
