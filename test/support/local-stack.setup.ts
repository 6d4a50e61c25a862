/**
 * Vitest global setup for integration and e2e tests: one real local stack (DynamoDB Local,
 * cognito-local, the gateways) on its own ports and a fresh data folder, stopped at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../local/stack';
import { buildWebIfStale } from '../../local/web-build';

export interface StackInfo {
  webUrl: string;
  apiUrl: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  admin: { email: string; password: string; username: string; name: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

export default async function setup(project: TestProject) {
  if (project.name === 'e2e') buildWebIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'trendex-test-'));
  // Ports apart from `npm start`'s, so tests run beside a developer's stack.
  // TEST_PORT_BASE lets two test runs share a machine.
  const base = Number(process.env.TEST_PORT_BASE ?? 3500) + (project.name === 'e2e' ? 100 : 0);
  const stack = await startLocalStack({
    dataDir,
    webPort: base,
    dynamoPort: base + 10,
    cognitoPort: base + 20,
  });
  const { stop, ...info } = stack;
  project.provide('stack', info);
  return async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
