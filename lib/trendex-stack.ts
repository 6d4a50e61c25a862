import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { domains as routeDomains, routes as routeTable } from '../api/routes';
import { consumers as consumerTable } from '../api/consumers';
import { schedules as scheduleTable, type ScheduleRule } from '../api/schedules';
import { API_STAGE, Api, type ApiRoute } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { DeadLetters, type RedriveTarget } from './constructs/dead-letters';
import { Egress } from './constructs/egress';
import { Firewall } from './constructs/firewall';
import { Mail } from './constructs/mail';
import { Monitoring } from './constructs/monitoring';
import { UserStreams } from './constructs/user-streams';
import { Payout } from './constructs/payout';
import { Queues } from './constructs/queues';
import { Realtime } from './constructs/realtime';
import { Schedules } from './constructs/schedules';
import { Storage } from './constructs/storage';
import { Consumers } from './constructs/consumers';
import { Web } from './constructs/web';
import { Functions } from './functions';
import { suppress } from './nag';
import { type Grants, grantsOf, permissions as permissionTable } from './permissions';

/**
 * Binance's public market streams: members' browsers read the ticker there, free and at the
 * source, instead of a push from us per member (docs/operations.md, "The market ticker").
 */
const BINANCE_PUBLIC_STREAMS = new URL('wss://stream.binance.com:9443/stream');

/**
 * The payment provider's credentials: one Secrets Manager secret the operator creates before
 * deploying (docs/operations.md), read by the functions at run time, never put in their settings.
 */
export const PAYMENTS_SECRET_NAME = 'trendex/payments';

export interface TrendexStackProps extends StackProps {
  /** Where the Lambda sources live; the repository's functions/ unless said (tests use fixtures). */
  functionsDir?: string;
  /** The route table and its domains; api/routes.ts unless said. */
  routes?: Record<string, ApiRoute>;
  domains?: readonly string[];
  /** The schedule rules; api/schedules.ts unless said. */
  schedules?: readonly ScheduleRule[];
  /** What each function may do; lib/permissions.ts unless said. */
  permissions?: Readonly<Record<string, Grants>>;
}

/**
 * Trendex, environment-agnostic (no account/region, no lookups): synthesizes offline.
 * Context: mailFrom, supportEmail, cognitoSesEmail, egressIps, webDomain and webCertificateArn
 * (see docs/operations.md). Parameter: AlarmEmail.
 */
export class TrendexStack extends Stack {
  constructor(scope: Construct, id: string, props: TrendexStackProps = {}) {
    super(scope, id, props);
    const context = (key: string, fallback: string): string =>
      String(this.node.tryGetContext(key) ?? fallback);
    const mailFrom = context('mailFrom', 'no-reply@trendex.example');
    const supportEmail = context('supportEmail', 'support@trendex.example');

    const routes: Record<string, ApiRoute> = props.routes ?? routeTable;

    const data = new Data(this, 'Data');
    const webDomain = this.node.tryGetContext('webDomain') as string | undefined;
    const web = new Web(this, 'Web', {
      domain: webDomain ? { name: webDomain, certificateArn: context('webCertificateArn', '') } : undefined,
    });
    const mail = new Mail(this, 'Mail', { mailFrom, supportEmail });
    const storage = new Storage(this, 'Storage', { webOrigin: web.url });

    // Each function gets what lib/permissions.ts gives it, and nothing else.
    const table = props.permissions ?? permissionTable;
    const functions = new Functions(props.functionsDir);
    // The functions that call members' exchanges leave from the NAT gateway's fixed IPs; two by
    // default, the most a gateway takes without a quota request (docs/operations.md sizes them).
    const egress = new Egress(this, 'Egress', { ips: Number(context('egressIps', '2')) });
    functions.place((name) => (grantsOf(table, name).exchangeEgress ? egress.placement : undefined));
    functions.share({
      environment: {
        WEB_URL: web.url, // links in mails
        WEB_ORIGIN: web.url, // the CORS origin of Lambda proxy responses
      },
    });

    const auth = new Auth(this, 'Auth', {
      functions,
      mailFrom,
      cognitoMailViaSes: context('cognitoSesEmail', 'false') === 'true',
    });
    const realtime = new Realtime(this, 'Realtime', { functions });
    const api = new Api(this, 'Api', {
      functions,
      routes,
      domains: props.domains ?? routeDomains,
      userPool: auth.userPool,
      webOrigin: web.url,
    });
    new Firewall(this, 'Firewall', { stageArn: api.stage.stageArn, routes });
    const queues = new Queues(this, 'Queues', { functions });
    const deadLetters = new DeadLetters(this, 'DeadLetters');
    // The daily payout runs as a state machine over shards (lib/constructs/payout.ts).
    const payout = functions.exists('team/payoutSteps.ts')
      ? new Payout(this, 'Payout', { functions })
      : undefined;
    const schedules = new Schedules(this, 'Schedules', {
      functions,
      deadLetters,
      rules: props.schedules ?? scheduleTable,
      stateMachines: payout && { referralPayout: payout.stateMachine },
    });
    const consumers = new Consumers(this, 'Consumers', {
      functions,
      deadLetters,
      table: data.table,
      consumers: consumerTable,
    });
    // what the admin's Operations page redrives each dead-letter queue's letters to
    const redriveTargets: Record<string, RedriveTarget> = {
      ...Object.fromEntries(
        Object.entries(schedules.functions).map(([name, fn]) => [name, { source: 'schedule', function: fn }]),
      ),
      ...Object.fromEntries(
        Object.entries(consumers.functions).map(([name, fn]) => [name, { source: 'consumer', function: fn }]),
      ),
      ...(payout ? { referralPayout: { source: 'schedule', stateMachine: payout.stateMachine } } : {}),
    };

    // The API's way to members' exchanges (functions/bots/exchangeGateway.ts): ccxt and the opened
    // keys live here, in the VPC, not in the API functions.
    const exchangeGateway = functions.exists('bots/exchangeGateway.ts')
      ? functions.create(this, 'ExchangeGateway', {
          name: 'exchangeGateway',
          entry: 'bots/exchangeGateway.ts',
          description: "The API's calls of members' exchanges",
        })
      : undefined;

    const paymentSecret = Secret.fromSecretNameV2(this, 'PaymentsSecret', PAYMENTS_SECRET_NAME);
    // Signs paging cursors (functions/core/cursor.ts): made by the stack, never seen by anyone.
    const cursorKey = new Secret(this, 'CursorKey', {
      description: 'Trendex: the key that signs paging cursors',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    suppress(
      'AwsSolutions-SMG4',
      'A random signing key for paging cursors: replacing it only makes open page links invalid, nothing to rotate into.',
      cursorKey,
    );
    /** What lib/permissions.ts gives a function (or the user stream service's tasks) by its name. */
    const grant = (fn: NodejsFunction, name: string) => {
      const grants = grantsOf(table, name);
      if (grants.table) data.grantTable(fn, grants.table);
      if (grants.mail) mail.grantSend(fn);
      if (grants.push) realtime.grantPush(fn);
      if (grants.cognito) auth.grantOperations(fn, grants.cognito);
      if (grants.verifiesTokens) auth.exposePoolIds(fn);
      if (grants.images) storage.grantImages(fn);
      if (grants.exchangeKey) data.grantExchangeKey(fn, grants.exchangeKey);
      if (grants.sendsOrders) queues.grantSend(fn);
      if (grants.readsOrderDeadLetters) queues.grantReadDeadLetters(fn);
      if (grants.redrivesDeadLetters) deadLetters.grantRedrive(fn, redriveTargets);
      if (grants.exchangeEgress || grants.invokesExchangeGateway) {
        fn.addEnvironment('EXCHANGE_WHITELIST_IP', egress.ipList); // shown on the Exchange page
        fn.addEnvironment('EXCHANGE_REQUIRE_IP_RESTRICT', 'true'); // binding refuses unrestricted keys
      }
      if (grants.invokesExchangeGateway && exchangeGateway) {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['lambda:InvokeFunction'],
            resources: [exchangeGateway.functionArn],
          }),
        );
        fn.addEnvironment('EXCHANGE_GATEWAY_FUNCTION', exchangeGateway.functionName);
      }
      if (grants.cursors) {
        cursorKey.grantRead(fn);
        fn.addEnvironment('CURSOR_KEY_SECRET_ID', cursorKey.secretArn);
      }
      if (grants.paymentSecret) {
        paymentSecret.grantRead(fn);
        fn.addEnvironment('PAYMENTS_SECRET_ID', PAYMENTS_SECRET_NAME);
      }
    };
    functions.share({ grant });

