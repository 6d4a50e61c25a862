import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
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

  /**
   * For the admin's Operations page (functions/admin/deadLetterQueues.ts): DEAD_LETTER_QUEUES (each
   * queue's URL and what its letters are redriven to), peeking and deleting on those queues, and
   * starting those targets: a function invoked, or the payout's state machine started.
   */
  grantRedrive(fn: LambdaFunction, targets: Record<string, RedriveTarget>): void {
    const watched = Object.entries(targets)
      .filter(([name]) => this.queues[name])
      .map(([name, target]) => ({ name, queue: this.queues[name], ...target }));
    fn.addEnvironment(
      'DEAD_LETTER_QUEUES',
      Stack.of(this).toJsonString(
        watched.map((w) => ({
          source: w.source,
          name: w.name,
          url: w.queue.queueUrl,
          ...(w.function ? { functionName: w.function.functionName } : {}),
          ...(w.stateMachine ? { stateMachineArn: w.stateMachine.stateMachineArn } : {}),
        })),
      ),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['sqs:ReceiveMessage', 'sqs:DeleteMessage'],
        resources: watched.map((w) => w.queue.queueArn),
      }),
    );
    const functions = watched.flatMap((w) => (w.function ? [w.function.functionArn] : []));
    if (functions.length)
      fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: functions }));
    const machines = watched.flatMap((w) => (w.stateMachine ? [w.stateMachine.stateMachineArn] : []));
    if (machines.length)
      fn.addToRolePolicy(new PolicyStatement({ actions: ['states:StartExecution'], resources: machines }));
  }
}

/** What a queue's letters are redriven to: the function that failed, or the state machine EventBridge could not start. */
export interface RedriveTarget {
  source: 'schedule' | 'consumer';
  function?: IFunction;
  stateMachine?: IStateMachine;
}
