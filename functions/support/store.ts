/**
 * The support domain's items: Contact Us messages, kept whole; complaints (GSI1: the member's,
 * GSI2: by status, for support) and their chat messages, in the complaint's partition; and who of
 * support has a complaint's chat open (watchers), so a new message is pushed to them.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactRequest } from '#api/schemas/support';
import { db, keys, queryAll, stripKeys, tableName } from '#core/db';

export const putContactMessage = async (
  message: ContactRequest & { id: string; date: string },
): Promise<void> => {
  await db.send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.contactMessage(message.id), ...message } }),
  );
};

export interface ComplaintItem {
  id: string;
  memberId: string;
  submitter: string;
  email: string;
  description: string;
  imageKey: string;
  status: 'pending' | 'resolved';
  createdAt: string;
  resolvedAt?: string;
}

export interface MessageItem {
  id: string;
  complaintId: string;
  from: 'member' | 'support';
  authorId: string;
  text: string;
  imageKey?: string;
  date: string;
}

const complaintKey = (id: string) => ({ PK: `COMPLAINT#${id}`, SK: 'COMPLAINT' });
const byMember = (memberId: string) => `MEMBERCOMPLAINTS#${memberId}`;
const byStatus = (status: string) => `COMPLAINTS#${status}`;
/** A watcher expires after a day: support's open chats are short. */
const WATCH_SECONDS = 86_400;

export const putComplaint = (c: ComplaintItem) =>
  db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...complaintKey(c.id),
        GSI1PK: byMember(c.memberId),
        GSI1SK: `${c.createdAt}#${c.id}`,
        GSI2PK: byStatus(c.status),
        GSI2SK: `${c.createdAt}#${c.id}`,
        ...c,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );

export const getComplaint = async (id: string): Promise<ComplaintItem | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: complaintKey(id), ConsistentRead: true }),
  );
  return Item ? stripKeys<ComplaintItem>(Item) : null;
};

const listOn = async (index: 'GSI1' | 'GSI2', pk: string): Promise<ComplaintItem[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}PK = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
    })
  ).map((i) => stripKeys<ComplaintItem>(i));

export const memberComplaints = (memberId: string) => listOn('GSI1', byMember(memberId));
export const complaintsWithStatus = (status: 'pending' | 'resolved') => listOn('GSI2', byStatus(status));

/** Resolves a pending complaint; false when it was resolved already. */
export const resolveComplaint = async (id: string, at: string): Promise<boolean> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: complaintKey(id),
        UpdateExpression: 'SET #s = :resolved, resolvedAt = :at, GSI2PK = :pk',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':resolved': 'resolved',
          ':pending': 'pending',
          ':at': at,
          ':pk': byStatus('resolved'),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};

export const putMessage = (m: MessageItem) =>
  db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: complaintKey(m.complaintId).PK, SK: `MSG#${m.date}#${m.id}`, ...m },
    }),
  );

export const complaintMessages = async (complaintId: string): Promise<MessageItem[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :msg)',
      ExpressionAttributeValues: { ':pk': complaintKey(complaintId).PK, ':msg': 'MSG#' },
      ConsistentRead: true,
    })
  ).map((i) => stripKeys<MessageItem>(i));

export const watch = (complaintId: string, memberId: string) =>
  db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: complaintKey(complaintId).PK,
        SK: `WATCH#${memberId}`,
        memberId,
        ttl: Math.floor(Date.now() / 1000) + WATCH_SECONDS,
      },
    }),
  );

export const watchers = async (complaintId: string): Promise<string[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :w)',
      ExpressionAttributeValues: { ':pk': complaintKey(complaintId).PK, ':w': 'WATCH#' },
    })
  )
    .filter((i) => Number(i.ttl) > Date.now() / 1000)
    .map((i) => String(i.memberId));