    // The provider calls these back (deposit and payout callbacks): URLs built from the API's id,
    // not its stage URL, since the stage depends on this function's methods.
    if (api.functions.wallet) {
      for (const [variable, operationId] of [
        ['PAYMENTS_IPN_URL', 'paymentCallback'],
        ['PAYMENTS_PAYOUT_IPN_URL', 'payoutCallback'],
      ] as const) {
        const route = routes[operationId];
        if (route) api.functions.wallet.addEnvironment(variable, `${api.origin}/${API_STAGE}${route.path}`);
      }
    }

    web.allowConnections(api.origin, realtime.api.apiEndpoint, auth.endpoint, BINANCE_PUBLIC_STREAMS.origin);
    web.publish({
      apiUrl: api.url,
      wsUrl: realtime.url,
      marketStreamUrl: BINANCE_PUBLIC_STREAMS.href,
      cognito: {
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.client.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
      },
    });

    const monitoring = new Monitoring(this, 'Monitoring', {
      functions: functions.all(),
      restApiName: api.restApi.restApiName,
      restStage: API_STAGE,
      wsApiId: realtime.api.apiId,
      wsStage: realtime.stage.stageName,
      deadLetters: { ...deadLetters.queues, orderExecutor: queues.deadLetters },
      payout: payout?.stateMachine,
    });

    // Fills pushed by Binance's user data streams: a long-running service, one task per shard of
    // the members (`streamShards`, docs/decisions/user-data-streams.md sizes it).
    if (functions.exists('streams/main.ts'))
      new UserStreams(this, 'UserStreams', {
        egress,
        shards: Number(context('streamShards', '1')),
        alarmTopic: monitoring.topic,
        wire: (grantee, name) => {
          grantee.addEnvironment('NODE_OPTIONS', '--enable-source-maps');
          grantee.addEnvironment('WEB_URL', web.url);
          grant(grantee, name);
        },
      });

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('ApiUrl', api.url, 'REST API base URL');
    output('WebSocketUrl', realtime.url, 'WebSocket URL (wss://)');
    output('UserPoolId', auth.userPool.userPoolId, 'Cognito user pool id');
    output('UserPoolClientId', auth.client.userPoolClientId, 'Cognito app client id (web)');
    output('WebUrl', web.url, 'The web app (CloudFront)');
    output('EgressIps', egress.ipList, 'Where calls to exchanges come from: members whitelist every one');
  }
}
