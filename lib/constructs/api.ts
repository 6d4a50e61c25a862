import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  CognitoUserPoolsAuthorizer,
  Cors,
  type CorsOptions,
  Deployment,
  EndpointType,
  IdentitySource,
  LogGroupLogDestination,
  type IAuthorizer,
  type IResource,
  LambdaIntegration,
  type MethodDeploymentOptions,
  ResponseType,
  RestApi,
  Stage,
  TokenAuthorizer,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { NO_COGNITO_AUTHORIZER, suppress } from '../nag';
import { pascal, type Functions } from '../functions';
import { publicLimitOf, STAGE_THROTTLE } from '../throttling';

/** The REST API's one stage; a literal so URLs can be built without depending on the stage. */
export const API_STAGE = 'v1';

/**
 * Raise it when the authorizers' settings change (identity source, caching, validation): the
 * stage then gets a new deployment, which API Gateway needs to serve them.
 */
const AUTHORIZERS_VERSION = 2;

/**
 * One JSON line per REST call: who (the Cognito sub, or the admin authorizer's principal), which
 * operation of api/routes.ts, the answer and how long it took. Never the path with its query
 * string, a header or a body: no token reaches the log.
 */
export const REST_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  sub: '$context.authorizer.claims.sub',
  principal: '$context.authorizer.principalId',
  operation: '$context.operationName',
  method: '$context.httpMethod',
  resource: '$context.resourcePath',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  ip: '$context.identity.sourceIp',
  at: '$context.requestTime',
} as const;

/** The part of an api/routes.ts route that shapes API Gateway. */
export interface ApiRoute {
  method: string;
  path: string;
  access: 'public' | 'member' | 'staff' | 'admin';
  domain: string;
}

interface ApiProps {
  functions: Functions;
  /** The route table (api/routes.ts `routes`). */
  routes: Record<string, ApiRoute>;
  /** The domains (api/routes.ts `domains`): one function each, `functions/<domain>/handler.ts`. */
  domains: readonly string[];
  userPool: IUserPool;
  /** The web app's origin, the one CORS origin. */
  webOrigin: string;
}

/**
 * The REST API, built from the route table: one Lambda per domain, one method per route, all
 * Lambda proxy. Public routes have no authorizer and their own throttling (lib/throttling.ts);
 * member routes need a Cognito ID token; admin and staff routes a token that their authorizer
 * (functions/auth/authorizer.ts) finds in the route's groups with a TOTP sign-in, so API Gateway
 * refuses anyone else before the function runs (which checks again).
 *
 * The routes' paths and methods (about 3 resources a route, most of the template) live in a
 * nested stack of their own, `Routes`, so that CloudFormation's 500 resources per stack bound
 * neither the route table nor the rest of the stack. The API itself, its authorizers, functions,
 * deployment and stage stay here: the functions' settings name the API's id (the payment
 * callbacks), which a nested stack that names the functions could not give them.
 */
