/**
 * The baseline of bench/lambda: the least a function of ours can be, a bare handler that reads one
 * item with the DynamoDB document client, bundled by lib/functions.ts exactly as the stack's are.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { pk: string; sk: string }): Promise<unknown> =>
  (
    await client.send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: event.pk, SK: event.sk } }),
    )
  ).Item ?? null;
