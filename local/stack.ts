/**
 * The whole platform on one machine: DynamoDB Local, cognito-local, the REST and WebSocket
 * gateways, the schedules and the built web app, running the same handler code as AWS.
 */
import './quiet-sdk';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { S3_PATH, startLocalS3 } from './s3';
import { outboxMailer } from '#core/mail';
import { startCognito } from './cognito';
import { borrowTable, superviseDynamo } from './dynamodb';
import { startGateway, type ExtraRoute } from './gateway';
import { loadFunctions } from './functions';
import { startConsumers } from './consumers';
import { withFunctionLogger } from '#core/logger';
import { providerTimeoutMs } from '#functions/wallet/payments';
import { LOCAL_PAYOUT_ACCOUNT, SIMULATOR_PATH, startPaymentSimulator } from './payments/simulator';
import { ensureAdmin, ensureUserPool, type SeededAdmin } from './identity';
import { startPaperExchange, type PaperExchangeOptions } from './paper-exchange/server';
import { startPaperStream } from './paper-exchange/stream';
import { contentSecurityPolicy } from '../lib/csp';
import { localLambda } from './lambda';
import { startLocalQueue, type LocalQueue } from './queue';
import { startLocalSqs } from './sqs';
import { localStepFunctions } from './step-functions';
import { assertPortFree, type Supervised } from './process';
import {
  consumerPass,
  PAYOUT_SCHEDULE,
  PAYOUT_STATE_MACHINE,
  startDeadLetters,
  type DeadLetters,
} from './dead-letters';
import { fireSchedule, registerSchedules, runScheduleOnce, startSchedules } from './schedules';
import { attachWebSocket, MANAGEMENT_PATH } from './websocket';
import type { UserStreams } from '#functions/streams/service';

export interface LocalStackOptions {
  dataDir: string;
  webPort: number;
  dynamoPort: number;
  cognitoPort: number;
  webDist?: string;
  /** Where the stack's own notices go (DynamoDB Local stopped, back again); console.log by default. */
  log?: (line: string) => void;
  /** The paper exchange's clock, replay start and speed (tests move time by hand). */
  paper?: Omit<PaperExchangeOptions, 'file'>;
  /** false: the schedules do not fire by themselves; a test runs them with `runSchedule`. */
  schedules?: boolean;
  /**
   * true: the table lives in DynamoDB Local's memory, not under `dataDir`: for a test stack that
   * never restarts its DynamoDB Local and never reads the table after a restart (half the CPU).
   */
  tableInMemory?: boolean;
  /** false: no user stream service (fills are then learned only by the candle-close lookups). */
  userStreams?: boolean;
  /**
   * The port of a DynamoDB Local already running for several stacks (a test run's:
   * startDynamoServer): the stack keeps a table of its own there, named apart, instead of starting
   * a JVM (`dynamoPort` is then not used). A test that stops or kills the database starts its own.
   */
  dynamoServerPort?: number;
}

export interface LocalStack {
  webUrl: string;
  apiUrl: string;
  outboxUrl: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  tableName: string;
  /** The paper exchange's Binance user data streams: spot at /ws-api/v3, USD-M at /ws/<listenKey>. */
  paperUserStreamUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  admin: SeededAdmin;
  stop(): Promise<void>;
}

/** What a test that starts its own stack (in its own process) may also drive. */
export interface LocalStackControls {
  /** Runs one schedule of api/schedules.ts now, as if EventBridge fired it at `time`. */
  runSchedule(name: string, time?: Date): Promise<unknown>;
  /** The order queue: wait for it to drain, read its dead letters. */
  queue: LocalQueue;
  /** The schedules' and stream consumers' runs and dead-letter queues. */
  deadLetters: DeadLetters;
  /** Fires a schedule as EventBridge would: 3 tries, then a dead letter. */
  fireSchedule(name: string, time?: Date): Promise<boolean>;
  /** The user stream service (functions/streams), when the stack runs it. */
  userStreams?: UserStreams;
  /** Whether the paper exchange tells a key's account to a user data stream now. */
  paperListening(apiKey: string): boolean;
}

export const TABLE_NAME = 'trendex';
/** How often the local user stream service looks for streams to open or close. */
const USER_STREAM_PASS_MS = 2_000;

const supervisors = new WeakMap<LocalStack, Supervised>();
const controls = new WeakMap<LocalStack, LocalStackControls>();

/** Test support: the schedules and the order queue of a stack this process started. */
export const stackControls = (stack: LocalStack): LocalStackControls => {
  const found = controls.get(stack);
  if (!found) throw new Error('this stack was not started in this process');
  return found;
};

