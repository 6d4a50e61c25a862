/**
 * Vitest global setup for every project: the functions' JSON log lines go to the project's log
 * file (LOG_FILE, see vitest.config.ts), emptied at the start of the run, instead of the test
 * output. Set here for the main process too, where the local stack's handlers run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject) {
  const file = project.config.env.LOG_FILE as string | undefined;
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  process.env.LOG_FILE = file;
}
