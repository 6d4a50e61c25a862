/**
 * The local stack keeps a schedule run that failed every try, as AWS keeps it in the schedule's
 * dead-letter queue: with its event and error, until a redrive runs it once more.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoPid, stackControls, startLocalStack, type LocalStack } from '#local/stack';
import { ownStackPorts } from '../../support/ports';

let stack: LocalStack;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trendex-ops-'));
  stack = await startLocalStack({
    dataDir,
    ...ownStackPorts(),
    log: () => undefined,
    schedules: false,
  });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const waitFor = async (ok: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('dead letters of the schedules', () => {
  it('keeps a run that failed three times with its event and error, and redrives it once', async () => {
    const controls = stackControls(stack);
    const day = new Date('2026-06-02T00:00:00.000Z');
    // the table goes away under the run (the stack restarts it): every try fails
    process.kill(dynamoPid(stack)!, 'SIGKILL');
    expect(await controls.fireSchedule('referralPayout', day)).toBe(false);

    // other work of the stack may fail while the table is down too: this test follows its own letter
    const mine = () => controls.deadLetters.list().filter((l) => l.name === 'referralPayout');
    const [letter] = mine();
    expect(letter).toMatchObject({ source: 'schedule', name: 'referralPayout', attempts: 3 });
    expect(letter.event).toMatchObject({ 'detail-type': 'Scheduled Event', time: day.toISOString() });
    expect(letter.error).not.toBe('');
    // kept on disk, as an SQS queue keeps it across a restart
    expect(
      (JSON.parse(readFileSync(join(dataDir, 'dead-letters.json'), 'utf8')) as { id: string }[]).map(
        (l) => l.id,
      ),
    ).toContain(letter.id);

    await waitFor(() => dynamoPid(stack) !== undefined, 60_000);
    let redrive = await controls.deadLetters.redrive(letter.id);
    // DynamoDB Local may still be starting: a failed redrive keeps the letter, with its new error
    for (let i = 0; !redrive.redriven && i < 30; i++) {
      expect(mine()).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 1_000));
      redrive = await controls.deadLetters.redrive(letter.id);
    }
    expect(redrive).toEqual({ redriven: true });
    expect(mine()).toEqual([]);
    // gone once redriven: it cannot be run twice from here
    expect(await controls.deadLetters.redrive(letter.id)).toEqual({
      redriven: false,
      error: 'no such dead letter',
    });
  }, 180_000);
});
