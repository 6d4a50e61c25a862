import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LocalStackError } from './process';

const root = resolve(import.meta.dirname, '..');

const newestMtime = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }, 0);

/** Builds web/dist when it is missing or older than the app's sources (or the API contract it imports). */
export const buildWebIfStale = (): void => {
  const built = join(root, 'web', 'dist', 'index.html');
  const sources = ['web/src', 'web/public', 'web/index.html', 'api']
    .map((p) => join(root, p))
    .filter(existsSync);
  const newest = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= newest) return;
  console.log('Building the web app…');
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new LocalStackError('The web app did not build; see the errors above.');
};
