/**
 * The middy stack every API function runs: resolve the route from the table, parse and validate
 * the input with its zod schema (a readable 400 naming the field), check access from the Cognito
 * authorizer claims (admin = the Cognito `admin` group, checked here again as defence in depth),
 * call the operation, and map errors to their status and message.
 */
import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { Route } from '#api/route';
import { isStaffAccess, parseGroups, staffRefusal } from './admin-access';
import { isServiceUnavailable } from './aws-clients';
import { openCursor, signCursor, type CursorBinding } from './cursor';
import { isStoreUnavailable, storeMayHaveWritten, trackStoreWrites } from './db';
import { DomainError, badRequest, messages, notFound, unauthorized, unavailable } from './errors';
import { logger } from './logger';

export interface Caller {
  memberId: string;
  groups: string[];
  isAdmin: boolean;
}

interface OperationContext {
  caller: Caller | null;
  /** The caller's address as API Gateway saw it: the subject of per-IP abuse limits on public routes. */
  sourceIp: string;
}

/**
 * A domain's routes (api/routes/<domain>.ts): its function is given only these, so its bundle holds
 * its own schemas and not the whole contract's (bench/lambda).
 */
type RouteTable = Record<string, Route>;

/** What an operation knows of its caller: always someone on a member or admin route (checkAccess ran). */
type ContextOf<R extends Route> = R['access'] extends 'public'
  ? OperationContext
  : OperationContext & { caller: Caller };

/** An operation of the domain: validated input in, response body out. */
type Operation<R extends Route> = (
  input: z.infer<R['request']>,
  ctx: ContextOf<R>,
) => Promise<z.infer<R['response']>>;

type OperationsOf<T extends RouteTable> = { [Op in keyof T]: Operation<T[Op]> };

interface Resolved {
  operationId: string;
  route: Route;
  input: unknown;
  caller: Caller | null;
}

/** middy's way to hand data from middleware to the handler: properties on the Lambda context. */
type RoutedContext = Context & { resolved: Resolved };
const resolvedOf = (request: { context: Context }): Resolved => (request.context as RoutedContext).resolved;

const json = (
  statusCode: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): APIGatewayProxyResult => ({
  statusCode,
  headers: {
    'content-type': 'application/json',
    'access-control-allow-origin': process.env.WEB_ORIGIN ?? '*',
    'cache-control': 'no-store',
    ...extraHeaders,
  },
  body: JSON.stringify(body),
});

export const callerFromClaims = (claims: Record<string, unknown> | undefined): Caller | null => {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) return null;
  const groups = parseGroups(claims?.['cognito:groups']);
  // No e-mail: the token's can be stale (an admin moved the login) or set by the caller in Cognito;
  // records take the member item's.
  return { memberId: sub, groups, isAdmin: groups.includes('admin') };
};

const readRoute = (table: RouteTable): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> => ({
  before: (request) => {
    const { httpMethod, resource } = request.event;
    const entry = Object.entries(table).find(([, r]) => r.method === httpMethod && r.path === resource);
    if (!entry) throw notFound();
    (request.context as RoutedContext).resolved = {
      operationId: entry[0],
      route: entry[1],
      input: undefined,
      caller: null,
    };
  },
});

const checkAccess: MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
  before: (request) => {
    const resolved = resolvedOf(request);
    // The Cognito authorizer (member routes) nests the claims; the staff Lambda authorizers'
    // context is flat.
    const authorizer = request.event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
    const claims = (authorizer?.claims ?? authorizer ?? undefined) as Record<string, unknown> | undefined;
    const caller = callerFromClaims(claims);
    resolved.caller = caller;
    if (resolved.route.access === 'public') return;
    if (!caller) throw unauthorized();
    if (isStaffAccess(resolved.route.access)) {
      const refusal = staffRefusal(resolved.route.access, claims!);
      if (refusal) throw refusal;
    }
  },
};

const fieldOf = (issue: z.core.$ZodIssue): string | undefined =>
  issue.path.length ? issue.path.map(String).join('.') : undefined;

