/**
 * `npm start`: the whole platform on localhost. Builds the web app when its sources changed,
 * starts every local service, prints where things are, and stops them all on Ctrl-C.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalStackError } from '../local/process';
import { startLocalStack } from '../local/stack';

const root = resolve(import.meta.dirname, '..');

const newestMtime = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }, 0);

const buildWebIfStale = () => {
  const built = join(root, 'web', 'dist', 'index.html');
  const sources = [join(root, 'web', 'src'), join(root, 'web', 'public'), join(root, 'api')].filter(existsSync);
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the web app…');
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new LocalStackError('The web app did not build; see the errors above.');
};

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

try {
  buildWebIfStale();
  const stack = await startLocalStack({
    dataDir: process.env.TRENDEX_DATA_DIR ?? join(root, '.local-data'),
    webPort: port('PORT', 3000),
    dynamoPort: port('DYNAMODB_PORT', 8000),
    cognitoPort: port('COGNITO_PORT', 9229),
  });
  console.log(`
Trendex is running.
  Web app        ${stack.webUrl}
  Mail outbox    ${stack.outboxUrl}
  API            ${stack.apiUrl}
  Admin login    ${stack.admin.email} / ${stack.admin.password}
Press Ctrl-C to stop; accounts and data are kept in ${process.env.TRENDEX_DATA_DIR ?? '.local-data/'}.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Trendex…');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  if (error instanceof LocalStackError) {
    console.error(`\nTrendex could not start: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
