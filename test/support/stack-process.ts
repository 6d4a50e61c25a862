/**
 * One worker's shared local stack, in a process of its own (local-stack.setup.ts starts one per
 * worker): the stack sets the handlers' settings in process.env, so two stacks cannot share a
 * process. It starts the stack on the ports it is given, enrols the seeded admin's authenticator
 * (admin routes need it), sends the stack's details and those settings to its parent (the worker's
 * test files run with them, as the handlers do: stack-env.setup.ts) and stops the stack when told
 * to or when the parent goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalStack } from '#local/stack';
import { enrolTotp } from './totp';
import type { StackPorts } from './ports';

const options = JSON.parse(process.argv[2]) as StackPorts & { dynamoServerPort: number };
const dataDir = mkdtempSync(join(tmpdir(), 'trendex-test-'));
const before = { ...process.env };
const stack = await startLocalStack({ dataDir, ...options });
const env = Object.fromEntries(Object.entries(process.env).filter(([key, value]) => before[key] !== value));
const { stop, admin, ...info } = stack;
const totpSecret = await enrolTotp(stack.cognitoEndpoint, stack.userPoolClientId, admin);

let stopping: Promise<void> | undefined;
const end = () =>
  (stopping ??= stop()
    .finally(() => rmSync(dataDir, { recursive: true, force: true }))
    .then(() => process.exit(0)));
process.on('message', (message) => message === 'stop' && void end());
process.on('disconnect', () => void end());
process.send!({ info: { ...info, admin: { ...admin, totpSecret } }, env });
