/**
 * A schedule run that failed every try lands in its SQS dead-letter queue as AWS sends it (Lambda's
 * on-failure record, kept on disk as SQS keeps it across a restart), and the admin's Operations
 * API reads and redrives it through the same calls as in AWS (ReceiveMessage, an asynchronous
 * Lambda Invoke, DeleteMessage): the function runs again and the letter is gone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoPid } from '#local/stack';
import { call, logInAdmin } from '../../support/api';
import { startOpsStack } from './support';

let ops: Awaited<ReturnType<typeof startOpsStack>>;
beforeAll(async () => {
  ops = await startOpsStack();
}, 180_000);
afterAll(() => ops?.stop());

describe('dead letters of the schedules', () => {
  it('keeps a run that failed three times in its queue, and a redrive through the API runs it again', async () => {
    const admin = await logInAdmin();
    const day = new Date('2026-06-02T00:05:00.000Z');
    // the table goes away under the run (the stack restarts it): every try fails
    process.kill(dynamoPid(ops.stack)!, 'SIGKILL');
    expect(await ops.controls.fireSchedule('planExpiry', day)).toBe(false);

    // kept on disk, in the queue's own file, as Lambda's on-failure record
    const queueFile = join(ops.dataDir, 'sqs', 'trendex-dead-letters-planExpiry.json');
    const [stored] = JSON.parse(readFileSync(queueFile, 'utf8')) as { body: string }[];
    expect(JSON.parse(stored.body)).toMatchObject({
      requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
      requestPayload: { 'detail-type': 'Scheduled Event', time: day.toISOString() },
      responsePayload: { errorMessage: expect.any(String) },
    });

    await expect.poll(() => dynamoPid(ops.stack), { timeout: 60_000 }).toBeDefined();
    // other work of the stack may fail while the table is down too: this test follows its own letter
    const mine = async () =>
      (await call('deadLetters', {}, admin)).body.items.filter((l) => l.name === 'planExpiry');
    let [letter] = await mine();
    expect(letter).toMatchObject({ source: 'schedule', name: 'planExpiry', attempts: 3 });
    expect(JSON.parse(letter.event)).toMatchObject({ time: day.toISOString() });
    expect(letter.error).not.toBe('');

    // handed to the function again (Lambda's asynchronous invoke) and deleted from the queue; while
    // DynamoDB Local is still starting that run can fail too and come back as a new letter
    for (let round = 0; letter && round < 20; round++) {
      const redrive = await call('redriveDeadLetter', { id: letter.id }, admin);
      expect(redrive).toMatchObject({ status: 200, body: { redriven: true } });
      expect(redrive.body.message).toContain('was started again');
      await new Promise((r) => setTimeout(r, 4_000));
      [letter] = await mine();
    }
    expect(await mine()).toEqual([]);
    expect(JSON.parse(readFileSync(queueFile, 'utf8'))).toEqual([]);
  }, 240_000);
});
