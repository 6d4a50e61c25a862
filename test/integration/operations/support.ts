/**
 * A stack of an operations test's own (its own table, dead-letter store and log file; schedules
 * fired by hand), with the seeded admin's authenticator enrolled: the helpers of test/support talk
 * to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stackControls, startLocalStack, type LocalStack } from '#local/stack';
import { useOwnStack } from '../../support/api';
import { ownStackPorts } from '../../support/ports';
import { enrolTotp } from '../../support/totp';

export const startOpsStack = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trendex-ops-'));
  const stack: LocalStack = await startLocalStack({
    dataDir,
    ...ownStackPorts(),
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
