import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { wsRoutes } from '../../api/realtime';
import { pascal, type Functions } from '../functions';

interface RealtimeProps {
  functions: Functions;
}

/**
 * The WebSocket API. $connect carries the ID token in the query string and the handler verifies
 * it (no API Gateway authorizer); messages are routed on `action` (`{"action":"subscribe",…}`).
 */
export class Realtime extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly handler: NodejsFunction;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: 'trendex-realtime',
      routeSelectionExpression: '$request.body.action',
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: 'live',
      autoDeploy: true,
    });
    this.handler = props.functions.create(this, 'Handler', {
      name: 'realtime',
      entry: 'realtime/handler.ts',
    });
    // The routes of the WebSocket contract, all served by functions/realtime/handler.ts.
    for (const routeKey of wsRoutes) {
      const name = pascal(routeKey); // Connect, Disconnect, Subscribe: distinct ids
      this.api.addRoute(routeKey, {
        integration: new WebSocketLambdaIntegration(`${name}Integration`, this.handler),
      });
    }
  }

  /** wss://… for the web app. */
  get url(): string {
    return this.stage.url;
  }

  /** Lets a function push to connections: the Management API endpoint in env and ManageConnections. */
  grantPush(fn: LambdaFunction): void {
    this.stage.grantManagementApiAccess(fn);
    fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', this.stage.callbackUrl);
  }
}
