import { Duration } from 'aws-cdk-lib';
import {
  AuthorizationType,
  CognitoUserPoolsAuthorizer,
  Cors,
  EndpointType,
  type IResource,
  LambdaIntegration,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { pascal, type Functions } from '../functions';

/** The part of an api/routes.ts route that shapes API Gateway. */
/** The REST API's one stage; a literal so URLs can be built without depending on the stage. */
export const API_STAGE = 'v1';

export interface ApiRoute {
  method: string;
  path: string;
  access: 'public' | 'member' | 'admin';
  domain: string;
}

export interface ApiProps {
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
 * Lambda proxy. Public routes have no authorizer; member and admin routes need a Cognito ID token
 * (admin is checked again in the handler).
 */
export class Api extends Construct {
  readonly restApi: RestApi;
  readonly functions: Record<string, NodejsFunction> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: 'trendex-api',
      description: 'Trendex REST API, built from api/routes.ts',
      endpointTypes: [EndpointType.REGIONAL],
      cloudWatchRole: false,
      deployOptions: { stageName: API_STAGE, tracingEnabled: true },
    });
    this.restApi.node.tryRemoveChild('Endpoint'); // its own output: the stack outputs ApiUrl
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
        entry: `${domain}/handler.ts`,
      });
      this.functions[domain] = fn;
      // One invoke permission per function for the whole API, not two per method: keeps the
      // template far from the 500-resource limit as routes are added.
      integrations[domain] = new LambdaIntegration(fn, { scopePermissionToMethod: false });
    }

    const authorizer = new CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      identitySource: 'method.request.header.Authorization',
      resultsCacheTtl: Duration.minutes(5),
    });
    const withMethods = new Set<IResource>();
    for (const [operationId, route] of Object.entries(props.routes)) {
      const integration = integrations[route.domain];
      if (!integration) throw new Error(`Route ${operationId}: domain ${route.domain} is not in domains`);
      const auth =
        route.access === 'public'
          ? { authorizationType: AuthorizationType.NONE }
          : { authorizationType: AuthorizationType.COGNITO, authorizer };
      const resource = this.restApi.root.resourceForPath(route.path);
      resource.addMethod(route.method, integration, { operationName: operationId, ...auth });
      withMethods.add(resource);
    }
    // CORS preflight (OPTIONS, no auth) only where there are routes, not on every intermediate
    // path segment: each OPTIONS method is one more CloudFormation resource.
    for (const resource of withMethods) {
      resource.addCorsPreflight({
        allowOrigins: [props.webOrigin],
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowHeaders: Cors.DEFAULT_HEADERS,
        maxAge: Duration.hours(1),
      });
    }
  }

  get url(): string {
    return this.restApi.url;
  }
}
