/**
 * The local stand-in for API Gateway's WebSocket API: the same $connect/$disconnect/route events
 * to the same realtime handler, and the Management API's POST /@connections/{id}, so the
 * handlers' SDK pushes work unchanged. As the Management API's IAM check does, a call not signed
 * with the local key (anyone on the machine pushing to members' sockets) is refused.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import { wsRoutes } from '#api/realtime';
import { headerSignatureOk, refuseUnsigned, sha256Hex, type LocalKey } from './sigv4';

export type WsHandler = (event: unknown) => Promise<APIGatewayProxyResult>;

export const MANAGEMENT_PATH = '/ws-management';
const CONNECTIONS_PATH = `${MANAGEMENT_PATH}/@connections/`;

const event = (routeKey: string, connectionId: string, extra: Record<string, unknown> = {}) => ({
  requestContext: {
    routeKey,
    eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
    connectionId,
    stage: 'local',
    domainName: 'localhost',
    requestId: randomUUID(),
    apiId: 'local',
    connectedAt: Date.now(),
    requestTimeEpoch: Date.now(),
  },
  isBase64Encoded: false,
  ...extra,
});

export const attachWebSocket = (server: Server, handler: WsHandler, key: LocalKey) => {
  const sockets = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ noServer: true });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') return socket.destroy();
    const connectionId = randomUUID().replace(/-/g, '').slice(0, 16);
    void handler(
      event('$connect', connectionId, { queryStringParameters: Object.fromEntries(url.searchParams) }),
    )
      .then((result) => {
        if (result.statusCode !== 200) {
          socket.write(`HTTP/1.1 ${result.statusCode} Refused\r\n\r\n`);
          return socket.destroy();
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          sockets.set(connectionId, ws);
          ws.on('message', (data) => {
            const body = data.toString();
            let action = '$default';
            try {
              action = String((JSON.parse(body) as { action?: unknown }).action ?? '$default');
            } catch {
              // not JSON: API Gateway would route it to $default too
            }
            const routeKey = (wsRoutes as readonly string[]).includes(action) ? action : '$default';
            void handler(event(routeKey, connectionId, { body })).then((result) => {
              // API Gateway returns a route's response to the caller only for two-way routes; we do for all.
              if (result.body && ws.readyState === ws.OPEN) ws.send(result.body);
            });
          });
          ws.on('close', () => {
            sockets.delete(connectionId);
            void handler(event('$disconnect', connectionId));
          });
        });
      })
      .catch(() => socket.destroy());
  });

  /**
   * POST|DELETE /ws-management/@connections/{id}: the Management API. A post is written to its
   * socket as the bytes that came (a text frame, no decode and re-encode); nothing waits on the
   * socket, so posts for many connections go out as fast as they arrive, like a broadcast loop.
   */
  const manage = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (!url.pathname.startsWith(CONNECTIONS_PATH)) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    if (!headerSignatureOk(req, url, 'execute-api', sha256Hex(body), key)) {
      refuseUnsigned(res, 'ForbiddenException');
      return true;
    }
    const ws = sockets.get(decodeURIComponent(url.pathname.slice(CONNECTIONS_PATH.length)));
    if (!ws || ws.readyState !== ws.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'GoneException' }));
      return true;
    }
    if (req.method === 'DELETE') ws.close();
    else ws.send(body, { binary: false });
    res.writeHead(200);
    res.end();
    return true;
  };

  const close = async () => {
    for (const ws of sockets.values()) ws.terminate();
    await new Promise((resolve) => wss.close(resolve));
  };
  return { manage, close, connections: () => sockets.size };
};
