/**
 * DynamoDB Local: the official jar shipped inside the amplify-dynamodb-simulator npm package,
 * run with Java 17, its data kept under the data folder so accounts survive a restart.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDesign } from '#core/table';
import { LocalStackError, stopChild, supervise, waitFor, type Supervised } from './process';

const jarFolder = (): string =>
  join(
    dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')),
    'emulator',
  );

export const assertJava = (): void => {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new LocalStackError(
      'Java was not found. DynamoDB Local needs Java 17 or newer: apt-get install -y openjdk-17-jre-headless',
    );
  const version = /version "(\d+)/.exec(probe.stderr)?.[1];
  if (version && Number(version) < 17)
    throw new LocalStackError(`Java ${version} found; DynamoDB Local needs Java 17 or newer.`);
};

/**
 * Where the table lives: a folder (kept across restarts, as `npm start` needs), or memory only
 * (`undefined`): a test stack that never restarts its DynamoDB Local spends half the CPU and a
 * fifth of the time per write without SQLite's file and its syncs.
 */
type Storage = { dataDir: string } | undefined;

/** Spawns the jar and resolves once it answers; `spawned` gets the child as soon as it exists. */
const launchDynamo = async (
  port: number,
  storage: Storage,
  spawned: (child: ChildProcess) => void = () => undefined,
): Promise<ChildProcess> => {
  if (storage) mkdirSync(storage.dataDir, { recursive: true });
  const cwd = jarFolder();
  const child = spawn(
    'java',
    [
      // The quick compiler only, and one GC thread: a local table answers a few requests a second,
      // and the optimising compiler's and parallel GC's threads cost a 2-core machine more CPU than
      // they save (a test stack's DynamoDB Local uses ~30 % less CPU this way).
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(port),
      '-sharedDb',
      ...(storage ? ['-dbPath', storage.dataDir] : ['-inMemory']),
      '-disableTelemetry',
    ],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  spawned(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const client = dynamoClient(port);
  await waitFor(
    'DynamoDB Local',
    child,
    () => client.send(new ListTablesCommand({})).then(() => true),
    () => output,
  );
  return child;
};

export const startDynamo = async (port: number, dataDir: string): Promise<ChildProcess> => {
  assertJava();
  return launchDynamo(port, { dataDir });
};

/**
 * A DynamoDB Local in memory for several stacks, each with a table of its own (borrowTable): a test
 * run starts one per project instead of a JVM per stack, and its compiled code serves them all.
 */
export const startDynamoServer = (port: number): Promise<ChildProcess> => {
  assertJava();
  return launchDynamo(port, undefined);
};

/**
 * A table of its own on a DynamoDB Local that someone else runs (startDynamoServer), looked after
 * as a supervised one would be: it is up while the server is; stopping deletes the table (its
 * memory with it) and leaves the server running.
 */
export const borrowTable = async (port: number, tableName: string): Promise<Supervised> => {
  await ensureTable(port, tableName);
  const drop = () =>
    dynamoClient(port)
      .send(new DeleteTableCommand({ TableName: tableName }))
      .then(
        () => undefined,
        () => undefined,
      );
  return { isUp: () => true, pid: () => undefined, release: () => undefined, stop: drop };
};

/**
 * DynamoDB Local with its table, kept running: if it exits unasked (killed, crashed), it is
 * restarted on the same port and data folder with backoff, and the table made sure of again
 * (empty, when it lives in memory: `dataDir` undefined).
 */
export const superviseDynamo = async (options: {
  port: number;
  dataDir: string | undefined;
  tableName: string;
  log: (line: string) => void;
}): Promise<Supervised> => {
  assertJava();
  return supervise({
    what: 'DynamoDB Local',
    log: options.log,
    start: async (spawned) => {
      const storage = options.dataDir === undefined ? undefined : { dataDir: options.dataDir };
      const child = await launchDynamo(options.port, storage, spawned);
      try {
        await ensureTable(options.port, options.tableName);
      } catch (error) {
        await stopChild(child);
        throw error;
      }
      return child;
    },
  });
};

export const dynamoClient = (port: number) =>
  new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** Creates the single table as the CDK stack defines it, if it is not there yet. */
export const ensureTable = async (port: number, name: string): Promise<void> => {
  const client = dynamoClient(port);
  const exists = await client
    .send(new DescribeTableCommand({ TableName: name }))
    .then(() => true)
    .catch((error: { name?: string }) => {
      if (error.name === 'ResourceNotFoundException') return false;
      throw error;
    });
  if (exists) return;
  const attributes = [
    tableDesign.partitionKey,
    tableDesign.sortKey,
    ...tableDesign.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDesign.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: tableDesign.ttlAttribute, Enabled: true },
    }),
  );
};
