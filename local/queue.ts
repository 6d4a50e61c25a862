/**
 * The local stand-in for the SQS FIFO order queue and its dead-letter queue, served to the SDK's
 * own calls (the AWS JSON protocol's SendMessageBatch and SendMessage), so functions/bots/queue.ts
 * runs unchanged. Semantics kept from SQS FIFO:
 *  - a message group's messages are delivered in order, one batch of a group in flight at a time;
 *  - a deduplication id seen in the last 5 minutes is accepted and dropped;
 *  - the consumer (the executor's handler) gets SQS-shaped batches of up to 10 and answers partial
 *    failures (batchItemFailures); a failed message comes back after a growing delay, and after
 *    `maxReceiveCount` receives it moves to the dead-letter list, kept (with its last error) in a
 *    file so the admin can see it and redrive it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { ExtraRoute } from './gateway';
import { headerSignatureOk, refuseUnsigned, sha256Hex, type LocalKey } from './sigv4';

interface Message {
  id: string;
  body: string;
  group: string;
  receiveCount: number;
  /** Not delivered before this instant (retry backoff). */
  visibleAt: number;
  sentAt: number;
}

export interface DeadLetter {
  messageId: string;
  body: string;
  group: string;
  receiveCount: number;
  error: string;
  at: string;
}

export interface LocalQueueOptions {
  /** The consumer: the executor's Lambda handler. */
  consumer: (event: SQSEvent, context: never) => Promise<SQSBatchResponse | void>;
  /** Where dead letters are kept. */
  deadLetterFile: string;
  maxReceiveCount?: number;
  /** Batches handled at once (Lambda's concurrency). */
  concurrency?: number;
  log?: (line: string) => void;
  /** The key the functions sign with: as SQS's IAM check does, an unsigned send is refused. */
  key: LocalKey;
}

const DEDUP_WINDOW_MS = 5 * 60_000;
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export const startLocalQueue = (options: LocalQueueOptions) => {
  const maxReceive = options.maxReceiveCount ?? 3;
  // Lambda runs a FIFO queue's batches on as many instances as there are message groups in flight.
  const concurrency = options.concurrency ?? 16;
  const pending: Message[] = [];
  const busyGroups = new Set<string>();
  const seen = new Map<string, number>();
  const deadLetters: DeadLetter[] = existsSync(options.deadLetterFile)
    ? (JSON.parse(readFileSync(options.deadLetterFile, 'utf8')) as DeadLetter[])
    : [];
  let running = 0;
  let stopped = false;
  const idle: (() => void)[] = [];

  const saveDeadLetters = () => {
    mkdirSync(dirname(options.deadLetterFile), { recursive: true });
    writeFileSync(options.deadLetterFile, JSON.stringify(deadLetters, null, 1));
  };

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
        deadLetters.push({
          messageId: m.id,
          body: m.body,
          group: m.group,
          receiveCount: m.receiveCount,
          error,
          at: new Date().toISOString(),
        });
        saveDeadLetters();
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

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(body));
  };

  /** The SQS JSON protocol, for the two calls the producer makes. */
  const route: ExtraRoute = async (req, res, url) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || !target.startsWith('AmazonSQS.')) return false;
    const body = await readBody(req);
    if (!headerSignatureOk(req, url, 'sqs', sha256Hex(body), options.key)) {
      refuseUnsigned(res, 'com.amazonaws.sqs#AccessDenied');
      return true;
    }
    const input = JSON.parse(body || '{}') as {
      Entries?: {
        Id: string;
        MessageBody: string;
        MessageGroupId?: string;
        MessageDeduplicationId?: string;
      }[];
      MessageBody?: string;
      MessageGroupId?: string;
      MessageDeduplicationId?: string;
    };
    if (target === 'AmazonSQS.SendMessageBatch') {
      const entries = input.Entries ?? [];
      send(res, 200, {
        Successful: entries.map((e) => ({
          Id: e.Id,
          MessageId: enqueue(e.MessageBody, e.MessageGroupId ?? 'default', e.MessageDeduplicationId),
          MD5OfMessageBody: md5(e.MessageBody),
        })),
        Failed: [],
      });
    } else if (target === 'AmazonSQS.SendMessage') {
      const body = input.MessageBody ?? '';
      send(res, 200, {
        MessageId: enqueue(body, input.MessageGroupId ?? 'default', input.MessageDeduplicationId),
        MD5OfMessageBody: md5(body),
      });
    } else
      send(res, 400, {
        __type: 'com.amazonaws.sqs#UnsupportedOperation',
        message: `${target} is not served locally`,
      });
    return true;
  };

  return {
    route,
    /** Resolves once nothing is waiting or in flight (messages waiting out a retry delay count). */
    drained: (): Promise<void> =>
      running === 0 && pending.length === 0
        ? Promise.resolve()
        : new Promise((resolve) => idle.push(resolve)),
    deadLetters: (): readonly DeadLetter[] => deadLetters,
    /** Sends a dead letter back to the queue (the runbook's redrive) and forgets it. */
    redrive: (messageId: string): boolean => {
      const i = deadLetters.findIndex((d) => d.messageId === messageId);
      if (i < 0) return false;
      const [letter] = deadLetters.splice(i, 1);
      saveDeadLetters();
      pending.push({
        ...letter,
        id: randomUUID(),
        receiveCount: 0,
        visibleAt: Date.now(),
        sentAt: Date.now(),
      });
      schedule();
      return true;
    },
    stop: async () => {
      stopped = true;
      while (running > 0) await new Promise((r) => setTimeout(r, 20));
    },
  };
};

export type LocalQueue = ReturnType<typeof startLocalQueue>;
