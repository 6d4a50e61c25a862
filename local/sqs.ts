/**
 * The local stand-in for SQS, served to the SDK's own calls (the AWS JSON protocol) on the
 * gateway's port and signed as SQS's IAM check wants it: the bots' order queue (local/queue.ts,
 * which delivers to the executor as Lambda's event source mapping does) and the dead-letter queues
 * (the order queue's, each schedule's and each stream consumer's). A dead-letter queue here is what
 * it is in AWS, a queue the admin's functions read with ReceiveMessage, hide with
 * ChangeMessageVisibility and empty with DeleteMessage (functions/admin/deadLetters.ts,
 * deadLetterQueues.ts), so the same code runs in AWS and at home; its messages are kept in a file,
 * as SQS keeps them across a restart.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { ExtraRoute } from './gateway';
import { headerSignatureOk, refuseUnsigned, sha256Hex, type LocalKey } from './sigv4';

/** The account id in local queue URLs: `${webUrl}/000000000000/<name>`. */
const ACCOUNT = '000000000000';

export type MessageAttributes = Record<string, { DataType: string; StringValue?: string }>;

export interface StoredMessage {
  id: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  /** Not received again before this instant (a visibility timeout). */
  visibleAt: number;
  /** The receipt of the latest receive: what DeleteMessage and ChangeMessageVisibility name. */
  receipt?: string;
  attributes?: MessageAttributes;
}

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** What a queue does with a message sent to it (a FIFO queue's group and deduplication id). */
export interface Sendable {
  send(body: string, group?: string, deduplicationId?: string, attributes?: MessageAttributes): string;
}

/** A standard queue whose messages wait to be received (the dead-letter queues), kept in `file`. */
export const waitingQueue = (file: string) => {
  const messages: StoredMessage[] = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as StoredMessage[])
    : [];
  const save = () => writeFileSync(file, JSON.stringify(messages, null, 1));
  const byReceipt = (receipt: string) => messages.find((m) => m.receipt === receipt);
  return {
    send(body: string, _group?: string, _deduplicationId?: string, attributes?: MessageAttributes) {
      const now = Date.now();
      const id = randomUUID();
      messages.push({ id, body, sentAt: now, receiveCount: 0, visibleAt: now, attributes });
      save();
      return id;
    },
    /**
     * A message a source queue's redrive policy moved here: it keeps its id, its send time and its
     * receive count, as SQS keeps them.
     */
    moveIn(message: Pick<StoredMessage, 'id' | 'body' | 'sentAt' | 'receiveCount'>) {
      messages.push({ ...message, visibleAt: Date.now() });
      save();
    },
    /** Up to `max` visible messages, each hidden for `visibilitySeconds` and given a new receipt. */
    receive(max: number, visibilitySeconds: number): StoredMessage[] {
      const now = Date.now();
      const received = messages.filter((m) => m.visibleAt <= now).slice(0, max);
      for (const m of received) {
        m.receiveCount++;
        m.receipt = randomUUID();
        m.visibleAt = now + visibilitySeconds * 1000;
      }
      if (received.length) save();
      return received;
    },
    delete(receipt: string): boolean {
      const m = byReceipt(receipt);
      if (!m) return false;
      messages.splice(messages.indexOf(m), 1);
      save();
      return true;
    },
    changeVisibility(receipt: string, seconds: number): boolean {
      const m = byReceipt(receipt);
      if (!m) return false;
      m.visibleAt = Date.now() + seconds * 1000;
      save();
      return true;
    },
    /** What the queue holds (tests). */
    messages: (): readonly StoredMessage[] => messages,
  };
};

export type WaitingQueue = ReturnType<typeof waitingQueue>;

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const answer = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(body));
};

const refuse = (res: ServerResponse, type: string, message: string) =>
  answer(res, 400, { __type: `com.amazonaws.sqs#${type}`, message });

interface Input {
  QueueUrl?: string;
  MessageBody?: string;
  MessageGroupId?: string;
  MessageDeduplicationId?: string;
  MessageAttributes?: MessageAttributes;
  Entries?: {
    Id: string;
    MessageBody: string;
    MessageGroupId?: string;
    MessageDeduplicationId?: string;
    MessageAttributes?: MessageAttributes;
  }[];
  MaxNumberOfMessages?: number;
  VisibilityTimeout?: number;
  ReceiptHandle?: string;
}

