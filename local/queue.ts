/**
 * The local stand-in for the SQS FIFO order queue and the Lambda event source mapping that feeds
 * it to the executor; its sends come through local/sqs.ts, so functions/bots/queue.ts runs
 * unchanged. Semantics kept from SQS FIFO:
 *  - a message group's messages are delivered in order, one batch of a group in flight at a time;
 *  - a deduplication id seen in the last 5 minutes is accepted and dropped;
 *  - the consumer (the executor's handler) gets SQS-shaped batches of up to 10 and answers partial
 *    failures (batchItemFailures); a failed message comes back after a growing delay, and after
 *    `maxReceiveCount` receives it moves to the dead-letter queue (the redrive policy), where the
 *    admin's API error viewer reads it as in AWS.
 */
import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { md5, type WaitingQueue } from './sqs';

interface Message {
  id: string;
  body: string;
  group: string;
  receiveCount: number;
  /** Not delivered before this instant (retry backoff). */
  visibleAt: number;
  sentAt: number;
}

export interface LocalQueueOptions {
  /** The consumer: the executor's Lambda handler. */
  consumer: (event: SQSEvent, context: never) => Promise<SQSBatchResponse | void>;
  /** Where a message goes after `maxReceiveCount` failed receives (the redrive policy's queue). */
  deadLetterQueue: WaitingQueue;
  maxReceiveCount?: number;
  /** Batches handled at once (Lambda's concurrency). */
  concurrency?: number;
  log?: (line: string) => void;
}

const DEDUP_WINDOW_MS = 5 * 60_000;
export const startLocalQueue = (options: LocalQueueOptions) => {
  const maxReceive = options.maxReceiveCount ?? 3;
  // Lambda runs a FIFO queue's batches on as many instances as there are message groups in flight.
  const concurrency = options.concurrency ?? 16;
  const pending: Message[] = [];
  const busyGroups = new Set<string>();
  const seen = new Map<string, number>();
  let running = 0;
  let stopped = false;
  const idle: (() => void)[] = [];

  const enqueue = (body: string, group: string, dedupId: string | undefined): string => {
    const now = Date.now();
    for (const [key, at] of seen) if (now - at > DEDUP_WINDOW_MS) seen.delete(key);
    const id = randomUUID();
    const dedup = dedupId ?? md5(body);
    if (seen.has(`${group}|${dedup}`)) return id;
    seen.set(`${group}|${dedup}`, now);
    pending.push({ id, body, group, receiveCount: 0, visibleAt: now, sentAt: now });
    schedule();
    return id;
  };

  /** The next batch: the first visible message of each free group, at most 10, oldest first. */
  const takeBatch = (): Message[] => {
    const now = Date.now();
    const batch: Message[] = [];
    const groups = new Set<string>();
    for (const m of pending) {
      if (batch.length === 10) break;
      if (busyGroups.has(m.group) || groups.has(m.group)) continue;
      groups.add(m.group);
      // A group's head that is not visible yet holds its group back (FIFO order).
      if (m.visibleAt <= now) batch.push(m);
    }
    for (const m of batch) {
      pending.splice(pending.indexOf(m), 1);
      busyGroups.add(m.group);
    }
    return batch;
  };

  const deliver = async (batch: Message[]) => {
    running++;
    const event: SQSEvent = {
      Records: batch.map((m) => ({
        messageId: m.id,
        receiptHandle: m.id,
        body: m.body,
        attributes: {
          ApproximateReceiveCount: String(m.receiveCount + 1),
          SentTimestamp: String(m.sentAt),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
          MessageGroupId: m.group,
        },
        messageAttributes: {},
        md5OfBody: md5(m.body),
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:orders.fifo',
        awsRegion: 'local',
      })),
    };
    let failed: Set<string>;
    let error = '';
    try {
      const answer = await options.consumer(event, {} as never);
      failed = new Set((answer?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      if (failed.size) error = 'reported as a failed batch item (the executor log has its error)';
    } catch (e) {
      failed = new Set(batch.map((m) => m.id));
      error = (e as Error).message;
    }
    for (const m of batch) {
      busyGroups.delete(m.group);
      if (!failed.has(m.id)) continue;
      m.receiveCount++;
      if (m.receiveCount >= maxReceive) {
        options.deadLetterQueue.moveIn(m);
        options.log?.(`[order queue] message ${m.id} moved to the dead-letter queue: ${error}`);
      } else {
        m.visibleAt = Date.now() + 500 * 2 ** m.receiveCount;
        // Back at the head of its group, so the group's order holds.
        pending.unshift(m);
        setTimeout(schedule, m.visibleAt - Date.now() + 5);
      }
    }
    running--;
    schedule();
  };

  function schedule() {
    if (stopped) return;
    while (running < concurrency) {
      const batch = takeBatch();
      if (batch.length === 0) break;
      void deliver(batch);
    }
    if (running === 0 && pending.length === 0) for (const resolve of idle.splice(0)) resolve();
  }

  return {
    /** SendMessage and SendMessageBatch on the order queue (local/sqs.ts). */
    send: (body: string, group = 'default', deduplicationId?: string) =>
      enqueue(body, group, deduplicationId),
    /** Resolves once nothing is waiting or in flight (messages waiting out a retry delay count). */
    drained: (): Promise<void> =>
      running === 0 && pending.length === 0
        ? Promise.resolve()
        : new Promise((resolve) => idle.push(resolve)),
    /** The messages its dead-letter queue holds (tests). */
    deadLetters: () => options.deadLetterQueue.messages(),
    stop: async () => {
      stopped = true;
      while (running > 0) await new Promise((r) => setTimeout(r, 20));
    },
  };
};

export type LocalQueue = ReturnType<typeof startLocalQueue>;