/**
 * Test support: the pid of the stack's running DynamoDB Local (undefined while it restarts), so a
 * test can kill it and see the stack heal. Not a property of the stack: the test setup hands the
 * stack's properties to the test workers as plain data.
 */
export const dynamoPid = (stack: LocalStack): number | undefined => supervisors.get(stack)?.pid();

/** The local stand-in for KMS: one 256-bit key per data folder, kept there (exchange-key envelope encryption). */
const localExchangeKey = (dataDir: string): string => {
  const file = join(dataDir, 'exchange-master.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
};
const ROOT = resolve(import.meta.dirname, '..');
/** The exchange gateway's function name here (in AWS, the deployed function's). */
const EXCHANGE_GATEWAY = 'exchangeGateway';

/** The admin's password is made once per data folder and kept there, so restarts keep the account. */
const adminAccount = (dataDir: string): SeededAdmin => {
  const file = join(dataDir, 'admin.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SeededAdmin;
  const admin = {
    email: 'admin@trendex.local',
    username: 'admin',
    name: 'Trendex Admin',
    password: `Tx-${randomBytes(9).toString('base64url')}1!`,
  };
  writeFileSync(file, JSON.stringify(admin, null, 2), { mode: 0o600 });
  return admin;
};

export const startLocalStack = async (options: LocalStackOptions): Promise<LocalStack> => {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const borrowed = options.dynamoServerPort;
  for (const [port, what] of [
    [options.webPort, 'web and API'],
    ...(borrowed === undefined ? [[options.dynamoPort, 'DynamoDB Local'] as const] : []),
    [options.cognitoPort, 'cognito-local'],
  ] as const)
    await assertPortFree(port, what);
  const tableName = borrowed === undefined ? TABLE_NAME : `${TABLE_NAME}-${randomBytes(4).toString('hex')}`;

  const webUrl = `http://localhost:${options.webPort}`;
  const outboxDir = join(dataDir, 'mail');
  const cognitoEndpoint = `http://localhost:${options.cognitoPort}`;
  const dynamoEndpoint = `http://127.0.0.1:${borrowed ?? options.dynamoPort}`;

  // The handlers read their settings from the environment, as they do in Lambda.
  Object.assign(process.env, {
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    COGNITO_ENDPOINT: cognitoEndpoint,
    MAIL_OUTBOX_DIR: outboxDir,
    WEB_URL: webUrl,
    WS_MANAGEMENT_ENDPOINT: `${webUrl}${MANAGEMENT_PATH}`,
    SUPPORT_EMAIL: 'support@trendex.local',
    // signs paging cursors (functions/core/cursor.ts): a new one each start, so a page link of an
    // earlier run is refused as no longer valid
    CURSOR_KEY: randomBytes(32).toString('hex'),
    // Exchanges: the paper exchange on this port stands in for Binance and WazirX.
    EXCHANGE_BINANCE_URL: `${webUrl}/paper/binance`,
    EXCHANGE_WAZIRX_URL: `${webUrl}/paper/wazirx`,
    EXCHANGE_LOCAL_KEY: localExchangeKey(dataDir),
    EXCHANGE_WHITELIST_IP: '127.0.0.1',
    // the executor's calls leave from three simulated egress IPs, each with its own weight budget
    EXCHANGE_SIMULATED_EGRESS_IPS:
      process.env.EXCHANGE_SIMULATED_EGRESS_IPS ?? '127.0.0.11,127.0.0.12,127.0.0.13',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    // the wallet's payments adapter talks to the payment simulator (local/payments) on this port
    PAYMENTS_API_URL: `${webUrl}${SIMULATOR_PATH}`,
    // no PAYMENTS_SECRET_ID: the credentials come from these variables, not Secrets Manager
    PAYMENTS_API_KEY: 'local-payments-key',
    PAYMENTS_IPN_SECRET: randomBytes(24).toString('hex'),
    PAYMENTS_EMAIL: LOCAL_PAYOUT_ACCOUNT.email,
    PAYMENTS_PASSWORD: LOCAL_PAYOUT_ACCOUNT.password,
    PAYMENTS_2FA_SECRET: LOCAL_PAYOUT_ACCOUNT.twoFactorSecret,
    PAYMENTS_IPN_URL: `${webUrl}/api/wallet/ipn`,
    PAYMENTS_PAYOUT_IPN_URL: `${webUrl}/api/wallet/payout-ipn`,
    PAYMENTS_PAY_PAGE_URL: `${webUrl}${SIMULATOR_PATH}/pay`,
    // the order queue and the dead-letter queues: local/sqs.ts answers the SQS SDK's calls here
    SQS_ENDPOINT: webUrl,
    // the payout's state machine, which a dead letter of its schedule is redriven to
    STEP_FUNCTIONS_ENDPOINT: webUrl,
    // Lambda's Invoke, for the exchange gateway: local/lambda.ts runs it in-process
    LAMBDA_ENDPOINT: webUrl,
    EXCHANGE_GATEWAY_FUNCTION: EXCHANGE_GATEWAY,
    // complaint images: s3rver behind local/s3.ts's policy-checking front, on this port at /s3
    S3_ENDPOINT: `${webUrl}${S3_PATH}`,
    IMAGES_BUCKET: 'trendex-images',
  });

  const log = options.log ?? console.log;
  let starting: Promise<Supervised> | undefined;
  let dynamo: Supervised | undefined;
  const servers: Server[] = [];
  const cleanups: (() => unknown)[] = [];
  const stop = async () => {
    // first, so that DynamoDB Local ending from here on (Ctrl-C reaches it too) is not restarted
    dynamo?.release();
    for (const cleanup of cleanups.reverse()) await cleanup();
    // a client's connection still open (a browser's page, a request a stopped part will never
    // answer) is cut, not waited for: a stop must end
    await Promise.all(
      servers.map(
        (s) =>
          new Promise((r) => {
            s.close(r);
            s.closeAllConnections();
          }),
      ),
    );
    await dynamo?.stop();
  };
  try {
    // Kept running: restarted on the same port and data folder if it exits (logged), while the
    // API answers 503.
    // the JVM takes seconds to start: the functions load and cognito-local starts meanwhile
    starting =
      borrowed === undefined
        ? superviseDynamo({
            port: options.dynamoPort,
            dataDir: options.tableInMemory ? undefined : join(dataDir, 'dynamodb'),
            tableName,
            log,
          })
        : borrowTable(borrowed, tableName);
    const functions = await loadFunctions();
    const cognito = await startCognito({
      port: options.cognitoPort,
      dataDir: join(dataDir, 'cognito'),
      triggers: functions.triggers,
      mailer: outboxMailer(outboxDir),
    });
    servers.push(cognito.server);
    const ids = await ensureUserPool(cognitoEndpoint, join(dataDir, 'cognito', 'pool.json'));
    dynamo = await starting;
    const store = dynamo;
    Object.assign(process.env, { USER_POOL_ID: ids.userPoolId, USER_POOL_CLIENT_ID: ids.userPoolClientId });

    const admin = adminAccount(dataDir);
    const adminId = await ensureAdmin(cognitoEndpoint, ids, admin);
    // The root member: its sign-up reserved here, as our sign-up API would, then admitted once.
    const { admitOwnAccount } = await import('#functions/auth/service');
    const { reserveUsername } = await import('#functions/auth/store');
    const { getMember } = await import('#functions/members/service');
    if (!(await getMember(adminId))) {
      await reserveUsername(
        {
          username: admin.username,
          email: admin.email,
          name: admin.name,
          phone: '',
          country: '',
          sponsor: null,
          side: null,
          status: 'reserved',
        },
        1,
      );
      await admitOwnAccount({ id: adminId, email: admin.email });
    }

    const extraRoutes: ExtraRoute[] = [
      startPaymentSimulator({
        stateFile: join(dataDir, 'payments', 'simulator.json'),
        ipnSecret: process.env.PAYMENTS_IPN_SECRET!,
        apiKey: process.env.PAYMENTS_API_KEY!,
        account: LOCAL_PAYOUT_ACCOUNT,
        // "slow" answers come after the adapter has given up; pending payouts end a little later
        slowMs: providerTimeoutMs() + 2_000,
        pendingMs: 2_000,
      }).route,
    ];
    const paper = startPaperExchange({ ...options.paper, file: join(dataDir, 'paper-exchange.json') });
    // Binance's public streams (the web app's ticker reads them directly), on a port of their own
    // as on Binance: any free one, told to the app in its config.
    const paperStream = await startPaperStream(paper);
    cleanups.push(paperStream.close);
    // Binance's user data streams (user-stream.ts), on a port of their own as on Binance
    const paperUserStreams = await paper.userStreams.serve();
    cleanups.push(paperUserStreams.close);
    const gateway = await startGateway({
      port: options.webPort,
      handlers: functions.api,
      cognitoEndpoint,
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      webDist: options.webDist ?? join(ROOT, 'web', 'dist'),
      outboxDir,
      extraRoutes,
      unavailable: () => !store.isUp(),
      // the same policy as CloudFront's, naming what the app talks to here: cognito-local, the
      // WebSocket API and the paper exchange's public streams
      webHeaders: {
        'content-security-policy': contentSecurityPolicy([
          cognitoEndpoint,
          `ws://localhost:${options.webPort}`,
          new URL(paperStream.url).origin,
        ]),
      },
      runtimeConfig: {
        apiUrl: `${webUrl}/api`,
        wsUrl: `ws://localhost:${options.webPort}/ws`,
        marketStreamUrl: paperStream.url,
        cognito: {
          userPoolId: ids.userPoolId,
          userPoolClientId: ids.userPoolClientId,
          endpoint: cognitoEndpoint,
          authFlowType: 'USER_PASSWORD_AUTH',
        },
      },
    });
    servers.push(gateway);
    // what the functions sign their AWS calls with here, which the stand-ins check
    const localKey = {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY!,
      region: process.env.AWS_REGION!,
    };
    const websocket = attachWebSocket(gateway, functions.realtime, localKey);
    extraRoutes.push(websocket.manage);
    extraRoutes.push(paper.handle);
    const sqs = startLocalSqs({ webUrl, dir: join(dataDir, 'sqs'), key: localKey });
    extraRoutes.unshift(sqs.route);
    const queue = startLocalQueue({
      consumer: (event, context) =>
        withFunctionLogger('trendex-orderExecutor', () => functions.executor(event, context)),
      deadLetterQueue: sqs.waiting('trendex-orders-dlq.fifo'),
      log,
    });
    process.env.ORDER_QUEUE_URL = sqs.serve('trendex-orders.fifo', queue);
    process.env.ORDER_DLQ_URL = sqs.urlOf('trendex-orders-dlq.fifo');
    cleanups.push(queue.stop);
    const deadLetters = startDeadLetters(sqs, log);
    // the functions invoked by name: the exchange gateway (the API's way to members' exchanges)
    extraRoutes.unshift(
      localLambda(
        {
          [EXCHANGE_GATEWAY]: (call) =>
            withFunctionLogger('trendex-exchangeGateway', () => functions.exchangeGateway(call)),
        },
        deadLetters.invokedAsync,
        localKey,
      ),
    );
    const s3 = await startLocalS3({
      dir: join(dataDir, 's3'),
      bucket: process.env.IMAGES_BUCKET!,
      ...localKey,
    });
    extraRoutes.push(s3.route);
    cleanups.push(s3.close);
    cleanups.push(websocket.close);
    await registerSchedules(deadLetters);
    // a payout dead letter is redriven to the payout's state machine: here the same in-process run
    extraRoutes.unshift(
      localStepFunctions(
        { [PAYOUT_STATE_MACHINE]: (input) => deadLetters.attempt(PAYOUT_SCHEDULE, input, 3) },
        localKey,
      ),
    );
    // the stream consumers of api/consumers.ts, woken by the stack's writes (local/consumers.ts)
    const consumers = functions.consumers.map((consumer) => ({
      name: consumer.name,
      pass: consumerPass(deadLetters, consumer.name, () =>
        withFunctionLogger(`trendex-${consumer.name}`, consumer.work),
      ),
    }));
    // the admin's Operations page reads and redrives these queues as in AWS (functions/admin/deadLetterQueues.ts)
    process.env.DEAD_LETTER_QUEUES = JSON.stringify(deadLetters.watched());
    if (options.schedules !== false) cleanups.push(await startSchedules(deadLetters, log));
    cleanups.push(await startConsumers(consumers, () => store.isUp()));
    // the user stream service, as its Fargate task runs it (one shard: every key), on the paper
    // exchange's user data streams; a pass every 2 s opens a new bot's stream within seconds
    let userStreams: UserStreams | undefined;
    if (options.userStreams !== false) {
      process.env.EXCHANGE_BINANCE_USER_STREAM_URL = paperUserStreams.url;
      const { startUserStreams } = await import('#functions/streams/service');
      const service = startUserStreams({ shard: { index: 0, count: 1 }, everyMs: USER_STREAM_PASS_MS });
      userStreams = service;
      cleanups.push(service.stop);
    }

    const stack: LocalStack = {
      webUrl,
      apiUrl: `${webUrl}/api`,
      outboxUrl: `${webUrl}/outbox`,
      dynamoEndpoint,
      cognitoEndpoint,
      tableName,
      paperUserStreamUrl: paperUserStreams.url,
      ...ids,
      admin,
      stop,
    };
    supervisors.set(stack, store);
    controls.set(stack, {
      runSchedule: runScheduleOnce,
      queue,
      deadLetters,
      fireSchedule: (name, time) => fireSchedule(deadLetters, name, time, 50),
      userStreams,
      paperListening: (apiKey) => paper.userStreams.listening(apiKey),
    });
    return stack;
  } catch (error) {
    // a start that failed elsewhere while the JVM was still starting stops it too
    dynamo ??= await starting?.catch(() => undefined);
    await stop();
    throw error;
  }
};
