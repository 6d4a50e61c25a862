/** The support domain's items: Contact Us messages, kept whole. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactRequest } from '#api/schemas/support';
import { db, keys, tableName } from '#core/db';

export const putContactMessage = async (
  message: ContactRequest & { id: string; date: string },
): Promise<void> => {
  await db.send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.contactMessage(message.id), ...message } }),
  );
};
