import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A failure of the local stack that the person starting it can act on; printed without a stack trace. */
export class LocalStackError extends Error {}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fails clearly when a port is taken, before anything starts on it. */
export const assertPortFree = (port: number, what: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new LocalStackError(
          `Port ${port} (${what}) is already in use. Stop what runs there, or set another port.`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });

/** Polls until `ready` answers true; fails with the child's output if it exits or takes too long. */
export const waitFor = async (
  what: string,
  child: ChildProcess | null,
  ready: () => Promise<boolean>,
  output: () => string = () => '',
  timeoutMs = 60_000,
): Promise<void> => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null)
      throw new LocalStackError(`${what} exited (code ${child.exitCode}):\n${output()}`);
    if (await ready().catch(() => false)) return;
    await sleep(200);
  }
  throw new LocalStackError(`${what} did not start within ${timeoutMs / 1000} s:\n${output()}`);
};

/** Stops a child process, politely first. */
export const stopChild = async (child: ChildProcess | undefined): Promise<void> => {
  if (!child || child.exitCode !== null || child.signalCode) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
};
