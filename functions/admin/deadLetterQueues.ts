/**
 * The dead letters of the schedules and the stream consumer: each one's SQS dead-letter queue
 * (DEAD_LETTER_QUEUES, from lib/constructs/dead-letters.ts; the local stack's from its local SQS,
 * local/dead-letters.ts), peeked without being taken (visibility timeout 0), as ./deadLetters.ts
 * peeks at the order queue's. A redrive hands the
 * letter's event to what failed again (an asynchronous Lambda invoke: Lambda's retries and the
 * same dead-letter queue if it fails again; or a new execution of the payout's state machine) and
 * then deletes the message (docs/operations.md).
 */
import type { DeadLetter } from '#api/schemas/admin-operations';
import type { SFNClient } from '@aws-sdk/client-sfn';
import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import { clientOptions } from '#core/aws-clients';
import { invoke } from '#core/invoke';
import { sqs } from '#core/sqs';

let stepFunctions: SFNClient | undefined;

/**
 * Starts the payout's state machine again. Its client is loaded at the first payout redrive, not
 * at every cold start of the admin function (bench/lambda: the import time is the budget).
 */
const startExecution = async (stateMachineArn: string, input: string): Promise<void> => {
  const { SFNClient, StartExecutionCommand } = await import('@aws-sdk/client-sfn');
  stepFunctions ??= new SFNClient(clientOptions(process.env.STEP_FUNCTIONS_ENDPOINT));
  await stepFunctions.send(new StartExecutionCommand({ stateMachineArn, input }));
};

/** One queue: whose failures it holds, and what a redrive starts (a function, or the payout's state machine). */
interface WatchedQueue {
  source: DeadLetter['source'];
  name: string;
  url: string;
  functionName?: string;
  stateMachineArn?: string;
}

const watched = (): WatchedQueue[] => JSON.parse(process.env.DEAD_LETTER_QUEUES ?? '[]') as WatchedQueue[];

/**
 * Lambda's on-failure record (a schedule run or a stream batch that failed every try), or the bare
 * event EventBridge could not deliver (its error in the message attributes).
 */
interface FailureRecord {
  timestamp?: string;
  requestContext?: { condition?: string; approximateInvokeCount?: number };
  requestPayload?: unknown;
  responsePayload?: { errorMessage?: string; errorType?: string };
  DDBStreamBatchInfo?: unknown;
}

const parse = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

/** What the letter ran with, and what a redrive runs its function with. */
const eventOf = (queue: WatchedQueue, body: FailureRecord): { shown: unknown; payload: unknown } => {
  if (queue.source === 'consumer')
    // the batch's records are not in the letter: the consumer's pending lists still hold the work
    return { shown: body.DDBStreamBatchInfo ?? body, payload: {} };
  const event = body.requestContext ? body.requestPayload : body;
  return { shown: event, payload: event };
};

const letterOf = (queue: WatchedQueue, m: Message): DeadLetter => {
  const body = parse(m.Body ?? '') as FailureRecord;
  const attribute = (name: string) => m.MessageAttributes?.[name]?.StringValue;
  return {
    id: `${queue.name}/${m.MessageId ?? ''}`,
    source: queue.source,
    name: queue.name,
    event: JSON.stringify(eventOf(queue, body).shown),
    error:
      body.responsePayload?.errorMessage ??
      body.requestContext?.condition ??
      attribute('ERROR_MESSAGE') ??
      attribute('ERROR_CODE') ??
      'failed every try (its log group has the error)',
    attempts: body.requestContext?.approximateInvokeCount ?? Number(attribute('RETRY_ATTEMPTS') ?? 0) + 1,
    at: new Date(
      body.timestamp ? Date.parse(body.timestamp) : Number(m.Attributes?.SentTimestamp ?? Date.now()),
    ).toISOString(),
  };
};

/** Up to `max` messages of a queue, each once, left where they are. */
const peek = async (queue: WatchedQueue, max = 100): Promise<Message[]> => {
  const found = new Map<string, Message>();
  for (let round = 0; round < Math.ceil(max / 10); round++) {
    const answer = await sqs().send(
      new ReceiveMessageCommand({
        QueueUrl: queue.url,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 0,
        MessageSystemAttributeNames: ['SentTimestamp'],
        MessageAttributeNames: ['All'],
      }),
    );
    const messages = answer.Messages ?? [];
    const before = found.size;
    // the latest receipt of each message is the one SQS deletes by
    for (const m of messages) found.set(m.MessageId ?? '', m);
    if (!messages.length || found.size === before) break;
  }
  return [...found.values()];
};

/**
 * Hands the event to the queue's target: an asynchronous invoke of the function (answered once
 * Lambda has queued the run, so the admin never waits for it), or a new execution of the state
 * machine EventBridge could not start (Step Functions' StartExecution).
 */
const start = async (queue: WatchedQueue, payload: unknown): Promise<void> => {
  const input = JSON.stringify(payload);
  if (queue.stateMachineArn) await startExecution(queue.stateMachineArn, input);
  else await invoke(queue.functionName ?? '', payload, 'Event');
};

export const sqsDeadLetters = {
  async list(): Promise<DeadLetter[]> {
    const letters = await Promise.all(
      watched().map(async (queue) => (await peek(queue)).map((m) => letterOf(queue, m))),
    );
    return letters.flat().sort((a, b) => b.at.localeCompare(a.at));
  },

  async redrive(id: string): Promise<{ redriven: boolean; error?: string }> {
    const [name, messageId] = id.split('/');
    const queue = watched().find((q) => q.name === name);
    const message = queue && (await peek(queue)).find((m) => m.MessageId === messageId);
    if (!queue || !message) return { redriven: false, error: 'no such dead letter' };
    await start(queue, eventOf(queue, parse(message.Body ?? '') as FailureRecord).payload);
    await sqs().send(new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: message.ReceiptHandle }));
    return { redriven: true };
  },
};
