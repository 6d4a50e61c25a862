/**
 * The order queue's producer side: one message per running bot per tick, on the SQS FIFO queue
 * (message group = bot, so a bot's ticks run one after another and different bots in parallel;
 * deduplication id = bot + minute, so a tick sent twice runs once). In the local stack the same
 * calls reach its in-process FIFO queue (local/queue.ts) through SQS_ENDPOINT.
 */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { sqs } from '#core/sqs';

export interface TickMessage {
  deploymentId: string;
  /** The tick's minute (epoch ms), for the deduplication id and the logs. */
  tick: number;
}

const queueUrl = () => {
  const url = process.env.ORDER_QUEUE_URL;
  if (!url) throw new Error('ORDER_QUEUE_URL is not set');
  return url;
};

/** Sends the ticks ten to a request (SQS's batch limit), failing on any entry SQS refused. */
export const sendTicks = async (messages: TickMessage[]): Promise<void> => {
  const batches: TickMessage[][] = [];
  for (let i = 0; i < messages.length; i += 10) batches.push(messages.slice(i, i + 10));
  // A few batches in flight at once: 10,000 bots are 1,000 requests.
  const inFlight = 16;
  for (let i = 0; i < batches.length; i += inFlight)
    await Promise.all(
      batches.slice(i, i + inFlight).map(async (batch) => {
        const answer = await sqs().send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl(),
            Entries: batch.map((m, k) => ({
              Id: String(k),
              MessageBody: JSON.stringify(m),
              MessageGroupId: m.deploymentId,
              MessageDeduplicationId: `${m.deploymentId}:${m.tick}`,
            })),
          }),
        );
        if (answer.Failed?.length)
          throw new Error(
            `the order queue refused ${answer.Failed.length} tick(s): ${answer.Failed[0].Message}`,
          );
      }),
    );
};
