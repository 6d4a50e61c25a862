/**
 * The notifications domain's items: a member's feed (one item per note, ULID ids, in the member's
 * partition) and its state beside it (the unread count and the read mark).
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, decodeCursor, encodeCursor, keys, tableName } from '#core/db';

interface NoteItem {
  id: string;
  message: string;
  date: string;
}

interface NotificationState {
  unread?: number;
  /** Every note whose id is at most this is read. */
  readUpTo?: string;
}

/** Adds a note to the feed and counts it unread, in one transaction. */
export const putNote = async (memberId: string, note: NoteItem): Promise<void> => {
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { ...keys.notification(memberId, note.id), ...note } } },
        {
          Update: {
            TableName: tableName(),
            Key: keys.notificationState(memberId),
            UpdateExpression: 'ADD unread :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    }),
  );
};

export const readState = async (memberId: string): Promise<NotificationState> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.notificationState(memberId) }),
  );
  return (Item ?? {}) as NotificationState;
};

/** One page of the feed, newest first, and the cursor of the next (none once DynamoDB reports the end). */
export const queryNotes = async (
  memberId: string,
  limit: number,
  cursor?: string,
): Promise<{ items: NoteItem[]; cursor?: string }> => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.member(memberId).PK, ':prefix': keys.notificationPrefix },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  const items = (page.Items ?? []).map((item) => ({
    id: String(item.id),
    message: String(item.message),
    date: String(item.date),
  }));
  return { items, cursor: encodeCursor(page.LastEvaluatedKey) };
};

/** Marks the whole feed read up to `upTo` and clears the unread count. */
export const markReadUpTo = async (memberId: string, upTo: string): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.notificationState(memberId),
      UpdateExpression: 'SET unread = :zero, readUpTo = :upTo',
      ExpressionAttributeValues: { ':zero': 0, ':upTo': upTo },
    }),
  );
};
