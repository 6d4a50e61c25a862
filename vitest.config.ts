// Test workers inherit this: the SDKs' Node 20 and SDK v2 notices are noise in test output.
import './local/quiet-sdk';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases.ts';

const alias = pathAliases();

/**
 * What every project has: its name, and the functions' JSON log lines written to
 * test-artifacts/logs/<name>.log (emptied at each run) instead of the test output.
 */
const named = (name: string, globalSetup: string[] = []) => ({
  name,
  env: { LOG_FILE: fileURLToPath(new URL(`./test-artifacts/logs/${name}.log`, import.meta.url)) },
  globalSetup: ['test/support/log-file.setup.ts', ...globalSetup],
});

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          ...named('unit'),
          include: ['test/unit/**/*.test.ts'],
          // some units load the shipped candles or talk HTTP to a paper exchange of their own: a
          // loaded 2-core machine can take more than the default 5 s
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          ...named('integration', ['test/support/local-stack.setup.ts']),
          include: ['test/integration/**/*.test.ts'],
          // work off the request path (placement, activations) may take seconds on a loaded machine
          expect: { poll: { timeout: 10_000, interval: 100 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: { ...named('infra'), include: ['test/infra/**/*.test.ts'], testTimeout: 180_000 },
      },
      {
        resolve: { alias },
        test: {
          ...named('e2e', ['test/support/local-stack.setup.ts']),
          include: ['test/e2e/**/*.test.ts'],
          // a page may take a few seconds on a loaded 2-core machine; expect.poll waits up to this
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