const parseInput: MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
  before: (request) => {
    const resolved = resolvedOf(request);
    const { event } = request;
    let raw: unknown;
    if (resolved.route.method === 'GET' || resolved.route.method === 'DELETE') {
      raw = { ...(event.queryStringParameters ?? {}) };
    } else {
      const text =
        event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString() : event.body;
      try {
        raw = text ? JSON.parse(text) : {};
      } catch {
        throw badRequest('INVALID_JSON', 'The request body is not valid JSON.');
      }
    }
    const parsed = resolved.route.request.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = fieldOf(issue);
      // zod's own wording for a wrong type is technical; name the field instead.
      const message =
        issue.code === 'invalid_type' && field && !issue.message.endsWith('.')
          ? `${field} is missing or has the wrong type.`
          : issue.message;
      throw badRequest('VALIDATION', message, field);
    }
    resolved.input = parsed.data;
  },
};

/** A paged request's binding: the caller, the operation, and every parameter but the page itself. */
const bindingOf = (resolved: Resolved): CursorBinding => {
  const { cursor: _cursor, limit: _limit, ...query } = resolved.input as Record<string, unknown>;
  return { caller: resolved.caller?.memberId ?? '', operationId: resolved.operationId, query };
};

/** A cursor given back must be one this caller got for this query (./cursor.ts); the operation gets its position. */
const openCursors: MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
  before: async (request) => {
    const resolved = resolvedOf(request);
    const input = resolved.input as Record<string, unknown> | undefined;
    if (typeof input?.cursor !== 'string' || input.cursor === '') return;
    resolved.input = { ...input, cursor: await openCursor(input.cursor, bindingOf(resolved)) };
  },
};

const mapErrors: MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> = {
  onError: (request) => {
    let error = request.error;
    // The table could not be reached: a 503 the client can act on, not a 500.
    if (!(error instanceof DomainError) && isStoreUnavailable(error)) {
      logger.error('the table could not be reached', { error: error as Error });
      error = unavailable(storeMayHaveWritten());
    }
    // Another AWS service (Cognito, SES, SQS...) could not serve a call: also a 503, and one that
    // may have taken effect (a call that timed out may still have run).
    if (!(error instanceof DomainError) && isServiceUnavailable(error)) {
      logger.error('an AWS service could not be reached', { error: error as Error });
      error = unavailable(true);
    }
    if (error instanceof DomainError) {
      if (error.status >= 500) logger.error('domain error', { error });
      request.response = json(
        error.status,
        { code: error.code, message: error.message, field: error.field },
        error.retryAfterSeconds
          ? // exposed: the web app may be on another origin than the API
            { 'retry-after': String(error.retryAfterSeconds), 'access-control-expose-headers': 'retry-after' }
          : {},
      );
      return;
    }
    logger.error('unhandled error', { error: error as Error });
    request.response = json(500, { code: 'INTERNAL', message: messages.internal });
  },
};

const routedHandler = <T extends RouteTable>(table: T, operations: OperationsOf<T>) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger))
    .use(mapErrors)
    .use(readRoute(table))
    .use(checkAccess)
    .use(parseInput)
    .use(openCursors)
    .handler(async (_event, context) => {
      const resolved = (context as RoutedContext).resolved;
      const binding = bindingOf(resolved);
      const { operationId, route, input, caller } = resolved;
      const operation = operations[operationId] as unknown as (
        input: unknown,
        ctx: OperationContext,
      ) => Promise<unknown>;
      const sourceIp = _event.requestContext?.identity?.sourceIp ?? '';
      const body = await operation(input, { caller, sourceIp });
      // the next page's cursor leaves signed for this caller and query
      const cursor = (body as { cursor?: unknown } | null)?.cursor;
      if (typeof cursor === 'string') (body as { cursor: string }).cursor = await signCursor(cursor, binding);
      // Parsing the answer strips any field the contract does not name: nothing leaks by accident.
      return json(route.status ?? 200, route.response.parse(body));
    });

/**
 * The Lambda handler of one domain: every operation of the domain's route table behind the
 * middleware stack, run so that the store's client can tell whether a write of this request may
 * have taken effect.
 */
export const domainHandler = <T extends RouteTable>(table: T, operations: OperationsOf<T>) => {
  const stack = routedHandler(table, operations);
  return (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> =>
    trackStoreWrites(() => stack(event, context));
};
