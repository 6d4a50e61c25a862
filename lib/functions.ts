/**
 * THE Lambda settings of the stack and the one place functions are made. Every function is a
 * NodejsFunction bundled locally by esbuild (no Docker) from `functions/<domain>/…`, built with
 * `functionDefaults` spread in, and given every wiring shared with `share()` (its grants, by its
 * name in lib/permissions.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Tags } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Placement } from './constructs/egress';
import { NO_RESOURCE_TO_NAME, suppress } from './nag';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Spread into every function; a function overrides only entry, handler, timeout and environment. */
const functionDefaults = {
  // DESIGN.md: Node.js 22 in Lambda, as on the machines the code is developed and tested on
  // (cdk-nag's "latest runtime" rule is acknowledged below, for that reason).
  runtime: Runtime.NODEJS_22_X,
  architecture: Architecture.ARM_64,
  memorySize: 512,
  timeout: Duration.seconds(10),
  tracing: Tracing.ACTIVE,
  projectRoot: repoRoot,
  depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
  bundling: {
    format: OutputFormat.ESM,
    target: 'node22',
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    // ESM bundles still meet CommonJS packages that call require(): give them one.
    banner:
      "import { createRequire as __trendexCreateRequire } from 'node:module'; const require = __trendexCreateRequire(import.meta.url);",
    // Bundle the pinned AWS SDK v3 instead of the runtime's: tree-shaken, faster cold starts.
    bundleAwsSDK: true,
    // Imports a bundle does without, left out of it:
    // - ccxt's (~600 KB less for the exchange callers): undici, which ccxt tries first and, when
    //   absent, falls back to Node's own fetch (the same engine); the protobuf of MEXC, loaded
    //   only by a MEXC client; fflate, which its websocket client imports only outside Node.
    // - the SDK's default credential chain past its first link (~130 KB a bundle): in Lambda the
    //   credentials are always in the environment (fromEnv, the chain's first link), so the links
    //   it `import()`s only when they are not (SSO, ini files and the STS/SSO clients they bring,
    //   process, web identity, container and instance metadata) are never loaded; were one ever
    //   reached, the error would name the package left out.
    externalModules: [
      'undici',
      '*/protobuf/mexc/compiled.cjs',
      'fflate',
      '@aws-sdk/credential-provider-sso',
      '@aws-sdk/credential-provider-ini',
      '@aws-sdk/credential-provider-process',
      '@aws-sdk/credential-provider-web-identity',
      '@aws-sdk/credential-provider-http',
      '@smithy/credential-provider-imds',
    ],
    // Two of ccxt's static imports that REST calls never reach, replaced by stubs that throw
    // (lib/bundle-stubs): `ws`, its websocket client's (for every function: none of ours opens a
    // websocket), and `@scure/starknet`, for the StarkNet exchanges' signatures; ~95 KB and a
    // quarter of the exchange functions' import time. Paths are relative to the project root,
    // where esbuild runs.
    esbuildArgs: {
      '--alias': ['ws=./lib/bundle-stubs/ws.ts', '@scure/starknet=./lib/bundle-stubs/scure-starknet.ts'],
    },
    // So that the #api/*, #core/* ... path aliases resolve.
    tsconfig: path.join(repoRoot, 'tsconfig.json'),
  },
  environment: { NODE_OPTIONS: '--enable-source-maps' },
} satisfies NodejsFunctionProps;

export const scheduleTimeout = Duration.seconds(30);

/** The tag that names a function as lib/permissions.ts does (the console and the infra tests read it). */
export const FUNCTION_NAME_TAG = 'trendex:function';

interface FunctionOptions {
  /** The function's name in lib/permissions.ts: 'api/auth', 'schedule/botTick', 'realtime'. */
  name: string;
  /** The entry file, relative to the functions folder: 'auth/handler.ts'. */
  entry: string;
  /** The named export; 'handler' unless said. */
  handler?: string;
  timeout?: Duration;
  environment?: Record<string, string>;
  description?: string;
  /** Asynchronous invocations: tries after the first, and how old an event may get. */
  retryAttempts?: number;
  maxEventAge?: Duration;
  /**
   * Where its failed asynchronous invocations go, with the event and the error (a schedule's
   * on-failure destination); none for one invoked synchronously.
   */
  onFailure?: IQueue;
}

