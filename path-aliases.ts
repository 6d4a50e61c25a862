/**
 * The import aliases (#api, #core, #functions, #engine, #local) have one table: tsconfig.json's
 * "paths", which tsc, tsx and the Lambda bundler (esbuild) read. Vitest and the web app's Vite build
 * read it through here. (tsconfig.json must stay plain JSON, without comments.)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = new URL('./', import.meta.url);
const { compilerOptions } = JSON.parse(readFileSync(new URL('tsconfig.json', here), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

/** tsconfig's `"#api/*": ["./api/*"]` as Vite's `{ '#api': '<absolute path>/api' }`; `only` keeps some. */
export const pathAliases = (only?: readonly string[]): Record<string, string> =>
  Object.fromEntries(
    Object.entries(compilerOptions.paths)
      .map(([alias, [target]]) => [
        alias.replace(/\/\*$/, ''),
        fileURLToPath(new URL(target.replace(/\/\*$/, ''), here)),
      ])
      .filter(([alias]) => !only || only.includes(alias)),
  );
