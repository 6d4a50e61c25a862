/**
 * `npm start`: the whole platform on localhost. Builds the web app when its sources changed,
 * starts every local service, prints where things are, and stops them all on Ctrl-C.
 */
import { join, resolve } from 'node:path';
import { LocalStackError } from '../local/process';
import { startLocalStack } from '../local/stack';
import { buildWebIfStale } from '../local/web-build';

const root = resolve(import.meta.dirname, '..');

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
  User streams   ${stack.paperUserStreamUrl} (the paper exchange's Binance user data streams)
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
