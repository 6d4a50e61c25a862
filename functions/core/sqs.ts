/**
 * SQS, called as the signed JSON 1.0 requests its SDK client sends (./aws-call.ts), for the few
 * operations the functions make: the bots' tick producer sends (to the local stack's in-process
 * queue through SQS_ENDPOINT), the admin's dead-letter viewers peek and delete. The SDK's types
 * describe each operation.
 */
import type * as Sqs from '@aws-sdk/client-sqs';
import { jsonService, type Operation } from './aws-call';

interface Operations {
  SendMessageBatch: Operation<Sqs.SendMessageBatchCommandInput, Sqs.SendMessageBatchCommandOutput>;
  ReceiveMessage: Operation<Sqs.ReceiveMessageCommandInput, Sqs.ReceiveMessageCommandOutput>;
  DeleteMessage: Operation<Sqs.DeleteMessageCommandInput, Sqs.DeleteMessageCommandOutput>;
}

export type SqsMessage = Sqs.Message;

/** One SQS operation; a refusal throws an error named as the SDK names it. */
export const sqs = jsonService<Operations>({
  service: 'sqs',
  target: 'AmazonSQS',
  version: '1.0',
  endpoint: () => process.env.SQS_ENDPOINT,
});
