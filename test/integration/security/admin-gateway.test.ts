/**
 * Admin routes: refused before any admin code runs (the local gateway as API Gateway with its admin
 * authorizer; the authorizer Lambda itself against the local pool), for a member, a token whose
 * groups were edited, and an admin without TOTP; and the daily cap on manual credits.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, logInAdmin, newAdmin, newVerifiedMember, stack } from '../../support/api';
import { enrolTotp } from '../../support/totp';

/** The same token with `cognito:groups` rewritten, its signature left as it was. */
const withGroups = (idToken: string, groups: string[]) => {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const edited = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': groups })).toString('base64url');
  return [header, edited, signature].join('.');
};

const adminRoute = (idToken: string) => call('getAdminSummary', {}, idToken);

describe('admin routes at the gateway', () => {
  it('refuses a member', async () => {
    const member = await newVerifiedMember();
    expect(await adminRoute(member.idToken)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('refuses a member token whose groups claim was edited to admin', async () => {
    const member = await newVerifiedMember();
    expect((await adminRoute(withGroups(member.idToken, ['admin']))).status).toBe(401);
  });

  it('refuses an admin without two-factor authentication until they turn it on', async () => {
    const admin = await newAdmin(false);
    expect(await adminRoute(admin.idToken)).toMatchObject({
      status: 403,
      body: { code: 'MFA_REQUIRED', message: expect.stringContaining('two-factor authentication') },
    });
    const secret = await enrolTotp(stack().cognitoEndpoint, stack().userPoolClientId, admin);
    expect((await adminRoute(await logIn(admin.email, admin.password, secret))).status).toBe(200);
  });
});

describe('the admin authorizer (API Gateway’s Lambda authorizer)', () => {
  let authorize: (token: string) => Promise<APIGatewayAuthorizerResult>;
  const methodArn = 'arn:aws:execute-api:local:000000000000:api123/v1/GET/admin/dashboard';

  beforeAll(async () => {
    // what the stack gives the authorizer function: the pool ids (here the local pool)
    Object.assign(process.env, {
      COGNITO_ENDPOINT: stack().cognitoEndpoint,
      USER_POOL_ID: stack().userPoolId,
      USER_POOL_CLIENT_ID: stack().userPoolClientId,
    });
    const { handler } = await import('#functions/auth/authorizer');
    authorize = (token) => handler({ type: 'TOKEN', authorizationToken: `Bearer ${token}`, methodArn });
  });

  const effect = (result: APIGatewayAuthorizerResult) =>
    (result.policyDocument.Statement[0] as { Effect: string }).Effect;

  it('allows an admin signed in with TOTP, for every admin method, and passes the caller on', async () => {
    const result = await authorize(await logInAdmin());
    expect(effect(result)).toBe('Allow');
    expect(result.policyDocument.Statement[0]).toMatchObject({
      Resource: 'arn:aws:execute-api:local:000000000000:api123/v1/*/*',
    });
    expect(result.context).toMatchObject({ 'cognito:groups': 'admin', mfa: 'totp' });
  });

  it('denies a member and an admin without TOTP, and rejects an edited token as unauthorized', async () => {
    const member = await newVerifiedMember();
    expect(effect(await authorize(member.idToken))).toBe('Deny');
    expect(effect(await authorize((await newAdmin(false)).idToken))).toBe('Deny');
    await expect(authorize(withGroups(member.idToken, ['admin']))).rejects.toThrow('Unauthorized');
  });
});

describe('manual credits', () => {
  const credit = (admin: string, memberId: string, amount: string) =>
    call('editProfile', { requestId: randomUUID(), memberId, balanceToAdd: amount }, admin);
  const wallet = async (idToken: string) => Number((await call('getWallet', {}, idToken)).body.wallet);

  it('stops one admin at 10,000 USDT of credits a day and changes nothing past it', async () => {
    const [admin, other] = await Promise.all([newAdmin(), newAdmin()]);
    const member = await newVerifiedMember();
    const memberId = String((await call('getProfile', {}, member.idToken)).body.id);
    expect((await credit(admin.idToken, memberId, '9999.5')).status).toBe(200);
    const refused = await credit(admin.idToken, memberId, '1');
    expect(refused).toMatchObject({
      status: 400,
      body: {
        code: 'DAILY_CREDIT_CAP',
        message: expect.stringContaining('0.50 USDT is left today'),
        field: 'balanceToAdd',
      },
    });
    expect(await wallet(member.idToken)).toBe(9_999_500_000);
    // the cap is the admin's own: another admin may still credit, and debits are not capped
    expect((await credit(other.idToken, memberId, '1')).status).toBe(200);
    expect((await credit(admin.idToken, memberId, '-2')).status).toBe(200);
    expect(await wallet(member.idToken)).toBe(9_998_500_000);
  });
});
