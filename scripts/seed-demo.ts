/**
 * `npm run seed:demo -- --members 3000 [--under <username>] [--seed <n>]`: grows a demo network
 * in the local stack's data folder (`.local-data/`, or TRENDEX_DATA_DIR), through the real code
 * (local/seed/demo.ts says how). With `npm start` running it talks to that stack's DynamoDB Local
 * and cognito-local; otherwise it starts the stack on the same folder and ports, seeds, and stops it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from '../local/dynamodb';
import { cognitoClient, type PoolIds, type SeededAdmin } from '../local/identity';
import { LocalStackError } from '../local/process';
import { startLocalStack, TABLE_NAME } from '../local/stack';
import { MANAGEMENT_PATH } from '../local/websocket';

const DEFAULT_MEMBERS = 1000;
const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(process.env.TRENDEX_DATA_DIR ?? join(root, '.local-data'));
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ports = {
  web: port('PORT', 3000),
  dynamo: port('DYNAMODB_PORT', 8000),
  cognito: port('COGNITO_PORT', 9229),
};

const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};

const usage = () => {
  console.error('usage: npm run seed:demo -- [--members N] [--under <username>] [--seed <n>]');
  process.exit(2);
};

const members = Number(arg('members') ?? DEFAULT_MEMBERS);
if (!Number.isInteger(members) || members < 1) usage();
const seed = arg('seed') === undefined ? undefined : Number(arg('seed'));
if (seed !== undefined && !Number.isInteger(seed)) usage();

const readJson = <T>(file: string): T | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;

const answers = (probe: () => Promise<unknown>) =>
  probe().then(
    () => true,
    () => false,
  );

/** The running stack of this data folder, if both its servers answer; null when neither does. */
const runningStack = async (): Promise<{ ids: PoolIds; admin: SeededAdmin } | null> => {
  const dynamo = await answers(() => dynamoClient(ports.dynamo).send(new ListTablesCommand({})));
  const ids = readJson<PoolIds>(join(dataDir, 'cognito', 'pool.json'));
  const cognito = await answers(() =>
    cognitoClient(`http://localhost:${ports.cognito}`).send(
      new DescribeUserPoolCommand({ UserPoolId: ids?.userPoolId ?? 'none' }),
    ),
  );
  if (!dynamo && !cognito) return null;
  const admin = readJson<SeededAdmin>(join(dataDir, 'admin.json'));
  if (!dynamo || !cognito || !ids || !admin)
    throw new LocalStackError(
      `Something answers on port ${dynamo ? ports.dynamo : ports.cognito} but it is not the stack of ${dataDir}. ` +
        'Stop it, or start Trendex with `npm start` (same TRENDEX_DATA_DIR and ports) and run the seed again.',
    );
  return { ids, admin };
};

try {
  const running = await runningStack();
  let stop = async () => {};
  let admin: SeededAdmin;
  if (running) {
    console.log(
      `Seeding the running stack (DynamoDB Local :${ports.dynamo}, cognito-local :${ports.cognito}).`,
    );
    Object.assign(process.env, {
      AWS_REGION: 'local',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      TABLE_NAME,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamo}`,
      COGNITO_ENDPOINT: `http://localhost:${ports.cognito}`,
      USER_POOL_ID: running.ids.userPoolId,
      USER_POOL_CLIENT_ID: running.ids.userPoolClientId,
      WS_MANAGEMENT_ENDPOINT: `http://localhost:${ports.web}${MANAGEMENT_PATH}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    });
    admin = running.admin;
  } else {
    console.log(`Trendex is not running: starting it on ${dataDir} for the seed.`);
    // quieter than npm start: a schedule polling the gateway while it closes warns at the end
    process.env.LOG_LEVEL ??= 'ERROR';
    const stack = await startLocalStack({
      dataDir,
      webPort: ports.web,
      dynamoPort: ports.dynamo,
      cognitoPort: ports.cognito,
    });
    stop = stack.stop;
    admin = stack.admin;
  }
  try {
    const { seedDemo } = await import('../local/seed/demo');
    const under = arg('under') ?? admin.username;
    console.log(`Adding ${members} demo members under "${under}"…`);
    const result = await seedDemo({ members, under, seed, log: (line) => console.log(line) });
    const usdt = (micro: number) => (micro / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2 });
    console.log(`
Done in ${result.seconds.toFixed(0)} s: ${result.members.length} members placed under "${result.top.username}",
${result.plansBought} plans bought (${usdt(result.points)} USDT of points up the tree, ${usdt(result.directBonus)} USDT direct bonuses),
${usdt(result.deposited)} USDT deposited ('Demo deposit').

Demo logins (every seeded member has the password ${result.logins[0]?.password ?? ''}):`);
    for (const login of result.logins) console.log(`  ${login.email.padEnd(42)} ${login.what}`);
    console.log(`  ${admin.email.padEnd(42)} the admin (npm start prints the password)`);
  } finally {
    await stop();
  }
  process.exit(0);
} catch (error) {
  if (error instanceof LocalStackError) {
    console.error(`\nThe seed could not run: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
