import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { parseGroups } from '#core/admin-access';
import { callerFromClaims } from '#core/middleware';
import { handler as authHandler } from '#functions/auth/handler';
import { handler as adminHandler } from '#functions/admin/handler';

const context = { functionName: 'test', awsRequestId: 'r1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

const event = (over: Partial<APIGatewayProxyEvent>): APIGatewayProxyEvent =>
  ({ headers: {}, queryStringParameters: null, body: null, isBase64Encoded: false, requestContext: {}, ...over }) as APIGatewayProxyEvent;

describe('claims', () => {
  it('reads cognito:groups in every shape API Gateway and tokens use', () => {
    expect(parseGroups('admin')).toEqual(['admin']);
    expect(parseGroups('[admin, support]')).toEqual(['admin', 'support']);
    expect(parseGroups('admin,support')).toEqual(['admin', 'support']);
    expect(parseGroups(['support'])).toEqual(['support']);
    expect(parseGroups(undefined)).toEqual([]);
  });

  it('makes an admin only of the admin group', () => {
    expect(callerFromClaims({ sub: 'u1', email: 'a@b.co', 'cognito:groups': 'support' })?.isAdmin).toBe(false);
    expect(callerFromClaims({ sub: 'u1', email: 'a@b.co', 'cognito:groups': '[admin]' })?.isAdmin).toBe(true);
    expect(callerFromClaims({ email: 'a@b.co' })).toBeNull();
  });
});

describe('the middleware stack (before any I/O)', () => {
  it('answers invalid input with a 400 that names the field', async () => {
    const result = await authHandler(
      event({ resource: '/auth/register', httpMethod: 'POST', body: JSON.stringify({ email: 'x@y.co' }) }),
      context,
    );
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body)).toMatchObject({ code: 'VALIDATION', field: 'password' });
  });

  it('answers a body that is not JSON with a 400', async () => {
    const result = await authHandler(event({ resource: '/auth/directid', httpMethod: 'POST', body: '{' }), context);
    expect(result.statusCode).toBe(400);
  });

  it('checks the admin group again in the handler, whatever the gateway let through', async () => {
    const claims = { sub: 'u1', email: 'm@b.co', 'cognito:groups': 'support' };
    const result = await adminHandler(
      event({ resource: '/admin/summary', httpMethod: 'GET', requestContext: { authorizer: { claims } } as never }),
      context,
    );
    expect(result.statusCode).toBe(403);
    const anonymous = await adminHandler(event({ resource: '/admin/summary', httpMethod: 'GET' }), context);
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a route that is not in the table with 404', async () => {
    const result = await authHandler(event({ resource: '/auth/nothing', httpMethod: 'GET' }), context);
    expect(result.statusCode).toBe(404);
  });
});
