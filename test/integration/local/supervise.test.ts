/**
 * The local stack's supervisor (local/process.ts), on a plain child process: an unasked exit is
 * said and restarted with doubling waits, a failed restart is retried, and stopping restarts nothing.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sleep, supervise } from '#local/process';

const idle = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

describe('supervise', () => {
  it('restarts a child that exits unasked, with backoff, and not one that is stopped', async () => {
    const lines: string[] = [];
    let starts = 0;
    const child = await supervise({
      what: 'Idle',
      log: (line) => lines.push(line),
      firstMs: 100,
      maxMs: 400,
      noticeMs: 50,
      start: async (spawned) => {
        starts++;
        // the first restart fails: its child exits before it serves
        if (starts === 2) throw new Error('would not start\nits output');
        const c = idle();
        spawned(c);
        return c;
      },
    });
    try {
      const first = child.pid()!;
      expect(child.isUp()).toBe(true);
      process.kill(first, 'SIGKILL');
      await expect.poll(() => child.isUp()).toBe(false);
      await expect.poll(() => child.isUp(), { timeout: 5_000 }).toBe(true);
      expect(child.pid()).not.toBe(first);
      expect(lines).toEqual([
        'Idle stopped (signal SIGKILL); restarting in 0.1 s',
        'Idle did not restart: would not start; retrying in 0.2 s',
        expect.stringMatching(/^Idle is back \(down [\d.]+ s\)$/),
      ]);
      // an exit soon after: the wait has kept doubling
      process.kill(child.pid()!, 'SIGTERM');
      await expect.poll(() => lines.length, { timeout: 5_000 }).toBe(5);
      expect(lines[3]).toBe('Idle stopped (signal SIGTERM); restarting in 0.4 s');
    } finally {
      const last = child.pid();
      await child.stop();
      await sleep(500);
      expect(child.isUp()).toBe(false);
      expect(lines.filter((l) => l.includes('stopped'))).toHaveLength(2);
      if (last) expect(() => process.kill(last, 0)).toThrow();
    }
  });
});
