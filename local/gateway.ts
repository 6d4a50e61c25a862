/**
 * The local stand-in for API Gateway and CloudFront: serves the route table to the same domain
 * handlers with API Gateway-shaped proxy events and a Cognito-authorizer context built from a
 * verified ID token, plus the built web app, its runtime /config.json and the mail outbox.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { routes, type Domain, type Route } from '#api/routes';
import { isStaffAccess, staffRefusal } from '#core/admin-access';
import { unavailable } from '#core/errors';
import { withFunctionLogger } from '#core/logger';
import { renderOutbox, readOutbox } from './outbox';
import { serveStatic } from './web-static';

/** Serves a request and answers true, or answers false to let the next route try. */
export type ExtraRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

export type ApiHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

interface GatewayOptions {
  port: number;
  handlers: Record<Domain, ApiHandler>;
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  webDist: string;
  outboxDir: string;
  runtimeConfig: Record<string, unknown>;
  /** Headers of every web app answer, as CloudFront's response headers policy adds them (the CSP). */
  webHeaders?: Record<string, string>;
  /** Routes of other local services (Management API, simulators), tried in order before the web app. */
  extraRoutes: ExtraRoute[];
  /** True while a service the API needs is known to be down (DynamoDB Local restarting): API requests answer 503. */
  unavailable?: () => boolean;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization,content-type',
  'access-control-allow-methods': 'GET,POST,PUT,DELETE,OPTIONS',
};

/** An API answer: readable from the web app's origin (CORS), as API Gateway's are. */
const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  sendPrivate(res, status, body, { ...CORS, ...headers });

/** An answer no other origin's page may read (no CORS): the mail outbox holds codes and links. */
const sendPrivate = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/**
 * The answer while the store cannot be reached, worded by the functions' own rule (core/errors):
 * "not carried out" only when the handler never ran; otherwise that repeating the request is safe
 * (money requests carry their idempotency key). Not a 500: nothing is wrong with the request.
 */
const sendUnavailable = (res: ServerResponse, handlerRan: boolean) => {
  const error = unavailable(handlerRan);
  send(
    res,
    error.status,
    { code: error.code, message: error.message },
    { 'retry-after': String(error.retryAfterSeconds), 'cache-control': 'no-store' },
  );
};

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/** A failure to reach a service (its code on the error, a cause or an AggregateError's member). */
const isConnectionError = (error: unknown, depth = 0): boolean => {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && CONNECTION_ERRORS.has(code)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isConnectionError(e, depth + 1)))
    return true;
  return isConnectionError(cause, depth + 1);
};

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // API Gateway's payload limit is 10 MB
      if (size > 10 * 1024 * 1024) req.destroy(new Error('payload too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Matches "/a/{id}" templates; our paths are literal today but the matcher is API Gateway's. */
const matchPath = (template: string, path: string): Record<string, string> | null => {
  const t = template.split('/');
  const p = path.replace(/\/+$/, '').split('/');
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const param = /^\{(.+)\}$/.exec(t[i]);
    if (param) params[param[1]] = decodeURIComponent(p[i]);
    else if (t[i] !== p[i]) return null;
  }
  return params;
};

const lambdaContext = (functionName: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
  memoryLimitInMB: '512',
  awsRequestId: randomUUID(),
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'local',
  getRemainingTimeInMillis: () => 10_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

export const startGateway = async (options: GatewayOptions): Promise<Server> => {
  const verifier = JwtRsaVerifier.create({
    issuer: `${options.cognitoEndpoint}/${options.userPoolId}`,
    audience: options.userPoolClientId,
    tokenUse: 'id',
  });
  const jwks = await fetch(`${options.cognitoEndpoint}/${options.userPoolId}/.well-known/jwks.json`).then(
    (r) => r.json(),
  );
  verifier.cacheJwks(jwks);

  /** The Cognito authorizer: claims as API Gateway passes them (all strings), or null. */
  const authorize = async (header: string | undefined): Promise<Record<string, string> | null> => {
    const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
    if (!token) return null;
    try {
      const payload = await verifier.verify(token);
      return Object.fromEntries(
        Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
      );
    } catch {
      return null;
    }
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const path = url.pathname.slice('/api'.length) || '/';
    let matched: { route: Route; params: Record<string, string> } | null = null;
    for (const route of Object.values(routes) as Route[]) {
      const params = route.method === req.method ? matchPath(route.path, path) : null;
      if (params) matched = { route, params };
    }
    if (!matched) return send(res, 404, { code: 'NOT_FOUND', message: 'No such route.' });
    const { route, params } = matched;
    const claims = await authorize(req.headers.authorization);
    if (route.access !== 'public' && !claims)
      return send(res, 401, { code: 'UNAUTHENTICATED', message: 'Please log in to continue.' });
    // API Gateway's staff authorizers: a staff route's function never sees a caller they refuse.
    const refusal = isStaffAccess(route.access) ? staffRefusal(route.access, claims!) : null;
    if (refusal) return send(res, refusal.status, { code: refusal.code, message: refusal.message });
    const body = await readBody(req);
    // The fast path while DynamoDB Local is known to be down: no handler waiting on a dead store.
    if (options.unavailable?.()) return sendUnavailable(res, false);
    const event = {
      resource: route.path,
      path,
      httpMethod: route.method,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      multiValueHeaders: {},
      queryStringParameters: url.searchParams.size ? Object.fromEntries(url.searchParams) : null,
      multiValueQueryStringParameters: null,
      pathParameters: Object.keys(params).length ? params : null,
      stageVariables: null,
      body: body || null,
      isBase64Encoded: false,
      requestContext: {
        authorizer: route.access === 'public' ? null : { claims },
        requestId: randomUUID(),
        stage: 'local',
        resourcePath: route.path,
        httpMethod: route.method,
        identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1' },
      },
    } as unknown as APIGatewayProxyEvent;
    // Each request logs under its own function's name, however requests of other functions overlap.
    const name = `trendex-${route.domain}`;
    let result: APIGatewayProxyResult;
    try {
      result = await withFunctionLogger(name, () =>
        options.handlers[route.domain](event, lambdaContext(name)),
      );
    } catch (error) {
      // An answer the handler gave (its middleware maps store failures) passes through unchanged;
      // only a call that threw because a service could not be reached becomes the 503.
      if (isConnectionError(error) || options.unavailable?.()) {
        console.error(`[gateway] ${name}: ${(error as Error).message}`);
        return sendUnavailable(res, true);
      }
      throw error;
    }
    res.writeHead(result.statusCode, { ...CORS, ...(result.headers as Record<string, string>) });
    res.end(result.body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = async () => {
      if (req.method === 'OPTIONS')
        return url.pathname.startsWith('/api') ? send(res, 204, '') : sendPrivate(res, 204, '');
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return api(req, res, url);
      if (url.pathname === '/config.json')
        return send(res, 200, options.runtimeConfig, { 'cache-control': 'no-cache' });
      if (url.pathname === '/outbox/messages')
        return sendPrivate(res, 200, await readOutbox(options.outboxDir, url.searchParams.get('to')));
      if (url.pathname === '/outbox') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(renderOutbox(await readOutbox(options.outboxDir, url.searchParams.get('to'))));
      }
      for (const extra of options.extraRoutes) if (await extra(req, res, url)) return;
      return serveStatic(req, res, options.webDist, url.pathname, options.webHeaders);
    };
    route().catch((error: unknown) => {
      console.error('[gateway]', error);
      if (!res.headersSent)
        send(res, 500, { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return server;
};