/** Something every function gets: environment variables and/or grants (by the function's name). */
interface Wiring {
  environment?: Record<string, string>;
  grant?: (fn: NodejsFunction, name: string) => void;
}

/** '$connect' -> 'Connect', 'botTick' -> 'BotTick': construct ids from names. */
export const pascal = (name: string): string =>
  name.replace(/(?:^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());

export class Functions {
  private readonly created: [NodejsFunction, string][] = [];
  private readonly wirings: Wiring[] = [];
  private placementOf: (name: string) => Placement | undefined = () => undefined;

  /** @param functionsDir where the Lambda sources live (the repository's functions/ folder). */
  constructor(readonly functionsDir: string = path.join(repoRoot, 'functions')) {}

  /** Does this entry file exist yet? (Handlers of later issues land over time.) */
  exists(entry: string): boolean {
    return existsSync(path.join(this.functionsDir, entry));
  }

  /** Applies a wiring to every function made so far and every function made later. */
  share(wiring: Wiring): void {
    this.wirings.push(wiring);
    for (const [fn, name] of this.created) apply(fn, name, wiring);
  }

  /**
   * Which functions run in a VPC, by name. A function's network is part of how it is made, not a
   * wiring added later: this must come before the first function.
   */
  place(placementOf: (name: string) => Placement | undefined): void {
    if (this.created.length) throw new Error('Functions.place() must come before the first function is made');
    this.placementOf = placementOf;
  }

  /** Every function made so far, with its lib/permissions.ts name (alarms are made per function). */
  all(): readonly (readonly [NodejsFunction, string])[] {
    return this.created;
  }

  create(scope: Construct, id: string, options: FunctionOptions): NodejsFunction {
    const fn = new NodejsFunction(scope, id, {
      ...functionDefaults,
      ...this.placementOf(options.name),
      entry: path.join(this.functionsDir, options.entry),
      handler: options.handler ?? 'handler',
      timeout: options.timeout ?? functionDefaults.timeout,
      description: options.description ?? `${options.entry} ${options.handler ?? 'handler'}`,
      environment: { ...functionDefaults.environment, ...options.environment },
      // A month: enough to follow up an incident or a member's complaint (docs/operations.md).
      logGroup: new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH }),
      onFailure: options.onFailure && new SqsDestination(options.onFailure),
      retryAttempts: options.retryAttempts,
      maxEventAge: options.maxEventAge,
    });
    Tags.of(fn).add(FUNCTION_NAME_TAG, options.name);
    suppressCommon(fn, options);
    for (const wiring of this.wirings) apply(fn, options.name, wiring);
    this.created.push([fn, options.name]);
    return fn;
  }
}

/** What every function of ours is flagged for by design (lib/nag.ts). */
function suppressCommon(fn: NodejsFunction, options: FunctionOptions): void {
  suppress(
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    "Lambda's own minimal policy: write logs to the function's log group.",
    fn.role!,
  );
  suppress('AwsSolutions-IAM5[Resource::*]', NO_RESOURCE_TO_NAME, fn.role!);
  if (fn.isBoundToVpc)
    suppress(
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaVPCAccessExecutionRole]',
      "Lambda's own policy for a function in a VPC: its network interfaces (fixed egress).",
      fn.role!,
    );
  for (const rule of ['AwsSolutions-L1', 'Serverless-LambdaLatestVersion'])
    suppress(
      rule,
      'Node.js 22 by design (DESIGN.md): the version the code is tested on; 24 once the machines move.',
      fn,
    );
  suppress(
    'Serverless-LambdaDLQ',
    options.onFailure
      ? 'Its failed runs go to an on-failure destination, which keeps the error too (a DLQ keeps only the event).'
      : 'Invoked synchronously (API Gateway, Cognito, a poller): the caller gets the error, nothing is queued.',
    fn,
  );
}

function apply(fn: NodejsFunction, name: string, wiring: Wiring): void {
  for (const [key, value] of Object.entries(wiring.environment ?? {})) fn.addEnvironment(key, value);
  wiring.grant?.(fn, name);
}
