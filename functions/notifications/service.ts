/**
 * The notifications feed. `notify` is the one function any domain calls to tell a member
 * something (deposits, payouts, fills, plan expiry...). The unread count is a counter beside the
 * feed, so the bell reads one item, not the whole list.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '#core/clock';
import { db, decodeCursor, encodeCursor, keys, tableName } from '#core/db';
import { newId } from '#core/ids';
import { pushToMember } from '#functions/realtime/service';
import type { Notification } from '#api/schemas/notifications';

export const notify = async (memberId: string, message: string): Promise<void> => {
  const id = newId();
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.notification(memberId, id), id, message, date: nowIso() },
          },
        },
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
  // Open pages update their bell at once; the feed above is the record either way.
  await pushToMember(memberId, { type: 'notification', message });
};

interface NotificationState {
  unread?: number;
  readUpTo?: string;
}

const readState = async (memberId: string): Promise<NotificationState> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.notificationState(memberId) }),
  );
  return (Item ?? {}) as NotificationState;
};

export const listNotifications = async (
  memberId: string,
  limit: number,
  cursor?: string,
): Promise<{ items: Notification[]; cursor?: string; unread: number }> => {
  const [state, page] = await Promise.all([
    readState(memberId),
    db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.member(memberId).PK, ':prefix': keys.notificationPrefix },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: decodeCursor(cursor),
      }),
    ),
  ]);
  const readUpTo = state.readUpTo ?? '';
  const items = (page.Items ?? []).map((item) => ({
    id: String(item.id),
    message: String(item.message),
    date: String(item.date),
    read: String(item.id) <= readUpTo,
  }));
  return { items, cursor: encodeCursor(page.LastEvaluatedKey), unread: state.unread ?? 0 };
};

/** Everything up to now is read: ids are ULIDs, so "read" is "id <= readUpTo". */
export const markAllRead = async (memberId: string): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.notificationState(memberId),
      UpdateExpression: 'SET unread = :zero, readUpTo = :upTo',
      ExpressionAttributeValues: { ':zero': 0, ':upTo': newId() },
    }),
  );
};
