/** The stack as `npx cdk synth` builds it from the repository's own functions and route table. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { wsRoutes } from '../../api/realtime';
import { domains, routes } from '../../api/routes';
import { schedules } from '../../api/schedules';
import { permissions } from '../../lib/permissions';
import {
  decryptingRoles,
  ofType,
  ourFunctions,
  type Props,
  type Resource,
  restMethods,
  repositoryStack,
} from './support';

let template: Template;
let resources: Record<string, Resource>;
let counts: Record<string, number>;
let outdir: string;
beforeAll(() => {
  // the function bundles' tests below read them
  ({ template, resources, counts, outdir } = repositoryStack(true));
}, 240_000); // bundles every function with esbuild

describe('data', () => {
  it('has one table with PITR, deletion protection, streams, TTL and two GSIs, retained', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          Match.objectLike({ IndexName: 'GSI1' }),
          Match.objectLike({ IndexName: 'GSI2' }),
        ],
      }),
    });
  });

  it('lets no function decrypt exchange secrets but the exchange gateway and the executor (and the user stream tasks)', () => {
    const [[keyId]] = ofType(resources, 'AWS::KMS::Key');
    const allowed = [
      ...[...ourFunctions(resources)]
        .filter(([name]) => ['exchangeGateway', 'orderExecutor'].includes(name))
        .map(([, { fn }]) => fn.Role['Fn::GetAtt'][0] as string),
      ...ofType(resources, 'AWS::ECS::TaskDefinition').map(
        ([, task]) => task.Properties!.TaskRoleArn['Fn::GetAtt'][0] as string,
      ),
    ];
    for (const role of decryptingRoles(resources, keyId)) expect(allowed).toContain(role);
  });
});

describe('REST API', () => {
  const methods = () => restMethods(resources);

  it('has exactly one method per route of api/routes.ts', () => {
    const expected = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect([...methods().keys()].sort()).toEqual(expected.sort());
  });

  it("integrates every route (Lambda proxy) with its domain's function", () => {
    for (const route of Object.values(routes)) {
      const integration = methods().get(`${route.method} ${route.path}`)!.Integration;
      expect(integration.Type).toBe('AWS_PROXY');
      const [uriFunction] = JSON.stringify(integration.Uri).match(/Api\w+Function[0-9A-F]{8}/) ?? [];
      expect(uriFunction).toMatch(new RegExp(`^Api${route.domain}Function`, 'i'));
    }
  });
});

describe('functions', () => {
  it('runs every function of ours on Node.js 22, arm64, bundled by esbuild into a zip', () => {
    const fns = ourFunctions(resources);
    expect(fns.size).toBeGreaterThanOrEqual(new Set(Object.values(routes).map((r) => r.domain)).size + 4);
    for (const [id, { fn: p }] of fns) {
      expect(p.Runtime, id).toBe('nodejs22.x');
      expect(p.Architectures, id).toEqual(['arm64']);
      expect(p.Handler, id).toMatch(/^index\.\w+$/);
      expect(p.Code.S3Key, id).toMatch(/\.zip$/);
      expect(p.MemorySize, id).toBe(512);
      expect(p.TracingConfig, id).toEqual({ Mode: 'Active' });
      expect(p.LoggingConfig?.LogGroup, id).toBeDefined();
    }
  });

  it('wires the four Cognito triggers from functions/auth/triggers.ts', () => {
    const lambdaConfig = ofType(resources, 'AWS::Cognito::UserPool')[0][1].Properties!.LambdaConfig;
    expect(Object.keys(lambdaConfig).sort()).toEqual([
      'CustomMessage',
      'PostConfirmation',
      'PreSignUp',
      'PreTokenGeneration',
    ]);
    const handlers = [...ourFunctions(resources).values()].map(({ fn }) => fn.Handler);
    expect(handlers).toEqual(
      expect.arrayContaining([
        'index.preSignUp',
        'index.postConfirmation',
        'index.customMessage',
        'index.preTokenGeneration',
      ]),
    );
  });

  it('creates a schedule only where its handler file exists', () => {
    const present = schedules.filter((s) =>
      existsSync(fileURLToPath(new URL(`../../functions/${s.domain}/schedules.ts`, import.meta.url))),
    );
    template.resourceCountIs('AWS::Events::Rule', present.length);
  });
});

describe('Cognito', () => {
  it('signs in with e-mail, leaves verification to our own mail and has the admin and support groups', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: [],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 9,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'sponsor', AttributeDataType: 'String', Mutable: false }),
        Match.objectLike({ Name: 'side', AttributeDataType: 'String', Mutable: false }),
      ]),
    });
    const groups = ofType(resources, 'AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties!.GroupName);
    expect(groups.sort()).toEqual(['admin', 'support']);
  });

  it('offers TOTP as the second factor, never SMS', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('signs the web app in with SRP only, and lets a member write only their name', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      WriteAttributes: ['name'],
    });
  });
});

describe('WebSocket API', () => {
  it('routes every route of the WebSocket contract (api/realtime.ts) to the realtime function', () => {
    const keys = ofType(resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey);
    expect(keys.sort()).toEqual([...wsRoutes].sort());
    expect(keys).toEqual(expect.arrayContaining(['$connect', '$disconnect', 'subscribe']));
  });
});

describe('web', () => {
  it('publishes /config.json (never cached) with the API, WebSocket and Cognito ids', () => {
    // the hashed assets' deployment invalidates nothing: it has no DistributionPaths
    const configs = ofType(resources, 'Custom::CDKBucketDeployment').filter(([, d]) =>
      (d.Properties!.DistributionPaths ?? []).includes('/config.json'),
    );
    expect(configs).toHaveLength(1);
    const { Prune, SystemMetadata, SourceMarkers } = configs[0][1].Properties!;
    expect(Prune).toBe(false);
    expect(SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    const refs = JSON.stringify(SourceMarkers);
    for (const type of [
      'AWS::ApiGateway::RestApi',
      'AWS::ApiGatewayV2::Api',
      'AWS::Cognito::UserPool',
      'AWS::Cognito::UserPoolClient',
    ]) {
      const [[id]] = ofType(resources, type);
      expect(refs, type).toContain(`{"Ref":"${id}"}`);
    }
  });
});

describe('size', () => {
  it('keeps each stack under CloudFormation’s 500 resources, the routes in a nested stack of their own', () => {
    console.log(`resources per stack (${Object.keys(routes).length} routes):`, counts);
    expect(Object.keys(counts).sort()).toEqual(['Trendex', 'Trendex/Api/Routes']);
    for (const [stack, count] of Object.entries(counts)) expect(count, stack).toBeLessThan(500);
    // every method of the route table is in the routes' stack, none in the parent
    const parentMethods = ofType(template.toJSON().Resources, 'AWS::ApiGateway::Method');
    expect(parentMethods.map(([, m]) => m.Properties!.HttpMethod)).toEqual(['OPTIONS']); // the root's preflight
  });
});

describe('fixed egress (test/infra/egress.test.ts has the whole of it)', () => {
  it('leaves through two Elastic IPs by default, from the exchange gateway, which the exchange function shows and insists on', () => {
    const eips = ofType(resources, 'AWS::EC2::EIP');
    expect(eips).toHaveLength(2);
    const ips = { 'Fn::Join': [',', eips.map(([id]) => ({ 'Fn::GetAtt': [id, 'PublicIp'] }))] };
    expect(template.toJSON().Outputs.EgressIps.Value).toEqual(ips);
    expect(ourFunctions(resources).get('exchangeGateway')!.fn.VpcConfig).toBeDefined();
    const { fn } = ourFunctions(resources).get('api/exchange')!;
    expect(fn.VpcConfig).toBeUndefined();
    expect(fn.Environment.Variables).toMatchObject({
      EXCHANGE_WHITELIST_IP: ips,
      EXCHANGE_REQUIRE_IP_RESTRICT: 'true',
    });
  });
});

describe('function bundles', () => {
  /**
   * The bundles of the functions that call exchanges carry ccxt's binance classes only: with
   * ccxt's index (every exchange) the exchange function's was 7.36 MB; with the two classes, 2.34.
   */
  const EXCHANGE_BUNDLE_CEILING = 3_000_000;

  it('prints each bundle’s size and keeps the exchange callers far below all of ccxt', () => {
    const sizes = [...ourFunctions(resources)].map(([name, { fn }]) => {
      const asset = `asset.${(fn.Code.S3Key as string).replace(/\.zip$/, '')}`;
      return { name, bytes: statSync(path.join(outdir, asset, 'index.mjs')).size };
    });
    console.log(
      sizes
        .sort((a, b) => b.bytes - a.bytes)
        .map(({ name, bytes }) => `${(bytes / 1e6).toFixed(2).padStart(6)} MB  ${name}`)
        .join('\n'),
    );
    const callers = sizes.filter(({ name }) => permissions[name]?.exchangeEgress);
    expect(callers.map((c) => c.name)).toContain('exchangeGateway');
    for (const { name, bytes } of callers) expect(bytes, name).toBeLessThan(EXCHANGE_BUNDLE_CEILING);
  });

  it('keeps ccxt out of every API function: they reach exchanges through the gateway', () => {
    const bundle = (fn: Props) =>
      readFileSync(
        path.join(outdir, `asset.${(fn.Code.S3Key as string).replace(/\.zip$/, '')}`, 'index.mjs'),
        'utf8',
      );
    // ccxt's Binance futures class names itself so; no code of ours does
    const withCcxt = [...ourFunctions(resources)].filter(
      ([, { fn }]) => bundle(fn).includes("'binanceusdm'") || bundle(fn).includes('"binanceusdm"'),
    );
    expect(withCcxt.map(([name]) => name).sort()).toEqual([
      'exchangeGateway',
      'orderExecutor',
      'schedule/botTick',
    ]);
  });
});