export class Api extends Construct {
  readonly restApi: RestApi;
  readonly stage: Stage;
  readonly routesStack: NestedStack;
  readonly functions: Record<string, NodejsFunction> = {};
  /** https://<id>.execute-api.<region>.<suffix>: from the API's id, so it does not depend on the stage. */
  readonly origin: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const publicMethods: Record<string, MethodDeploymentOptions> = {};
    for (const route of Object.values(props.routes).filter((r) => r.access === 'public')) {
      const { rateLimit, burstLimit } = publicLimitOf(route);
      publicMethods[`${route.path}/${route.method}`] = {
        throttlingRateLimit: rateLimit,
        throttlingBurstLimit: burstLimit,
      };
    }
    // Deployed below, once the nested stack has made the methods.
    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: 'trendex-api',
      description: 'Trendex REST API, built from api/routes.ts',
      endpointTypes: [EndpointType.REGIONAL],
      cloudWatchRole: false,
      deploy: false,
    });
    const { region, urlSuffix } = Stack.of(this);
    this.origin = `https://${this.restApi.restApiId}.execute-api.${region}.${urlSuffix}`;
    // Errors made by API Gateway itself (401 from the authorizer, throttling) carry CORS too,
    // or the browser hides them from the app.
    for (const type of [ResponseType.DEFAULT_4XX, ResponseType.DEFAULT_5XX]) {
      this.restApi.addGatewayResponse(`Cors${type.responseType}`, {
        type,
        responseHeaders: { 'Access-Control-Allow-Origin': `'${props.webOrigin}'`, Vary: "'Origin'" },
      });
    }

    const integrations: Record<string, LambdaIntegration> = {};
    for (const domain of props.domains) {
      const fn = props.functions.create(this, `${pascal(domain)}Function`, {
        name: `api/${domain}`,
        entry: `${domain}/handler.ts`,
      });
      this.functions[domain] = fn;
      // One invoke permission per function for the whole API, not two per method: keeps the
      // template far from the 500-resource limit as routes are added.
      integrations[domain] = new LambdaIntegration(fn, { scopePermissionToMethod: false });
    }

    /** One Lambda authorizer per staff access (functions/auth/authorizer.ts), each its own cache. */
    const staffAuthorizer = (name: 'Admin' | 'Staff', handler: string, description: string) =>
      new TokenAuthorizer(this, `${name}Authorizer`, {
        handler: props.functions.create(this, `${name}AuthorizerFunction`, {
          name: `${name.toLowerCase()}Authorizer`,
          entry: 'auth/authorizer.ts',
          handler,
          description,
        }),
        identitySource: IdentitySource.header('Authorization'),
        // Anything but a bearer token is refused without running the function.
        validationRegex: '^Bearer [-_.A-Za-z0-9]+$',
        // Its answer covers every route of its access, for this long per token.
        resultsCacheTtl: Duration.minutes(5),
      });
    // Made on first use: an authorizer no method uses fails the synth.
    const authorizers: Partial<Record<ApiRoute['access'], IAuthorizer>> = {};
    const makeAuthorizer = {
      member: () =>
        new CognitoUserPoolsAuthorizer(this, 'Authorizer', {
          cognitoUserPools: [props.userPool],
          identitySource: IdentitySource.header('Authorization'),
          resultsCacheTtl: Duration.minutes(5),
        }),
      admin: () =>
        staffAuthorizer(
          'Admin',
          'handler',
          'Admin routes: the caller must be in the admin group, signed in with TOTP',
        ),
      staff: () =>
        staffAuthorizer(
          'Staff',
          'staffHandler',
          'Staff routes: the caller must be in the admin or support group, signed in with TOTP',
        ),
    };
    const preflight: CorsOptions = {
      allowOrigins: [props.webOrigin],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: Cors.DEFAULT_HEADERS,
      maxAge: Duration.hours(1),
    };
    this.routesStack = new NestedStack(this, 'Routes', {
      description: 'Trendex REST API: the paths and methods of api/routes.ts',
    });
    const routesApi = RestApi.fromRestApiAttributes(this.routesStack, 'RestApi', {
      restApiId: this.restApi.restApiId,
      rootResourceId: this.restApi.restApiRootResourceId,
    });
    const withMethods = new Set<IResource>();
    const methodsOf: Record<ApiRoute['access'], Construct[]> = {
      public: [],
      member: [],
      staff: [],
      admin: [],
    };
    for (const [operationId, route] of Object.entries(props.routes)) {
      const integration = integrations[route.domain];
      if (!integration) throw new Error(`Route ${operationId}: domain ${route.domain} is not in domains`);
      const authorizer =
        route.access === 'public'
          ? undefined
          : (authorizers[route.access] ??= makeAuthorizer[route.access]());
      const resource = routesApi.root.resourceForPath(route.path);
      const method = resource.addMethod(route.method, integration, {
        operationName: operationId,
        authorizer,
      });
      methodsOf[route.access].push(method);
      withMethods.add(resource);
    }
    suppress('AwsSolutions-APIG4', NO_COGNITO_AUTHORIZER, ...methodsOf.public);
    suppress(
      'AwsSolutions-COG4',
      NO_COGNITO_AUTHORIZER,
      ...methodsOf.public,
      ...methodsOf.staff,
      ...methodsOf.admin,
    );
    // CORS preflight (OPTIONS, no auth) only where there are routes, not on every intermediate
    // path segment: each OPTIONS method is one more CloudFormation resource.
    for (const resource of withMethods) resource.addCorsPreflight(preflight);
    // CDK refuses a RestApi without a method of its own: the root's preflight is that one.
    this.restApi.root.addCorsPreflight(preflight);

    // The deployment follows the methods of the nested stack: made after it, and replaced (a new
    // logical id) whenever what shapes them changes, as CDK does for methods of the same stack.
    // Under the API with the ids CDK gives its own deployment and stage: the stage keeps its logical
    // id from when CDK made it (a new one would clash with the old 'v1' stage on update).
    const deployment = new Deployment(this.restApi, 'Deployment', {
      api: this.restApi,
      description: 'Trendex REST API, built from api/routes.ts',
    });
    deployment.node.addDependency(this.routesStack);
    deployment.addToLogicalId({
      routes: Object.entries(props.routes).map(([id, r]) => [id, r.method, r.path, r.access, r.domain]),
      domains: props.domains,
      preflight: { ...preflight, maxAge: preflight.maxAge?.toSeconds() },
      authorizerVersion: AUTHORIZERS_VERSION,
    });
    this.stage = new Stage(this.restApi, `DeploymentStage.${API_STAGE}`, {
      deployment,
      stageName: API_STAGE,
      tracingEnabled: true,
      throttlingRateLimit: STAGE_THROTTLE.rateLimit,
      throttlingBurstLimit: STAGE_THROTTLE.burstLimit,
      methodOptions: publicMethods,
      // A year: the record of who called which money route (docs/operations.md, log retention).
      accessLogDestination: new LogGroupLogDestination(
        new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_YEAR }),
      ),
      accessLogFormat: AccessLogFormat.custom(JSON.stringify(REST_ACCESS_LOG_FIELDS)),
    });
    suppress(
      'AwsSolutions-APIG2',
      "Requests are validated by the route table's zod schemas in the function, one contract for AWS and local.",
      this.restApi,
    );
    suppress(
      'AwsSolutions-APIG6',
      'Access logs are on (one JSON line per call); execution logs need an account-wide role and would log bodies.',
      this.stage,
    );
    this.restApi.deploymentStage = this.stage;
  }

  get url(): string {
    return this.restApi.url;
  }
}
