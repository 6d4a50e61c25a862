import { Duration, Names } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { DeduplicationScope, FifoThroughputLimit, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Functions } from '../functions';
import { suppress } from '../nag';
import { REDRIVE_BY_HAND } from './dead-letters';

const EXECUTOR_ENTRY = 'bots/executor.ts';
/** The executor places orders on exchanges: more time than an API call. */
const EXECUTOR_TIMEOUT = Duration.seconds(30);

interface QueuesProps {
  functions: Functions;
}

/**
 * The FIFO order queue between the bot-tick dispatcher and the order executor (message group =
 * bot, so one bot's orders run in order and different bots run in parallel), and its FIFO DLQ.
 */
export class Queues extends Construct {
  readonly orders: Queue;
  readonly deadLetters: Queue;
  /** Undefined until functions/bots/executor.ts exists. */
  readonly executor?: NodejsFunction;

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'OrdersDlq', {
      fifo: true,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    suppress(...REDRIVE_BY_HAND, this.deadLetters);
    this.orders = new Queue(this, 'Orders', {
      fifo: true,
      contentBasedDeduplication: true,
      // High-throughput FIFO: order and deduplication per bot, not per queue.
      deduplicationScope: DeduplicationScope.MESSAGE_GROUP,
      fifoThroughputLimit: FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
      visibilityTimeout: Duration.seconds(6 * EXECUTOR_TIMEOUT.toSeconds()), // AWS: 6 x the function timeout
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 3 },
    });

    // The executor is written by a later issue: it is created and subscribed only once its entry
    // file exists at synth time (no placeholder code). The queues exist from day one.
    if (props.functions.exists(EXECUTOR_ENTRY)) {
      this.executor = props.functions.create(this, 'Executor', {
        name: 'orderExecutor',
        entry: EXECUTOR_ENTRY,
        timeout: EXECUTOR_TIMEOUT,
        environment: { ORDER_QUEUE_URL: this.orders.queueUrl },
      });
      const source = new SqsEventSource(this.orders, { batchSize: 10, reportBatchItemFailures: true });
      this.executor.addEventSource(source);
      suppress(
        'Serverless-LambdaEventSourceMappingDestination',
        "An SQS source's failures go to the queue's own dead-letter queue (maxReceiveCount 3), not a destination.",
        this.executor.node.findChild(`SqsEventSource:${Names.nodeUniqueId(this.orders.node)}`),
      );
    }
  }

  /**
   * For the admin's API error viewer: ORDER_DLQ_URL in env and ReceiveMessage on the dead-letter
   * queue (read with a zero visibility timeout, so looking takes nothing away from a redrive).
   */
  grantReadDeadLetters(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['sqs:ReceiveMessage'], resources: [this.deadLetters.queueArn] }),
    );
    fn.addEnvironment('ORDER_DLQ_URL', this.deadLetters.queueUrl);
  }

  /** For the dispatcher: ORDER_QUEUE_URL in env and SendMessage on the order queue. */
  grantSend(fn: LambdaFunction): void {
    this.orders.grantSendMessages(fn);
    fn.addEnvironment('ORDER_QUEUE_URL', this.orders.queueUrl);
  }
}
