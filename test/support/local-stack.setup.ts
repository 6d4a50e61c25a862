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
import { enrolTotp } from './totp';

export interface StackInfo {
  webUrl: string;
  apiUrl: string;
  dynamoEndpoint: string;
  cognitoEndpoint: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The seeded admin, enrolled in TOTP by this setup (admin routes need it): `totpSecret` is base32. */
  admin: { email: string; password: string; username: string; name: string; totpSecret: string };
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
  const { stop, admin, ...info } = stack;
  const totpSecret = await enrolTotp(stack.cognitoEndpoint, stack.userPoolClientId, admin);
  project.provide('stack', { ...info, admin: { ...admin, totpSecret } });
  return async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
