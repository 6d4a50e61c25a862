import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { suppress } from '../nag';

/** A dead-letter queue has no dead-letter queue of its own. */
export const REDRIVE_BY_HAND = [
  'Serverless-SQSRedrivePolicy',
  'A dead-letter queue is the end of the line: its messages are redriven by hand (docs/operations.md).',
] as const;

/**
 * The dead-letter queues of the asynchronous paths (a schedule's failed runs, the stream
 * consumer's failed batches), side by side: what lands in each, how to look and how to redrive is
 * in docs/operations.md. Each has an alarm at one message (lib/constructs/monitoring.ts).
 */
export class DeadLetters extends Construct {
  readonly queues: Record<string, Queue> = {};

  /** The queue named `name` (a schedule or consumer name), made on first use. */
  queue(name: string, id: string): Queue {
    const queue = (this.queues[name] ??= new Queue(this, id, {
      // the most SQS keeps: two weeks to notice, look and redrive
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    }));
    suppress(
      'AwsSolutions-SQS3',
      'It is a dead-letter queue itself (of a schedule or a stream consumer).',
      queue,
    );
    suppress(...REDRIVE_BY_HAND, queue);
    return queue;
  }
}
