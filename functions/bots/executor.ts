/**
 * The order executor: the order queue's consumer (SQS FIFO, batches of up to ten ticks). Each
 * message is one bot's tick (runner.ts); a message that fails is reported alone (partial batch
 * failure), retried by SQS after its visibility timeout, and after three receives lands in the
 * dead-letter queue, kept there for the admin.
 */
import { SqsFifoPartialProcessorAsync, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord, Context } from 'aws-lambda';
import type { TickMessage } from './queue';
import { logger } from '#core/logger';
import { runDeployment } from './runner';
import { recordTickFailure } from './store';

// FIFO: a batch may hold several ticks of one bot; after a failure the rest of that bot's ticks
// are handed back unprocessed (their order kept), other bots' ticks go on.
const processor = new SqsFifoPartialProcessorAsync();

const deploymentOf = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as Partial<TickMessage>).deploymentId;
  } catch {
    return undefined;
  }
};

const MAX_ERROR = 500;

/** The error in words: its name (unless plain Error) and message, at most 500 characters. */
export const describeError = (error: unknown): string => {
  const e = error as { name?: string; message?: string };
  const text = e?.message
    ? `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message}`
    : String(error);
  return text.slice(0, MAX_ERROR);
};

const record = async (message: SQSRecord): Promise<void> => {
  try {
    const tick = JSON.parse(message.body) as TickMessage;
    await runDeployment(tick.deploymentId, tick.tick);
  } catch (error) {
    // The batch's own error only says that records failed: each failure is logged with its cause,
    // and kept by message id for the admin's API error viewer (its dead letter will not say).
    logger.error('tick failed', { messageId: message.messageId, body: message.body.slice(0, 200), error });
    await recordTickFailure({
      messageId: message.messageId,
      deploymentId: deploymentOf(message.body),
      error: describeError(error),
      attempt: Number(message.attributes.ApproximateReceiveCount ?? 1),
    }).catch((recordError: unknown) =>
      logger.warn('tick failure not recorded', { messageId: message.messageId, error: recordError as Error }),
    );
    throw error;
  }
};

export const handler = (event: SQSEvent, context: Context) =>
  processPartialResponse(event, record, processor, { context, skipGroupOnError: true });
