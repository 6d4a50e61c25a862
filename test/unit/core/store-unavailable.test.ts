/**
 * A store that cannot be reached: the API answers 503 with Retry-After and says what is safe, not
 * 500. The real DynamoDB client (core/db.ts) talks to a fake endpoint on loopback that answers as
 * told: DynamoDB's own error bodies, a reset connection, or nothing at all (refused).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';

type Mode = 'ok' | 'error500' | 'throttled' | 'conditional' | 'reset';
let mode: Mode = 'ok';
let requests = 0;

const dynamoError = (type: string, message: string) =>
  JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message });

const server: Server = createServer((req, res) => {
  requests++;
  req.resume();
  req.on('end', () => {
    const headers = { 'content-type': 'application/x-amz-json-1.0' };
    if (mode === 'reset') return req.socket.destroy();
    if (mode === 'error500') {
      res.writeHead(500, headers);
      return res.end(dynamoError('InternalServerError', 'Internal server error'));
    }
    if (mode === 'throttled') {
      res.writeHead(400, headers);
      return res.end(dynamoError('ThrottlingException', 'Rate of requests exceeds the allowed throughput.'));
    }
    if (mode === 'conditional') {
      res.writeHead(400, headers);
      return res.end(dynamoError('ConditionalCheckFailedException', 'The conditional request failed'));
    }
    res.writeHead(200, headers);
    res.end('{}');
  });
});

let store: typeof import('#core/db');
let lib: typeof import('@aws-sdk/lib-dynamodb');
let handler: (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
let port = 0;

const context = {
  functionName: 'test',
  awsRequestId: 'r1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;
const event = {
  resource: '/market/ticker',
  httpMethod: 'GET',
  headers: {},
  queryStringParameters: null,
  body: null,
  isBase64Encoded: false,
  requestContext: {},
} as unknown as APIGatewayProxyEvent;

/** What the test operation does with the table before it answers. */
let operation: () => Promise<unknown>;
const get = () => store.db.send(new lib.GetCommand({ TableName: 'T', Key: { PK: 'a', SK: 'b' } }));
const put = () => store.db.send(new lib.PutCommand({ TableName: 'T', Item: { PK: 'a', SK: 'b' } }));

const answer = async () => {
  const result = await handler(event, context);
  return {
    status: result.statusCode,
    headers: result.headers ?? {},
    body: JSON.parse(result.body) as Record<string, unknown>,
  };
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  Object.assign(process.env, {
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: 'T',
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`,
  });
  vi.resetModules();
  store = await import('#core/db');
  lib = await import('@aws-sdk/lib-dynamodb');
  const { domainHandler } = await import('#core/middleware');
  const { marketRoutes } = await import('#api/routes/market');
  handler = domainHandler(marketRoutes, { getTicker: () => operation() } as never) as typeof handler;
});

afterAll(() => {
  delete process.env.DYNAMODB_ENDPOINT;
});

beforeEach(() => {
  mode = 'ok';
  requests = 0;
});

describe('the store cannot be reached', () => {
  it('answers 503 with Retry-After, "not carried out", when only reads failed', async () => {
    mode = 'error500';
    operation = get;
    const r = await answer();
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('5');
    expect(r.body).toEqual({
      code: 'UNAVAILABLE',
      message:
        'The service is briefly unavailable. Your request was not carried out; it is safe to try again in a few seconds.',
    });
    expect(requests).toBe(3); // the client's retries ran first
  });

  it('says repeating the same request is safe when a write may have taken effect', async () => {
    // a reset connection after the write was sent: it may have been applied
    mode = 'reset';
    operation = put;
    const r = await answer();
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('5');
    expect(r.body.message).toBe(
      'The service is briefly unavailable. Try again in a few seconds; repeating the same request is safe.',
    );
  });

  it('counts an earlier write of the same request, even when a read is what failed', async () => {
    operation = async () => {
      await put();
      mode = 'error500';
      return get();
    };
    const r = await answer();
    expect(r.status).toBe(503);
    expect(r.body.message).toContain('repeating the same request is safe');
  });

  it('a write the table refused (throttled) changed nothing: "not carried out"', async () => {
    mode = 'throttled';
    operation = put;
    const r = await answer();
    expect(r.status).toBe(503);
    expect(r.body.message).toContain('Your request was not carried out');
  }, 15_000);

  it('keeps answers of the table that are not outages: a failed condition is still a 500 here', async () => {
    mode = 'conditional';
    operation = put;
    const r = await answer();
    expect(r.status).toBe(500);
    expect(r.headers['retry-after']).toBeUndefined();
    expect(requests).toBe(1);
  });

  it('classifies only errors that came out of the store client', async () => {
    mode = 'error500';
    const fromStore = await get().catch((e: unknown) => e);
    expect(store.isStoreUnavailable(fromStore)).toBe(true);
    expect(store.isStoreUnavailable(new Error('wrapped', { cause: fromStore }))).toBe(true);
    // the same shape from elsewhere (a payment provider's fetch, a hand-made error) is not the store
    expect(
      store.isStoreUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(false);
    mode = 'conditional';
    expect(store.isStoreUnavailable(await put().catch((e: unknown) => e))).toBe(false);
  });

  it('answers 503 "not carried out" when the connection is refused (the store is down)', async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    // the client's pooled connections see their end first (as when DynamoDB Local exits)
    await new Promise((resolve) => setTimeout(resolve, 100));
    operation = put;
    const started = Date.now();
    const r = await answer();
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('5');
    // no connection was ever made: nothing can have been written
    expect(r.body.message).toContain('Your request was not carried out');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
