// Test workers inherit this: the SDKs' Node 20 and SDK v2 notices are noise in test output.
import './local/quiet-sdk';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases.ts';
import OwnProcessFirst from './test/support/sequencer.ts';

const alias = pathAliases();

/**
 * What every project has: its name (TEST_PROJECT to its files, for test/support/ports.ts), and the
 * functions' JSON log lines written to test-artifacts/logs/<name>.log (emptied at each run) instead
 * of the test output.
 */
const named = (name: string, globalSetup: string[] = []) => ({
  name,
  env: {
    TEST_PROJECT: name,
    LOG_FILE: fileURLToPath(new URL(`./test-artifacts/logs/${name}.log`, import.meta.url)),
  },
  globalSetup: ['test/support/log-file.setup.ts', ...globalSetup],
});

/**
 * Workers of the projects on local stacks, each with a stack of its own (test/support/ports.ts):
 * their files spend much of their time waiting (on a moved clock, a poll, a page), so two run at
 * once on a 2-core machine, and three for e2e, whose two workers kept ~1 core busy (its pages wait
 * on the app's polls and pushes); more starve the stacks' databases on a loaded one (the
 * functions' 2 s store timeouts then fail the tests that race hundreds of writes). TEST_WORKERS
 * sets it (1: one file at a time).
 */
const stackWorkers = (fallback: number) => Number(process.env.TEST_WORKERS ?? fallback);

/**
 * Files on local stacks that must each run in a fresh process (`isolate`): those that start a stack
 * of their own in the test process (which points process.env and the functions' clients at it), and
 * those that set what a function reads once, when it is first imported (an exchange rule, a log
 * file, a stand-in's endpoint), and those that move the functions' clock in the test process (ids
 * made after it keep the moved time: a later file's notes sorted after a "mark all read"). Every other file talks to its worker's shared stack through modules
 * that read the same settings in every file, so a worker keeps them loaded from one file to the next
 * instead of loading ccxt, the SDK and the functions again for each (two thirds of a small file's CPU).
 */
const OWN_PROCESS = {
  integration: [
    'test/integration/bots/{books.property,cockpit,ed25519,faults,paper-restart,resting,streamed-fills,streams,trading,weights}.test.ts',
    'test/integration/local/{heals,restart}.test.ts',
    'test/integration/notifications/bot-run-events.test.ts',
    'test/integration/operations/{dead-letters,ledger-audit,metrics,redrive}.test.ts',
    'test/integration/exchange/{ip-restriction,no-secret-in-logs}.test.ts',
    'test/integration/core/aws-clients.test.ts',
    'test/integration/security/{withdrawals,admin-gateway}.test.ts',
    'test/integration/wallet/{reconcile,report-hashes}.test.ts',
    'test/integration/team/seed.test.ts',
    'test/integration/{wallet/holds,notifications/bot-events}.test.ts',
    'test/integration/**/*.alone.test.ts',
  ],
  e2e: ['test/e2e/bots/{cockpit,trading}.test.ts', 'test/e2e/admin/operations.test.ts'],
};

/**
 * The `-own` twins whose every file starts a stack of its own: they start no shared stack
 * (local-stack.setup.ts), which none of their files would use.
 */
const OWN_STACKS_ONLY = new Set<keyof typeof OWN_PROCESS>(['e2e']);

/**
 * Unit files that mock a module (vi.mock) or stub a global: each runs in a fresh process
 * (`unit-own`). The other unit files share their worker's loaded modules from one file to the next
 * (`isolate: false`): loading the engine, ccxt and the functions again for each file was four
 * fifths of the unit run's import time.
 */
const UNIT_OWN_PROCESS = ['test/unit/web/api.test.ts'];

/** The unit project and its `unit-own` twin. */
const units = () => {
  const settings = {
    // some units load the shipped candles or talk HTTP to a paper exchange of their own: a
    // loaded 2-core machine can take more than the default 5 s
    testTimeout: 30_000,
  };
  return [
    {
      resolve: { alias },
      test: {
        ...named('unit'),
        ...settings,
        include: ['test/unit/**/*.test.ts'],
        exclude: UNIT_OWN_PROCESS,
        isolate: false,
      },
    },
    { resolve: { alias }, test: { ...named('unit-own'), ...settings, include: UNIT_OWN_PROCESS } },
  ];
};

/** A project on local stacks, and its twin `<name>-own` for the files of OWN_PROCESS[name]. */
const onStacks = (name: keyof typeof OWN_PROCESS, settings: Record<string, unknown>) => [
  {
    resolve: { alias },
    test: {
      ...named(name, ['test/support/local-stack.setup.ts']),
      ...settings,
      include: [`test/${name}/**/*.test.ts`],
      exclude: OWN_PROCESS[name],
      isolate: false,
    },
  },
  {
    resolve: { alias },
    test: {
      ...named(`${name}-own`, ['test/support/local-stack.setup.ts']),
      ...settings,
      include: OWN_PROCESS[name],
      provide: { sharedStacks: !OWN_STACKS_ONLY.has(name) },
    },
  },
];

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: OwnProcessFirst },
    projects: [
      ...units(),
      ...onStacks('integration', {
        setupFiles: ['test/support/stack-env.setup.ts'],
        // work off the request path (placement, activations) may take seconds on a loaded machine
        expect: { poll: { timeout: 10_000, interval: 100 } },
        testTimeout: 60_000,
        hookTimeout: 120_000,
        maxWorkers: stackWorkers(2),
      }),
      {
        resolve: { alias },
        test: {
          ...named('infra'),
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 180_000,
          // one process for every file, so the repository's stack is synthesized once
          // (test/infra/support.ts repositoryStack); the files only read what they synthesize
          isolate: false,
          maxWorkers: 1,
        },
      },
      ...onStacks('e2e', {
        setupFiles: ['test/support/stack-env.setup.ts'],
        // a page may take a few seconds on a loaded 2-core machine; expect.poll waits up to this
        expect: { poll: { timeout: 15_000, interval: 100 } },
        testTimeout: 120_000,
        hookTimeout: 180_000,
        maxWorkers: stackWorkers(3),
      }),
    ],
  },
});
