/**
 * Vitest global setup for integration and e2e tests: a real local stack (DynamoDB Local,
 * cognito-local, the gateways) for each of the project's workers, each in a process of its own
 * (test/support/stack-process.ts) on its own ports (test/support/ports.ts) and a fresh data folder,
 * all stopped at the end. The project's stacks, these and those its files start for themselves,
 * keep their tables in one DynamoDB Local the setup starts (a JVM a project, not one a stack: each
 * JVM costs seconds of CPU to start and warm up). A test file talks to its worker's stack (test/support/api.ts `stack()`),
 * so files in different workers never share data, and files of one worker run one after another,
 * as every file did before the workers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildWebIfStale } from '../../local/web-build';
import { startDynamoServer } from '../../local/dynamodb';
import { stopChild } from '../../local/process';
import { dynamoServerPort, sharedStackPorts } from './ports';

export interface StackInfo {
  webUrl: string;
  apiUrl: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The seeded admin, enrolled in TOTP by this setup (admin routes need it): `totpSecret` is base32. */
  admin: { email: string; password: string; username: string; name: string; totpSecret: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared stack of each worker: worker k (VITEST_POOL_ID) uses `stacks[k - 1]`. */
    stacks: StackInfo[];
    /** The settings each stack gave its handlers (process.env), which its worker's files run with. */
    stackEnvs: Record<string, string>[];
    /** false: the project's files each start a stack of their own, and no shared one is started. */
    sharedStacks?: boolean;
    /**
     * The project's DynamoDB Local: its stacks, shared and own, each keep a table there
     * (LocalStackOptions.dynamoServerPort), one JVM for all instead of one a stack.
     */
    dynamoServerPort: number;
  }
}

const STACK_PROCESS = fileURLToPath(new URL('./stack-process.ts', import.meta.url));

interface Started {
  info: StackInfo;
  env: Record<string, string>;
}

/** Starts one shared stack in a child process; resolves with its details once it is ready. */
const startStack = (project: string, worker: number, dynamoServerPort: number) => {
  const options = { ...sharedStackPorts(project, worker), dynamoServerPort };
  const child = fork(STACK_PROCESS, [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Started>((resolve, reject) => {
    child.once('message', (started) => resolve(started as Started));
    child.once('exit', (code) =>
      reject(new Error(`the ${project} stack of worker ${worker} exited (${code})`)),
    );
  });
  return { child, ready };
};

const stopStack = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.send('stop');
  });

export default async function setup(project: TestProject) {
  if (project.name.startsWith('e2e')) buildWebIfStale();
  const port = dynamoServerPort(project.name);
  const dynamo = await startDynamoServer(port);
  project.provide('dynamoServerPort', port);
  const workers = project.config.provide?.sharedStacks === false ? 0 : project.config.maxWorkers;
  const started = Array.from({ length: workers }, (_, i) => startStack(project.name, i + 1, port));
  const stop = async () => {
    await Promise.all(started.map(({ child }) => stopStack(child)));
    await stopChild(dynamo);
  };
  try {
    const stacks = await Promise.all(started.map(({ ready }) => ready));
    project.provide(
      'stacks',
      stacks.map(({ info }) => info),
    );
    project.provide(
      'stackEnvs',
      stacks.map(({ env }) => env),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
