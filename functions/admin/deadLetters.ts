/**
 * The bot order executor's dead letters, for the API error viewer: messages the executor failed
 * three times. They wait in the order queue's SQS dead-letter queue (ORDER_DLQ_URL; the local
 * stack's local SQS serves the same calls), read here without being taken (visibility timeout 0).
 * Read-only: redriving stays with the bots' runbook.
 */
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '#core/sqs';

export interface DeadLetterView {
  messageId: string;
  deploymentId: string;
  error: string;
  at: string;
}

const deploymentOf = (body: string): string => {
  try {
    return String((JSON.parse(body) as { deploymentId?: string }).deploymentId ?? '');
  } catch {
    return '';
  }
};

/** At most `max` dead letters (10 per SQS receive). */
export const deadLetters = async (max = 100): Promise<DeadLetterView[]> => {
  const url = process.env.ORDER_DLQ_URL;
  if (!url) return [];
  const found = new Map<string, DeadLetterView>();
  for (let round = 0; round < Math.ceil(max / 10); round++) {
    const answer = await sqs().send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 0,
        MessageSystemAttributeNames: ['SentTimestamp'],
      }),
    );
    const messages = answer.Messages ?? [];
    const before = found.size;
    for (const m of messages)
      found.set(m.MessageId ?? '', {
        messageId: m.MessageId ?? '',
        deploymentId: deploymentOf(m.Body ?? ''),
        error: 'failed three times in the order executor (its log has the error)',
        at: new Date(Number(m.Attributes?.SentTimestamp ?? Date.now())).toISOString(),
      });
    if (!messages.length || found.size === before) break;
  }
  return [...found.values()];
};
