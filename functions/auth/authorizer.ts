/**
 * The staff routes' Lambda authorizers (one function per access of api/route.ts: `admin`, `staff`):
 * API Gateway refuses a caller outside the route's groups, or one whose sign-in did not use TOTP,
 * before any staff function runs (the handler checks again). A forged or edited token fails the
 * signature check and is a 401.
 */
import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { MFA_CLAIM, parseGroups, staffRefusal, type StaffAccess } from '#core/admin-access';
import { verifyIdToken } from '#core/id-token';

/**
 * One policy for every method of the stage that this authorizer protects: API Gateway caches the
 * answer per token for all the routes of the authorizer, so an Allow must not name only the first
 * method asked for. Each access has its own authorizer, so its cache never answers for another.
 */
const everyMethodOf = (methodArn: string) => {
  // arn:aws:execute-api:{region}:{account}:{apiId}/{stage}/{method}/{path…}
  const [api, stage] = methodArn.split('/');
  return `${api}/${stage}/*/*`;
};

const authorizerFor =
  (access: StaffAccess) =>
  async (event: APIGatewayTokenAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
    const token = /^Bearer (.+)$/i.exec(event.authorizationToken ?? '')?.[1];
    const claims = await verifyIdToken(token);
    // API Gateway answers exactly this error with a 401.
    if (!claims) throw new Error('Unauthorized');
    const allowed = staffRefusal(access, claims) === null;
    return {
      principalId: String(claims.sub),
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            Action: 'execute-api:Invoke',
            Effect: allowed ? 'Allow' : 'Deny',
            Resource: everyMethodOf(event.methodArn),
          },
        ],
      },
      // The handler's middleware reads the caller from this (flat strings only).
      context: {
        sub: String(claims.sub),
        email: String(claims.email ?? ''),
        'cognito:groups': parseGroups(claims['cognito:groups']).join(','),
        [MFA_CLAIM]: String(claims[MFA_CLAIM] ?? ''),
      },
    };
  };

/** The `admin` routes' authorizer. */
export const handler = authorizerFor('admin');
/** The `staff` routes' authorizer (support's complaint desk). */
export const staffHandler = authorizerFor('staff');
