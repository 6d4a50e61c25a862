/**
 * The notifications domain's items: a member's feed (one item per note, ULID ids, in the member's
 * partition) and its state beside it (the unread count and the read mark); and each bot's e-mail
 * windows (one per event type), which hold the hour's later events for a digest.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  db,
  decodeCursor,
  encodeCursor,
  isConditionFailure,
  keys,
  landed,
  tableName,
  ttlAfterHours,
} from '#core/db';

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

/**
 * One bot's e-mail window of one event type: the last e-mail (immediate or digest) went at
 * `sentAt`; events after it, until an hour has passed, wait in `held` for the digest, due at
 * `dueKey` (its GSI2 sort key once something is held).
 */
export interface BotEmailWindow {
  deploymentId: string;
  type: string;
  memberId: string;
  bot: string;
  sentAt: string;
  held?: string[];
}

const HOUR_MS = 3_600_000;
/** Kept a day past its hour: long enough for a late digest, gone once the bot is quiet. */
const WINDOW_TTL_HOURS = 25;

const dueKeyOf = (sentAt: string, deploymentId: string, type: string) =>
  `${new Date(Date.parse(sentAt) + HOUR_MS).toISOString()}#${deploymentId}#${type}`;

/**
 * Opens a new window at `at` when none is open (no e-mail in the last hour, nothing held): true
 * means "e-mail this event now". One conditional write, so two events at once mail once.
 */
export const openBotEmailWindow = (w: Omit<BotEmailWindow, 'held'>): Promise<boolean> =>
  landed(
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.botEmailWindow(w.deploymentId, w.type),
        UpdateExpression:
          'SET sentAt = :at, dueKey = :due, memberId = :member, bot = :bot, deploymentId = :d, #type = :type, #ttl = :ttl',
        ConditionExpression:
          'attribute_not_exists(sentAt) OR (sentAt <= :hourAgo AND attribute_not_exists(held))',
        ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':at': w.sentAt,
          ':due': dueKeyOf(w.sentAt, w.deploymentId, w.type),
          ':member': w.memberId,
          ':bot': w.bot,
          ':d': w.deploymentId,
          ':type': w.type,
          ':ttl': ttlAfterHours(Math.floor(Date.parse(w.sentAt) / 1000), WINDOW_TTL_HOURS),
          ':hourAgo': new Date(Date.parse(w.sentAt) - HOUR_MS).toISOString(),
        },
      }),
    ),
  );

/** Holds an event's message for the open window's digest and lists the window as due then. */
export const holdForDigest = async (deploymentId: string, type: string, message: string): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.botEmailWindow(deploymentId, type),
      UpdateExpression:
        'SET held = list_append(if_not_exists(held, :none), :message), GSI2PK = :due, GSI2SK = dueKey',
      ConditionExpression: 'attribute_exists(sentAt)',
      ExpressionAttributeValues: { ':none': [], ':message': [message], ':due': keys.dueBotDigests },
    }),
  );
};

/** The windows whose digest is due at `at` (oldest first). */
export const dueBotDigests = async (
  at: string,
  limit = 100,
): Promise<{ deploymentId: string; type: string }[]> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :due AND GSI2SK <= :at',
      ExpressionAttributeValues: { ':due': keys.dueBotDigests, ':at': `${at}~` },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((i) => ({ deploymentId: String(i.deploymentId), type: String(i.type) }));
};

/**
 * Takes a due window's held messages and starts its next hour at `at` (the digest is this hour's
 * e-mail): null when another run took them first. Taken before it is sent, so it is sent at most once.
 */
export const takeDigest = async (
  deploymentId: string,
  type: string,
  at: string,
): Promise<BotEmailWindow | null> => {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.botEmailWindow(deploymentId, type),
        UpdateExpression: 'SET sentAt = :at, dueKey = :due REMOVE held, GSI2PK, GSI2SK',
        ConditionExpression: 'attribute_exists(held) AND dueKey <= :atKey',
        ExpressionAttributeValues: {
          ':at': at,
          ':due': dueKeyOf(at, deploymentId, type),
          ':atKey': `${at}~`,
        },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return (Attributes as BotEmailWindow | undefined) ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};
