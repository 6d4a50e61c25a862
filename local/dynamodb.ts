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
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDesign } from '#core/table';
import { LocalStackError, waitFor } from './process';

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

export const startDynamo = async (port: number, dataDir: string): Promise<ChildProcess> => {
  assertJava();
  mkdirSync(dataDir, { recursive: true });
  const cwd = jarFolder();
  const child = spawn(
    'java',
    [
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(port),
      '-sharedDb',
      '-dbPath',
      dataDir,
      '-disableTelemetry',
    ],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
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
