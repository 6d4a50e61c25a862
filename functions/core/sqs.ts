/**
 * SQS through the SDK's own client (the local stack's queue at SQS_ENDPOINT, which speaks the
 * same JSON protocol), with the shared timeouts and retries (./aws-clients.ts): the bots' tick
 * producer sends, the admin's dead-letter viewers peek, redrive and delete.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { clientOptions, lazyClient } from './aws-clients';

export const sqs = lazyClient((endpoint) => new SQSClient(clientOptions(endpoint)), 'SQS_ENDPOINT');
