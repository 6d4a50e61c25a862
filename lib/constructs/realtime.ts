import { type CfnElement, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { NO_COGNITO_AUTHORIZER, suppress } from '../nag';
import { wsRoutes } from '../../api/realtime';
import { pascal, type Functions } from '../functions';

/**
 * One JSON line per WebSocket event: connection, route, status, latency. The ID token rides in
 * $connect's query string, so neither the query string nor any header is logged; the caller's sub
 * is logged by the handler once it has verified the token.
 */
export const WS_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  connectionId: '$context.connectionId',
  operation: '$context.routeKey',
  event: '$context.eventType',
  status: '$context.status',
  latencyMs: '$context.integrationLatency',
  ip: '$context.identity.sourceIp',
  at: '$context.requestTime',
} as const;

/** Per stage, as the REST API's: a few messages a second per member, far from the account's 10,000. */
const WS_THROTTLE = { rateLimit: 500, burstLimit: 1000 };

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
      throttle: WS_THROTTLE,
      accessLogSettings: {
        // three months: connections carry no money, only who was online to be pushed to
        destination: new LogGroupLogDestination(
          new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS }),
        ),
        format: AccessLogFormat.custom(JSON.stringify(WS_ACCESS_LOG_FIELDS)),
      },
    });
    this.handler = props.functions.create(this, 'Handler', {
      name: 'realtime',
      entry: 'realtime/handler.ts',
    });
    // The routes of the WebSocket contract, all served by functions/realtime/handler.ts.
    for (const routeKey of wsRoutes) {
      const name = pascal(routeKey); // Connect, Disconnect, Subscribe: distinct ids
      const route = this.api.addRoute(routeKey, {
        integration: new WebSocketLambdaIntegration(`${name}Integration`, this.handler),
      });
      // a browser WebSocket sends no header: the handler reads the token; later routes need a verified connection
      suppress('AwsSolutions-APIG4', NO_COGNITO_AUTHORIZER, route);
    }
  }

  /** wss://… for the web app. */
  get url(): string {
    return this.stage.url;
  }

  /** Lets a function push to connections: the Management API endpoint in env and ManageConnections. */
  grantPush(fn: LambdaFunction): void {
    this.stage.grantManagementApiAccess(fn);
    suppress(
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${Stack.of(this).getLogicalId(this.api.node.defaultChild as CfnElement)}>/live/*/@connections/*]`,
      'Pushes to connections of this stage only; connection ids are made at run time.',
      fn.role!,
    );
    fn.addEnvironment('WS_MANAGEMENT_ENDPOINT', this.stage.callbackUrl);
  }
}
