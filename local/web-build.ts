import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalStackError } from './process';

const root = resolve(import.meta.dirname, '..');

const newestMtime = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }, 0);

const lock = join(root, 'web', '.build-lock');
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Whether web/dist is missing or older than its sources, build config, or what it imports from
 * outside web/ (the API contract; the engine, which the bot pages and the browser backtest run).
 */
const isStale = (): boolean => {
  const built = join(root, 'web', 'dist', 'index.html');
  const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'api', 'engine']
    .map((p) => join(root, p))
    .filter(existsSync);
  const newest = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  return !existsSync(built) || statSync(built).mtimeMs < newest;
};

/**
 * Builds web/dist when it is stale. Two test runs on one checkout may both find it stale: a lock
 * directory lets one build while the other waits and then finds it fresh (vite empties web/dist
 * first, so two builds at once would serve each other missing files).
 */
export const buildWebIfStale = (): void => {
  if (!isStale()) return;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // a build older than ten minutes was killed: its lock is taken over
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000)
        rmSync(lock, { recursive: true });
      else sleep(500);
    }
  }
  try {
    if (!isStale()) return;
    console.log('Building the web app…');
    const result = spawnSync(
      'npx',
      ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      // a production build whatever runs this: under vitest NODE_ENV is 'test', and vite would
      // then bundle React's development build (a third larger, and slower)
      { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (result.status !== 0) throw new LocalStackError('The web app did not build; see the errors above.');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
};