describe("API function bundles: each carries its own domain's routes", () => {
  it("holds none of another domain's route paths", () => {
    const fns = ourFunctions(resources);
    const all = Object.values(routes);
    for (const domain of domains) {
      const { fn } = fns.get(`api/${domain}`)!;
      const asset = `asset.${(fn.Code.S3Key as string).replace(/\.zip$/, '')}`;
      const code = readFileSync(path.join(outdir, asset, 'index.mjs'), 'utf8');
      const own = new Set(all.filter((r) => r.domain === domain).map((r) => r.path));
      const foreign = all.filter((r) => r.domain !== domain && !own.has(r.path)).map((r) => r.path);
      expect(own.size, domain).toBeGreaterThan(0);
      // a route table entry, minified (a web link to a page of the same path is not a route)
      const entry = (p: string) => `path:"${p}"`;
      for (const p of own) expect(code, `${domain} ${p}`).toContain(entry(p));
      expect(
        foreign.filter((p) => code.includes(entry(p))),
        domain,
      ).toEqual([]);
    }
  });
});

describe('team background work', () => {
  it('wakes the team consumer from the table stream on new placements and plan purchases only', () => {
    const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, r]) =>
      JSON.stringify(r.Properties?.EventSourceArn ?? '').includes('StreamArn'),
    );
    expect(mappings).toHaveLength(1);
    const patterns = JSON.stringify(mappings[0][1].Properties!.FilterCriteria);
    expect(patterns).toContain('PLACEMENT#');
    expect(patterns).toContain('LEDGERKIND#plan');
    expect(JSON.stringify(mappings[0][1].Properties!.FunctionName)).toContain('ConsumersTeamConsumer');
  });
});
