// Test workers inherit this: the SDKs' Node 20 and SDK v2 notices are noise in test output.
import './local/quiet-sdk';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases.ts';

const alias = pathAliases();

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // work off the request path (placement, activations) may take seconds on a loaded machine
          expect: { poll: { timeout: 10_000, interval: 100 } },
          globalSetup: ['test/support/local-stack.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      { resolve: { alias }, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 180_000 } },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // a page may take a few seconds on a loaded 2-core machine; expect.poll waits up to this
          expect: { poll: { timeout: 15_000, interval: 100 } },
          globalSetup: ['test/support/local-stack.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
