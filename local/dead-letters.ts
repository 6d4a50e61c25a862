/**
 * The local runs of the schedules and stream consumers, tried as AWS tries them, and their
 * dead-letter queues (AWS: lib/constructs/dead-letters.ts): work that failed every try is sent to
 * its queue on the local SQS (local/sqs.ts) as AWS would send it — Lambda's on-failure record for a
 * schedule's function or a stream batch, the bare event with EventBridge's error attributes for the
 * payout's state machine — and the admin's Operations page reads and redrives it through the same
 * code as in AWS (functions/admin/deadLetterQueues.ts, from DEAD_LETTER_QUEUES). A redrive invokes
 * the function asynchronously (local/lambda.ts) or starts the payout (local/step-functions.ts),
 * which run the work through `attempt` again: a run that fails again is a new letter.
 */
import { randomUUID } from 'node:crypto';
import type { LocalSqs } from './sqs';

export type Source = 'schedule' | 'consumer';
export type Work = (event: unknown) => Promise<unknown>;

/** The schedule EventBridge hands to the payout's state machine (lib/constructs/payout.ts), not to a function. */
export const PAYOUT_SCHEDULE = 'referralPayout';
/** The local payout state machine's ARN, as DEAD_LETTER_QUEUES names it. */
export const PAYOUT_STATE_MACHINE = 'arn:aws:states:local:000000000000:stateMachine:payout';

/** A schedule's or consumer's function, by the name the local stack logs and invokes it under. */
export const functionNameOf = (name: string) => `trendex-${name}`;
const queueNameOf = (name: string) => `trendex-dead-letters-${name}`;

/** Lambda's tries of an asynchronous event: the first and 2 retries. */
const LAMBDA_ASYNC_TRIES = 3;

/** What lands in the dead-letter queue when every try of `name`'s work failed, as AWS shapes it. */
const letterOf = (source: Source, name: string, event: unknown, error: Error, tries: number) => {
  const at = new Date().toISOString();
  if (name === PAYOUT_SCHEDULE)
    return {
      body: JSON.stringify(event),
      attributes: {
        ERROR_CODE: { DataType: 'String', StringValue: 'SDK_CLIENT_ERROR' },
        ERROR_MESSAGE: { DataType: 'String', StringValue: error.message },
        RETRY_ATTEMPTS: { DataType: 'Number', StringValue: String(tries - 1) },
      },
    };
  const requestContext = {
    requestId: randomUUID(),
    functionArn: `arn:aws:lambda:local:000000000000:function:${functionNameOf(name)}`,
    condition: source === 'consumer' ? 'RetryAttemptsExhausted' : 'RetriesExhausted',
    approximateInvokeCount: tries,
  };
  const record =
    source === 'consumer'
      ? {
          version: '1.0',
          timestamp: at,
          requestContext,
          responseContext: { statusCode: 200, functionError: 'Unhandled' },
          // the stream's position; the records themselves stay in the consumer's pending lists
          DDBStreamBatchInfo: {
            streamArn: `arn:aws:dynamodb:local:000000000000:table/trendex/stream/${name}`,
          },
        }
      : {
          version: '1.0',
          timestamp: at,
          requestContext,
          requestPayload: event,
          responseContext: { statusCode: 200, functionError: 'Unhandled' },
          responsePayload: { errorType: error.name, errorMessage: error.message },
        };
  return { body: JSON.stringify(record), attributes: undefined };
};

export const startDeadLetters = (sqs: LocalSqs, log: (line: string) => void = console.log) => {
  const works = new Map<string, { source: Source; work: Work }>();

  const attempt = async (
    name: string,
    event: unknown,
    tries: number,
    backoffMs = 1_000,
  ): Promise<boolean> => {
    const registered = works.get(name);
    if (!registered) throw new Error(`nothing registered as ${name}`);
    let error = new Error('');
    for (let tried = 1; tried <= tries; tried++) {
      try {
        await registered.work(event);
        return true;
      } catch (e) {
        error = e as Error;
        if (tried < tries) await new Promise((r) => setTimeout(r, backoffMs * tried));
      }
    }
    const letter = letterOf(registered.source, name, event, error, tries);
    sqs.waiting(queueNameOf(name)).send(letter.body, undefined, undefined, letter.attributes);
    log(
      `[${registered.source} ${name}] failed ${tries} times, sent to its dead-letter queue: ${error.message}`,
    );
    return false;
  };

  return {
    /** Registers a schedule's or consumer's work, and makes its dead-letter queue. */
    register(source: Source, name: string, work: Work): void {
      works.set(name, { source, work });
      sqs.waiting(queueNameOf(name));
    },
    /**
     * Runs the work up to `tries` times (the retries of its trigger), waiting `backoffMs` x the
     * try between them; sends a dead letter if every try failed. Answers whether it succeeded.
     */
    attempt,
    /** DEAD_LETTER_QUEUES as the stack gives it to the admin's function in AWS. */
    watched: () =>
      [...works].map(([name, { source }]) => ({
        source,
        name,
        url: sqs.urlOf(queueNameOf(name)),
        ...(name === PAYOUT_SCHEDULE
          ? { stateMachineArn: PAYOUT_STATE_MACHINE }
          : { functionName: functionNameOf(name) }),
      })),
    /** A function invoked asynchronously by name (a redrive): tried as Lambda tries an async event. */
    invokedAsync: (): Record<string, (event: unknown) => Promise<unknown>> =>
      Object.fromEntries(
        [...works.keys()].map((name) => [
          functionNameOf(name),
          (event: unknown) => attempt(name, event, LAMBDA_ASYNC_TRIES),
        ]),
      ),
  };
};

export type DeadLetters = ReturnType<typeof startDeadLetters>;

/** Lambda's tries of a stream batch: the first and 5 retries (lib/constructs/consumers.ts). */
const CONSUMER_TRIES = 6;

/**
 * One pass of a polled stream consumer: tried as a batch would be, and sent to its dead-letter
 * queue when every try failed. While the same failure goes on, later passes run the work once each
 * (logging its error) without a letter per pass, as the stream's records after a dead batch wake
 * the consumer again; the first pass that succeeds ends the streak.
 */
export const consumerPass = (deadLetters: DeadLetters, name: string, work: Work) => {
  deadLetters.register('consumer', name, work);
  let failing = false;
  return async (): Promise<void> => {
    if (!failing) {
      failing = !(await deadLetters.attempt(name, {}, CONSUMER_TRIES, 150));
      return;
    }
    await work({});
    failing = false;
  };
};
