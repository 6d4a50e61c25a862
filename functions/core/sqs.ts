/**
 * SQS, called as the signed JSON 1.0 requests its SDK client sends (./aws-call.ts), for the few
 * operations the functions make: the bots' tick producer sends (to the local stack's in-process
 * queue through SQS_ENDPOINT), the admin's dead-letter viewers peek and delete. The SDK's types
 * describe each operation.
 */
import type * as Sqs from '@aws-sdk/client-sqs';
import { awsJson } from './aws-call';

type Operation<Input, Output> = { input: Input; output: Omit<Output, '$metadata'> };

interface Operations {
  SendMessageBatch: Operation<Sqs.SendMessageBatchCommandInput, Sqs.SendMessageBatchCommandOutput>;
  ReceiveMessage: Operation<Sqs.ReceiveMessageCommandInput, Sqs.ReceiveMessageCommandOutput>;
  DeleteMessage: Operation<Sqs.DeleteMessageCommandInput, Sqs.DeleteMessageCommandOutput>;
}

export type SqsMessage = Sqs.Message;

/** One SQS operation; a refusal throws an error named as the SDK names it. */
export const sqs = <Name extends keyof Operations>(
  operation: Name,
  input: Operations[Name]['input'],
): Promise<Operations[Name]['output']> =>
  awsJson({
    service: 'sqs',
    endpoint: process.env.SQS_ENDPOINT,
    target: `AmazonSQS.${operation}`,
    version: '1.0',
    input,
  });