/** SQS's answer for one received message, with the system attributes the functions ask for. */
const asReceived = (m: StoredMessage) => ({
  MessageId: m.id,
  ReceiptHandle: m.receipt,
  Body: m.body,
  MD5OfBody: md5(m.body),
  Attributes: { SentTimestamp: String(m.sentAt), ApproximateReceiveCount: String(m.receiveCount) },
  ...(m.attributes ? { MessageAttributes: m.attributes } : {}),
});

export const startLocalSqs = (options: { webUrl: string; dir: string; key: LocalKey }) => {
  mkdirSync(options.dir, { recursive: true });
  const sendable = new Map<string, Sendable>();
  const waiting = new Map<string, WaitingQueue>();
  const urlOf = (name: string) => `${options.webUrl}/${ACCOUNT}/${name}`;

  const route: ExtraRoute = async (req, res, url) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || !target.startsWith('AmazonSQS.')) return false;
    const body = await readBody(req);
    if (!headerSignatureOk(req, url, 'sqs', sha256Hex(body), options.key)) {
      refuseUnsigned(res, 'com.amazonaws.sqs#AccessDenied');
      return true;
    }
    const input = JSON.parse(body || '{}') as Input;
    const name = (input.QueueUrl ?? '').split('/').pop() ?? '';
    const queue = sendable.get(name);
    if (!queue) {
      refuse(res, 'QueueDoesNotExist', 'The specified queue does not exist.');
      return true;
    }
    const held = waiting.get(name);
    const operation = target.slice('AmazonSQS.'.length);
    switch (operation) {
      case 'SendMessage': {
        const text = input.MessageBody ?? '';
        answer(res, 200, {
          MessageId: queue.send(
            text,
            input.MessageGroupId,
            input.MessageDeduplicationId,
            input.MessageAttributes,
          ),
          MD5OfMessageBody: md5(text),
        });
        return true;
      }
      case 'SendMessageBatch':
        answer(res, 200, {
          Successful: (input.Entries ?? []).map((e) => ({
            Id: e.Id,
            MessageId: queue.send(
              e.MessageBody,
              e.MessageGroupId,
              e.MessageDeduplicationId,
              e.MessageAttributes,
            ),
            MD5OfMessageBody: md5(e.MessageBody),
          })),
          Failed: [],
        });
        return true;
    }
    // the order queue is read by its consumer only, as a queue with an event source mapping is
    if (!held) {
      refuse(res, 'UnsupportedOperation', `${operation} is not served on ${name} locally`);
      return true;
    }
    switch (operation) {
      case 'ReceiveMessage':
        answer(res, 200, {
          Messages: held
            .receive(Math.min(10, input.MaxNumberOfMessages ?? 1), input.VisibilityTimeout ?? 30)
            .map(asReceived),
        });
        return true;
      case 'DeleteMessage':
      case 'ChangeMessageVisibility': {
        const receipt = input.ReceiptHandle ?? '';
        const done =
          operation === 'DeleteMessage'
            ? held.delete(receipt)
            : held.changeVisibility(receipt, input.VisibilityTimeout ?? 0);
        if (done) answer(res, 200, {});
        else refuse(res, 'ReceiptHandleIsInvalid', 'The input receipt handle is invalid.');
        return true;
      }
      default:
        refuse(res, 'UnsupportedOperation', `${operation} is not served locally`);
        return true;
    }
  };

  return {
    route,
    urlOf,
    /** A queue whose sends another part handles (the order queue and its consumer). */
    serve(name: string, queue: Sendable): string {
      sendable.set(name, queue);
      return urlOf(name);
    },
    /** A dead-letter queue: its messages wait, in a file of `dir`, until a function reads them. */
    waiting(name: string): WaitingQueue {
      let queue = waiting.get(name);
      if (!queue) {
        queue = waitingQueue(join(options.dir, `${name}.json`));
        waiting.set(name, queue);
        sendable.set(name, queue);
      }
      return queue;
    },
  };
};

export type LocalSqs = ReturnType<typeof startLocalSqs>;
