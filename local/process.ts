import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { wakeablePause } from '#core/pause';

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

/** How a child ended, for a person: "code 1" or "signal SIGKILL". */
const exitOf = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `signal ${signal}` : `code ${code}`;

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
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new LocalStackError(`${what} exited (${exitOf(child.exitCode, child.signalCode)}):\n${output()}`);
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

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** A child process the local stack keeps running: restarted when it exits unasked. */
export interface Supervised {
  /** True while the child runs and serves; false from its exit until it is back. */
  isUp(): boolean;
  /** The running child's pid (test support: a test kills it to see the stack heal). */
  pid(): number | undefined;
  /** From now on an exit is expected (the stack is stopping): nothing is restarted. */
  release(): void;
  /** Releases it and stops the child. */
  stop(): Promise<void>;
}

interface SuperviseOptions {
  /** Its name in the log lines, e.g. 'DynamoDB Local'. */
  what: string;
  /**
   * Starts the child and resolves once it serves (or rejects, having stopped it). `spawned` gets the
   * child as soon as it exists, so stop() can end one that is still starting.
   */
  start: (spawned: (child: ChildProcess) => void) => Promise<ChildProcess>;
  log: (line: string) => void;
  /** The first wait before a restart; it doubles on each failure, up to maxMs. */
  firstMs?: number;
  maxMs?: number;
  /** A child that served this long before it exited is restarted after firstMs again. */
  resetAfterMs?: number;
  /**
   * How long an exit waits before it counts as unasked: Ctrl-C at the terminal reaches the child
   * as well as `npm start`, whose shutdown then releases it within this time.
   */
  noticeMs?: number;
}

/**
 * Starts a child and keeps it running: when it exits without being asked to, logs one line, restarts
 * it with exponential backoff (0.5 s doubling to 10 s by default), and logs when it is back.
 */
export const supervise = async ({
  what,
  start,
  log,
  firstMs = 500,
  maxMs = 10_000,
  resetAfterMs = 30_000,
  noticeMs = 250,
}: SuperviseOptions): Promise<Supervised> => {
  let child: ChildProcess | undefined;
  let up = false;
  let released = false;
  let upSince = 0;
  let nextWaitMs = firstMs;
  /** A wait that release() cuts short, so a stopped stack leaves no timer behind. */
  const { pause, wake } = wakeablePause();
  const spawned = (c: ChildProcess) => (child = c);

  const serving = (c: ChildProcess) => {
    child = c;
    up = true;
    upSince = Date.now();
    c.once('exit', (code, signal) => {
      if (c !== child) return;
      up = false;
      if (!released) void recover(exitOf(code, signal));
    });
  };

  const recover = async (how: string) => {
    const downAt = Date.now();
    if (downAt - upSince >= resetAfterMs) nextWaitMs = firstMs;
    await pause(noticeMs);
    if (released) return;
    log(`${what} stopped (${how}); restarting in ${seconds(nextWaitMs)}`);
    for (;;) {
      await pause(nextWaitMs);
      if (released) return;
      nextWaitMs = Math.min(nextWaitMs * 2, maxMs);
      try {
        const next = await start(spawned);
        if (released) {
          await stopChild(next);
          return;
        }
        serving(next);
        log(`${what} is back (down ${seconds(Date.now() - downAt)})`);
        return;
      } catch (error) {
        if (released) return;
        const reason = (error as Error).message.split('\n')[0];
        log(`${what} did not restart: ${reason}; retrying in ${seconds(nextWaitMs)}`);
      }
    }
  };

  try {
    serving(await start(spawned));
  } catch (error) {
    released = true;
    await stopChild(child);
    throw error;
  }
  const release = () => {
    released = true;
    wake();
  };
  return {
    isUp: () => up,
    pid: () => (up ? child?.pid : undefined),
    release,
    stop: async () => {
      release();
      await stopChild(child);
    },
  };
};
