#!/usr/bin/env node
/**
 * `npm test`: type check and lint, then every test project in turn (unit, infra, integration,
 * e2e), each against its own real services. Prints one closing line "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const run = (label, command, args) => {
  console.log(`\n=== ${label} ===`);
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } }).status === 0;
};

mkdirSync('test-artifacts', { recursive: true });
let passed = 0;
let failed = 0;
const broken = [];

if (!run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])) broken.push('typecheck');
if (!run('lint', 'npx', ['eslint', '.'])) broken.push('lint');

for (const project of ['unit', 'infra', 'integration', 'e2e']) {
  const report = `test-artifacts/${project}.json`;
  rmSync(report, { force: true });
  const ok = run(`${project} tests`, 'npx', [
    'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ]);
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    if (result.numTotalTests === 0) broken.push(`${project} (no tests ran)`);
  } catch {
    broken.push(`${project} (no report)`);
  }
  if (!ok) broken.push(project);
}

if (broken.length) console.log(`\nFailed steps: ${[...new Set(broken)].join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken.length || failed ? 1 : 0);
