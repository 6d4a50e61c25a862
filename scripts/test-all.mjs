#!/usr/bin/env node
/**
 * `npm test`: the type check, ESLint and every test project (unit, infra, integration, e2e), each
 * against its own real services. Two lanes run at once: the CPU-bound checks (type check, lint,
 * unit, infra), beside the projects on local stacks (integration, then e2e, each with its
 * own-process twin), whose files spend much of their time waiting. Each step's output is kept in test-artifacts/steps/<step>.log and printed whole when
 * the step ends, so the lanes' lines never interleave. Prints one closing line "N passed, N failed" and exits non-zero
 * on any failure.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';

const STEPS = 'test-artifacts/steps';
mkdirSync(STEPS, { recursive: true });
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs one step with its output in its log file; prints the log when it ends; true when it passed. */
const run = (label, command, args, env = {}) =>
  new Promise((resolve) => {
    const since = Date.now();
    const file = `${STEPS}/${label}.log`;
    const log = createWriteStream(file);
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...env },
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        process.stdout.write(`\n=== ${label} (${seconds(since)}) ===\n${readFileSync(file, 'utf8')}`);
        resolve(code === 0);
      });
    });
  });

/**
 * Integration files that race hundreds of writes at the store (*.alone.test.ts) run by themselves:
 * beside the rest of the run, a starved DynamoDB Local answers some of them after the functions'
 * 2 s store timeout.
 */
const ALONE = '.alone.test.ts';

let passed = 0;
let failed = 0;
const broken = [];

const check = async (label, command, args) => {
  if (!(await run(label, command, args))) broken.push(label);
};

/**
 * Runs vitest projects (`name`, or several: `projects`; or a part: `label` and vitest's `filters`) in
 * one vitest run, adding up its report. Projects run together share the run's workers and start
 * their stacks at once, instead of each waiting for the one before to end and then for its own setup.
 */
const project = async (name, { label = name, projects = [name], filters = [], env = {} } = {}) => {
  const report = `test-artifacts/${label}.json`;
  rmSync(report, { force: true });
  const ok = await run(`${label} tests`, 'npx', [
    'vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
    ...filters,
  ], env);
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    if (result.numTotalTests === 0) broken.push(`${name} (no tests ran)`);
  } catch {
    broken.push(`${name} (no report)`);
  }
  if (!ok) broken.push(name);
};

// Lane one: the checks, then the web build. Lane two: the projects on local stacks: the integration
// files, on the shared stacks and those that need a process of their own (`integration-own`,
// vitest.config.ts), in one run, then e2e and its own-process files in one run. e2e waits for
// integration: its timed checks (a push within 8 s, a bot's state within 15 s) missed beside a lane
// of in-process stacks. The files that race hundreds of writes run last, when both lanes have
// ended: one worker, nothing beside it.
await Promise.all([
  (async () => {
    await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
    await check('lint', 'npx', ['eslint', '.']);
    await project('unit', { projects: ['unit', 'unit-own'] });
    await project('infra');
    // the web app the e2e tests load, built here (when stale) and not in their setup, on the other lane
    await check('web build', 'npx', ['tsx', 'bin/build-web.ts']);
  })(),
  (async () => {
    await project('integration', {
      projects: ['integration', 'integration-own'],
      filters: ['--exclude', `**/*${ALONE}`],
    });
    await project('e2e', { projects: ['e2e', 'e2e-own'] });
  })(),
]);
await project('integration-own', { label: 'integration-alone', filters: [ALONE], env: { TEST_WORKERS: '1' } });

console.log(`\nAll steps: ${seconds(started)}`);
if (broken.length) console.log(`\nFailed steps: ${[...new Set(broken)].join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken.length || failed ? 1 : 0);
