/**
 * Issue 11 in the template: each function's grants equal lib/permissions.ts, admin routes behind
 * the admin authorizer, throttling and the WAF on the public routes, the web app's CSP, and the
 * payment secrets read at run time.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../api/routes';
import { grantsOf, permissions } from '../../lib/permissions';
import { STAGE_THROTTLE } from '../../lib/throttling';
import { COLOR_MODE_SCRIPT } from '../../web/src/theme/colorModeScript';
import { PAYMENTS_SECRET_NAME } from '../../lib/trendex-stack';
import {
  actionsOf,
  expectedActions,
  leadingKeysOf,
  ofType,
  ourFunctions,
  type Props,
  type Resource,
  restMethods,
  statementsOf,
  repositoryStack,
  TABLE_READ,
  TABLE_WRITE,
} from './support';

let resources: Record<string, Resource>;
let functions: ReturnType<typeof ourFunctions>;
beforeAll(() => {
  ({ resources } = repositoryStack());
  functions = ourFunctions(resources);
}, 120_000);

const fn = (name: string): Props => {
  const found = functions.get(name);
  if (!found) throw new Error(`no function ${name} in the stack`);
  return found.fn;
};
const actions = (name: string) => actionsOf(statementsOf(resources, fn(name)));
const namesWith = (action: string) =>
  [...functions.keys()].filter((name) => actions(name).includes(action)).sort();

describe('least privilege: each function gets what lib/permissions.ts says', () => {
  it('has an entry for every function, and grants each exactly its actions', () => {
    expect(functions.size).toBeGreaterThan(15);
    for (const name of functions.keys()) {
      expect(actions(name), name).toEqual(expectedActions(grantsOf(permissions, name), name));
    }
  });

  it('fails loudly for a function the table does not name', () => {
    expect(() => grantsOf(permissions, 'api/newDomain')).toThrow(/api\/newDomain.*lib\/permissions\.ts/);
  });

  it('lets the market ticker write only the ticker and the topic lists, and push', () => {
    const statements = statementsOf(resources, fn('schedule/marketTicker'));
    expect(actionsOf(statements)).toEqual(
      [
        ...TABLE_READ,
        ...TABLE_WRITE,
        'execute-api:ManageConnections',
        // its failed runs go to its dead-letter queue
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:SendMessage',
      ].sort(),
    );
    expect(leadingKeysOf(statements)).toEqual(['MARKET', 'TOPIC#*']);
    // the condition sits on the writes
    const conditioned = statements.find((s) => s.Condition)!;
    expect([conditioned.Action].flat().sort()).toEqual(TABLE_WRITE);
  });

  it('keeps the team API and the pre sign-up trigger read-only', () => {
    for (const name of ['api/team', 'trigger/preSignUp'])
      // the team API also reads the cursor key; nothing of the table's but reads
      expect(
        actions(name).filter((a) => a.startsWith('dynamodb:')),
        name,
      ).toEqual(TABLE_READ);
  });

  it('holds the post confirmation trigger to the items it writes, and the realtime function to connections', () => {
    expect(leadingKeysOf(statementsOf(resources, fn('trigger/postConfirmation')))).toEqual([
      'MEMBER#*',
      'USERNAME#*',
      'PHONE#*',
      'COUNTER',
      'PLACEMENT#*',
    ]);
    expect(leadingKeysOf(statementsOf(resources, fn('realtime')))).toEqual([
      'CONN#*',
      'MEMBERCONN#*',
      'TOPIC#*',
    ]);
  });

  it('gives mail only to the functions that mail', () => {
    expect(namesWith('ses:SendEmail')).toEqual([
      'api/auth',
      // bot events: a pause or resume (api), a fill or refusal (executor), a close-out (gateway),
      // the hour's digests (schedule)
      'api/bots',
      'api/exchange',
      'api/support',
      'api/wallet',
      'exchangeGateway',
      'orderExecutor',
      'schedule/botEmailDigests',
    ]);
  });

  it('gives the Cognito admin operations only to their callers, and AdminAddUserToGroup to no one', () => {
    const cognito = ofType(resources, 'AWS::IAM::Policy').flatMap(
      ([, p]) => JSON.stringify(p.Properties!.PolicyDocument).match(/cognito-idp:\w+/g) ?? [],
    );
    expect(cognito).not.toContain('cognito-idp:AdminAddUserToGroup');
    expect(namesWith('cognito-idp:AdminUpdateUserAttributes')).toEqual(['api/admin', 'api/auth']);
    expect(namesWith('cognito-idp:AdminGetUser')).toEqual(['api/auth', 'trigger/preTokenGeneration']);
    // it revokes an account's refresh tokens when it meets a change of TOTP or staff groups
    expect(actions('trigger/preTokenGeneration').filter((a) => a.startsWith('cognito-idp:'))).toEqual([
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
    expect(actions('trigger/customMessage')).toEqual([]);
  });

  it('gives the images bucket to the support function only: put and get of its objects', () => {
    const [[bucketId]] = ofType(resources, 'AWS::S3::Bucket').filter(([id]) =>
      id.startsWith('StorageImages'),
    );
    for (const [name, { fn: f }] of functions) {
      const s3 = actions(name).filter((a) => a.startsWith('s3:'));
      if (name === 'api/support') {
        expect(s3).toEqual(['s3:GetObject', 's3:PutObject']);
        expect(JSON.stringify(f.Environment?.Variables?.IMAGES_BUCKET)).toContain(bucketId);
      } else {
        expect(s3, name).toEqual([]);
        expect(f.Environment?.Variables?.IMAGES_BUCKET, name).toBeUndefined();
      }
    }
  });

  it('gives the admin authorizer nothing but the pool ids', () => {
    expect(actions('adminAuthorizer')).toEqual([]);
    expect(Object.keys(fn('adminAuthorizer').Environment.Variables)).toEqual(
      expect.arrayContaining(['USER_POOL_ID', 'USER_POOL_CLIENT_ID']),
    );
  });
});

describe('payment provider credentials', () => {
  const readers = ['api/wallet', 'schedule/depositReconciliation', 'schedule/withdrawalSweep'];

  it('are in no function environment', () => {
    for (const [name, { fn: f }] of functions) {
      const variables = (f.Environment?.Variables ?? {}) as Record<string, unknown>;
      expect(JSON.stringify(variables), name).not.toContain('resolve:secretsmanager');
      const payments = Object.keys(variables).filter((k) => k.startsWith('PAYMENTS_'));
      for (const key of payments)
        expect(['PAYMENTS_SECRET_ID', 'PAYMENTS_IPN_URL', 'PAYMENTS_PAYOUT_IPN_URL']).toContain(key);
    }
  });

  it('tell the wallet function where the provider calls back, from the route table', () => {
    const variables = JSON.stringify(fn('api/wallet').Environment.Variables);
    for (const [variable, operationId] of [
      ['PAYMENTS_IPN_URL', 'paymentCallback'],
      ['PAYMENTS_PAYOUT_IPN_URL', 'payoutCallback'],
    ] as const)
      expect(variables).toMatch(new RegExp(`"${variable}":.*?/v1${routes[operationId].path}"`));
  });

  it('are read at run time from the one secret, by the functions that call the provider only', () => {
    const paymentReaders = [...functions.keys()].filter((name) =>
      statementsOf(resources, fn(name)).some(
        (s) =>
          [s.Action].flat().includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(s.Resource).includes(`:secret:${PAYMENTS_SECRET_NAME}-`),
      ),
    );
    expect(paymentReaders.sort()).toEqual([...readers].sort());
    for (const name of readers) {
      expect(fn(name).Environment.Variables.PAYMENTS_SECRET_ID).toBe(PAYMENTS_SECRET_NAME);
      const statement = statementsOf(resources, fn(name)).find((s) =>
        [s.Action].flat().includes('secretsmanager:GetSecretValue'),
      )!;
      expect(JSON.stringify(statement.Resource)).toContain(`:secret:${PAYMENTS_SECRET_NAME}-??????`);
    }
  });
});

describe('paging cursors', () => {
  it('are signed with the generated key, which every function serving a paged route reads', () => {
    const paged = new Set(
      Object.values(routes)
        .filter((r) => 'cursor' in ((r.request as unknown as { shape?: object }).shape ?? {}))
        .map((r) => `api/${r.domain}`),
    );
    const [[keyId]] = ofType(resources, 'AWS::SecretsManager::Secret').filter(([id]) =>
      id.startsWith('CursorKey'),
    );
    const readers = [...functions.keys()].filter((name) =>
      JSON.stringify(fn(name).Environment?.Variables?.CURSOR_KEY_SECRET_ID ?? '').includes(keyId),
    );
    expect(readers.sort()).toEqual([...paged].sort());
  });
});

describe('REST API authorizers', () => {
  it('puts the staff authorizers on every admin and staff route, Cognito on every member route, none on public ones', () => {
    const authorizers = ofType(resources, 'AWS::ApiGateway::Authorizer');
    const [[cognitoId]] = authorizers.filter(([, a]) => a.Properties!.Type === 'COGNITO_USER_POOLS');
    const tokenAuthorizer = (name: string) => {
      const [found] = authorizers.filter(
        ([, a]) =>
          a.Properties!.Type === 'TOKEN' &&
          JSON.stringify(a.Properties!.AuthorizerUri).includes(functions.get(name)!.id),
      );
      expect(found[1].Properties!.IdentitySource).toBe('method.request.header.Authorization');
      expect(found[1].Properties!.AuthorizerResultTtlInSeconds).toBe(300);
      return found[0];
    };
    const adminId = tokenAuthorizer('adminAuthorizer');
    const staffId = tokenAuthorizer('staffAuthorizer');
    expect(authorizers).toHaveLength(3);
    expect(fn('adminAuthorizer').Handler).toBe('index.handler');
    expect(fn('staffAuthorizer').Handler).toBe('index.staffHandler');

    const methods = restMethods(resources);
    for (const [operationId, route] of Object.entries(routes)) {
      const method = methods.get(`${route.method} ${route.path}`)!;
      const expected = {
        public: { AuthorizationType: 'NONE', AuthorizerId: undefined },
        member: { AuthorizationType: 'COGNITO_USER_POOLS', AuthorizerId: { Ref: cognitoId } },
        staff: { AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: staffId } },
        admin: { AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: adminId } },
      }[route.access];
      expect(
        { AuthorizationType: method.AuthorizationType, AuthorizerId: method.AuthorizerId },
        operationId,
      ).toEqual(expected);
    }
  });
});

describe('throttling and the WAF', () => {
  const publicRoutes = Object.values(routes).filter((r) => r.access === 'public');

  it('throttles the stage, and each public route on its own', () => {
    const [[, stage]] = ofType(resources, 'AWS::ApiGateway::Stage');
    const settings = stage.Properties!.MethodSettings as Props[];
    expect(settings).toContainEqual(
      expect.objectContaining({
        ResourcePath: '/*',
        HttpMethod: '*',
        ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
      }),
    );
    for (const route of publicRoutes) {
      const setting = settings.find(
        (s) => s.ResourcePath === `/${route.path.replaceAll('/', '~1')}` && s.HttpMethod === route.method,
      );
      expect(setting?.ThrottlingRateLimit, route.path).toBeLessThan(STAGE_THROTTLE.rateLimit);
    }
  });

  it('guards the stage with a regional WAF', () => {
    const [[aclId, acl]] = ofType(resources, 'AWS::WAFv2::WebACL');
    expect(acl.Properties!.Scope).toBe('REGIONAL');
    const [[, association]] = ofType(resources, 'AWS::WAFv2::WebACLAssociation');
    expect(association.Properties!.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    const [[restApiId]] = ofType(resources, 'AWS::ApiGateway::RestApi');
    const [[stageId]] = ofType(resources, 'AWS::ApiGateway::Stage');
    const arn = JSON.stringify(association.Properties!.ResourceArn);
    expect(arn).toContain(`{"Ref":"${restApiId}"}`);
    expect(arn).toContain(`"/stages/",{"Ref":"${stageId}"}`);
    const managed = (acl.Properties!.Rules as Props[]).map(
      (r) => r.Statement.ManagedRuleGroupStatement?.Name,
    );
    expect(managed).toContain('AWSManagedRulesCommonRuleSet');
  });

  it('has a per-IP rate rule over every public route, and over no signed-in route', () => {
    const [[, acl]] = ofType(resources, 'AWS::WAFv2::WebACL');
    const rateRules = (acl.Properties!.Rules as Props[])
      .map((r) => r.Statement.RateBasedStatement)
      .filter(Boolean)
      .map((r) => ({
        limit: r.Limit as number,
        path: new RegExp(r.ScopeDownStatement.RegexMatchStatement.RegexString),
      }));
    // As the WAF sees them: behind the stage name.
    const covering = (path: string) => rateRules.filter((r) => r.path.test(`/v1${path}`));
    for (const route of publicRoutes) expect(covering(route.path), route.path).toHaveLength(1);
    for (const route of Object.values(routes).filter((r) => r.access !== 'public'))
      expect(covering(route.path), route.path).toHaveLength(0);
    for (const { limit } of rateRules) expect(limit).toBeLessThanOrEqual(1000);
  });
});

describe('the web app', () => {
  it("answers with a strict Content-Security-Policy naming the API, the WebSocket, Cognito and Binance's public streams", () => {
    const [[policyId, policy]] = ofType(resources, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = JSON.stringify(
      policy.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
        .ContentSecurityPolicy,
    );
    for (const directive of [
      "default-src 'self'",
      // the app's own scripts, and the one inline script of index.html (the colour mode) by its hash
      `script-src 'self' 'sha256-${createHash('sha256').update(COLOR_MODE_SCRIPT).digest('base64')}';`,
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
    ])
      expect(csp).toContain(directive);
    const connect = csp.slice(csp.indexOf('connect-src'), csp.indexOf('frame-ancestors'));
    const [[restApiId]] = ofType(resources, 'AWS::ApiGateway::RestApi');
    const [[webSocketId]] = ofType(resources, 'AWS::ApiGatewayV2::Api');
    expect(connect).toContain(`https://",{"Ref":"${restApiId}"},".execute-api.`);
    expect(connect).toContain(`{"Fn::GetAtt":["${webSocketId}","ApiEndpoint"]}`);
    expect(connect).toContain('https://cognito-idp.');
    // the ticker reads Binance's public mini-ticker stream in the browser: that origin, no wildcard
    expect(connect).toContain('wss://stream.binance.com:9443');
    expect(connect).not.toContain('*');

    const [[, distribution]] = ofType(resources, 'AWS::CloudFront::Distribution');
    expect(distribution.Properties!.DistributionConfig.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({
      Ref: policyId,
    });
  });
});
