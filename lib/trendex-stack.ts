import { CfnOutput, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { domains as routeDomains, routes as routeTable } from '../api/routes';
import { schedules as scheduleTable, type ScheduleRule } from '../api/schedules';
import { API_STAGE, Api, type ApiRoute } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { Mail } from './constructs/mail';
import { Queues } from './constructs/queues';
import { Realtime } from './constructs/realtime';
import { Schedules } from './constructs/schedules';
import { Storage } from './constructs/storage';
import { TeamWork } from './constructs/team-work';
import { Web } from './constructs/web';
import { Functions } from './functions';

export interface TrendexStackProps extends StackProps {
  /** Where the Lambda sources live; the repository's functions/ unless said (tests use fixtures). */
  functionsDir?: string;
  /** The route table and its domains; api/routes.ts unless said. */
  routes?: Record<string, ApiRoute>;
  domains?: readonly string[];
  /** The schedule rules; api/schedules.ts unless said. */
  schedules?: readonly ScheduleRule[];
}

/**
 * Trendex, environment-agnostic (no account/region, no lookups): synthesizes offline.
 * Context: mailFrom, supportEmail, cognitoSesEmail (see docs/operations.md).
 */
export class TrendexStack extends Stack {
  constructor(scope: Construct, id: string, props: TrendexStackProps = {}) {
    super(scope, id, props);
    const context = (key: string, fallback: string): string =>
      String(this.node.tryGetContext(key) ?? fallback);
    const mailFrom = context('mailFrom', 'no-reply@trendex.example');
    const supportEmail = context('supportEmail', 'support@trendex.example');

    const data = new Data(this, 'Data');
    const web = new Web(this, 'Web');
    const mail = new Mail(this, 'Mail', { mailFrom, supportEmail });
    const storage = new Storage(this, 'Storage', { webOrigin: web.url });

    // What every function gets, including those created later: the table, mail, the web URL.
    const functions = new Functions(props.functionsDir);
    functions.share({
      environment: {
        TABLE_NAME: data.table.tableName,
        MAIL_FROM: mailFrom,
        SUPPORT_EMAIL: supportEmail,
        WEB_URL: web.url, // links in mails
        WEB_ORIGIN: web.url, // the CORS origin of Lambda proxy responses
      },
      grant: (fn) => {
        data.table.grantReadWriteData(fn);
        mail.grantSend(fn);
      },
    });

    const auth = new Auth(this, 'Auth', {
      functions,
      mailFrom,
      cognitoMailViaSes: context('cognitoSesEmail', 'false') === 'true',
    });
    const realtime = new Realtime(this, 'Realtime', { functions });
    // Any function may push to WebSocket connections (notifications, chat replies, bot trades, prices).
    functions.share({ grant: (fn) => realtime.grantPush(fn) });

    const api = new Api(this, 'Api', {
      functions,
      routes: props.routes ?? routeTable,
      domains: props.domains ?? routeDomains,
      userPool: auth.userPool,
      webOrigin: web.url,
    });
    const queues = new Queues(this, 'Queues', { functions });
    const schedules = new Schedules(this, 'Schedules', {
      functions,
      rules: props.schedules ?? scheduleTable,
    });

    new TeamWork(this, 'TeamWork', { functions, table: data.table });

    // Per-function wiring.
    if (api.functions.auth) auth.grantAdminApis(api.functions.auth);
    // profile edit (the `name` attribute) and Transfer email (the login address)
    if (api.functions.admin) auth.grantAdminApis(api.functions.admin);
    auth.exposePoolIds(realtime.handler); // verifies the ID token of $connect
    for (const fn of [...Object.values(api.functions), realtime.handler]) storage.grantImages(fn);
    if (schedules.functions.botTick) queues.grantSend(schedules.functions.botTick);
    // Exchange secrets: only the key-binding function (exchange domain) and the executor decrypt.
    if (api.functions.exchange) data.grantKeyBinding(api.functions.exchange);
    if (queues.executor) data.grantSecretsDecrypt(queues.executor);
    // The payment provider's credentials: secrets the operator creates before deploying
    // (docs/operations.md), resolved by CloudFormation into the wallet function's settings.
    if (api.functions.wallet) {
      const secret = (name: string) => SecretValue.secretsManager(name).unsafeUnwrap();
      api.functions.wallet.addEnvironment('PAYMENTS_API_KEY', secret('trendex/payments/api-key'));
      api.functions.wallet.addEnvironment('PAYMENTS_IPN_SECRET', secret('trendex/payments/ipn-secret'));
      // Built from the API's id, not its stage URL: the stage depends on this function's methods.
      const { restApiId } = api.restApi;
      api.functions.wallet.addEnvironment(
        'PAYMENTS_IPN_URL',
        `https://${restApiId}.execute-api.${this.region}.${this.urlSuffix}/${API_STAGE}/wallet/ipn`,
      );
    }

    web.publish({
      apiUrl: api.url,
      wsUrl: realtime.url,
      cognito: {
        userPoolId: auth.userPool.userPoolId,
        userPoolClientId: auth.client.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
      },
    });

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('ApiUrl', api.url, 'REST API base URL');
    output('WebSocketUrl', realtime.url, 'WebSocket URL (wss://)');
    output('UserPoolId', auth.userPool.userPoolId, 'Cognito user pool id');
    output('UserPoolClientId', auth.client.userPoolClientId, 'Cognito app client id (web)');
    output('WebUrl', web.url, 'The web app (CloudFront)');
  }
}
