/**
 * A stack of an operations test's own (its own table, dead-letter store and log file; schedules
 * fired by hand), with the seeded admin's authenticator enrolled: the helpers of test/support talk
 * to it. `offset` keeps the stacks of different files apart (ports base + offset .. + 2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stackControls, startLocalStack, type LocalStack } from '#local/stack';
import { useOwnStack } from '../../support/api';
import { enrolTotp } from '../../support/totp';

export const startOpsStack = async (offset: number) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trendex-ops-'));
  const base = Number(process.env.TEST_PORT_BASE ?? 3500) + offset;
  const stack: LocalStack = await startLocalStack({
    dataDir,
    webPort: base,
    dynamoPort: base + 1,
    cognitoPort: base + 2,
    log: () => undefined,
    schedules: false,
  });
  const totpSecret = await enrolTotp(stack.cognitoEndpoint, stack.userPoolClientId, stack.admin);
  useOwnStack({ ...stack, admin: { ...stack.admin, totpSecret } });
  return {
    stack,
    dataDir,
    controls: stackControls(stack),
    async stop() {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
