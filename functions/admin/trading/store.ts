/**
 * The admin domain's own items for the trading side of the back office: Core pool distributions
 * and their shares, the audit log, and the reads of other domains' lists that the admin counts
 * (members by rank, bound Binance keys). Keys are built here (not in core/db.ts) because only this
 * file reads or writes them:
 *
 *   COREDIST#<id> / DIST                 a distribution (GSI2 COREDISTS by date: the History tab)
 *   COREDIST#<id> / SHARE#<type>#<mid>   one holder's share (GSI2 COREDIST#PENDING while unpaid)
 *   AUDIT#<id> / AUDIT                   an admin action (GSI2 AUDIT by date)
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  db,
  isConditionFailure,
  keys,
  queryAll,
  queryPage,
  stripKeys,
  tableName,
  type TransactItem,
} from '#core/db';
import type { AuditAction } from '#api/schemas/admin';

export type ShareType = 'core' | 'premium';

export interface DistributionItem {
  id: string;
  createdAt: string;
  adminId: string;
  adminEmail: string;
  /** Each holder's share (micro-USDT) and the holders, fixed when the distribution was made. */
  share: Record<ShareType, number>;
  holders: Record<ShareType, { memberId: string; email: string }[]>;
  status: 'running' | 'done';
}

export interface ShareItem {
  distributionId: string;
  memberId: string;
  email: string;
  type: ShareType;
  amount: number;
  date: string;
  status: 'pending' | 'success';
  paidAt?: string;
}

export interface AuditItem {
  id: string;
  at: string;
  action: AuditAction;
  adminId: string;
  adminEmail: string;
  /** The member's e-mail, a distribution id or a complaint id. */
  target: string;
  /** Lower-cased e-mails the entry is found by (the admin's and the member's). */
  emails: string[];
  summary: string;
}

const table = () => tableName();
const PENDING_SHARES = 'COREDIST#PENDING';
const DISTRIBUTIONS = 'COREDISTS';
const AUDIT = 'AUDIT';

const distributionKey = (id: string) => ({ PK: `COREDIST#${id}`, SK: 'DIST' });
const shareKey = (distributionId: string, type: ShareType, memberId: string) => ({
  PK: `COREDIST#${distributionId}`,
  SK: `SHARE#${type}#${memberId}`,
});

/** The distribution's item, for the ledger transaction that reserves its money (written once). */
export const distributionItem = (d: DistributionItem): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...distributionKey(d.id), GSI2PK: DISTRIBUTIONS, GSI2SK: `${d.createdAt}#${d.id}`, ...d },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

export const getDistribution = async (id: string): Promise<DistributionItem | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: table(), Key: distributionKey(id), ConsistentRead: true }),
  );
  return Item ? stripKeys<DistributionItem>(Item) : null;
};

/** Writes a share unless it exists (a resumed run finds the shares it wrote before). */
export const putShareOnce = async (share: ShareItem): Promise<void> => {
  try {
    await db.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...shareKey(share.distributionId, share.type, share.memberId),
          GSI2PK: PENDING_SHARES,
          GSI2SK: `${share.date}#${share.distributionId}#${share.type}#${share.memberId}`,
          ...share,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

/** Marks a share paid, inside the ledger transaction that pays it: refused unless still pending. */
export const sharePaidItem = (share: ShareItem, paidAt: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: shareKey(share.distributionId, share.type, share.memberId),
    UpdateExpression: 'SET #s = :success, paidAt = :at REMOVE GSI2PK, GSI2SK',
    ConditionExpression: '#s = :pending',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':success': 'success', ':pending': 'pending', ':at': paidAt },
  },
});

export const distributionShares = async (distributionId: string): Promise<ShareItem[]> =>
  (
    await queryAll({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :share)',
      ExpressionAttributeValues: { ':pk': distributionKey(distributionId).PK, ':share': 'SHARE#' },
      ConsistentRead: true,
    })
  ).map((i) => stripKeys<ShareItem>(i));

export const markDistributionDone = (id: string) =>
  db.send(
    new UpdateCommand({
      TableName: table(),
      Key: distributionKey(id),
      UpdateExpression: 'SET #s = :done',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':done': 'done' },
    }),
  );

/** Unpaid shares, newest first, paged. */
export const pagePendingShares = async (limit: number, cursor?: string) => {
  const page = await queryPage(
    {
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': PENDING_SHARES },
      ScanIndexForward: false,
    },
    limit,
    cursor,
  );
  return { items: page.items.map((i) => stripKeys<ShareItem>(i)), cursor: page.cursor };
};

export const allPendingShares = async (): Promise<ShareItem[]> =>
  (
    await queryAll({
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': PENDING_SHARES },
    })
  ).map((i) => stripKeys<ShareItem>(i));

/** Distributions, newest first, paged. */
export const pageDistributions = async (limit: number, cursor?: string) => {
  const page = await queryPage(
    {
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': DISTRIBUTIONS },
      ScanIndexForward: false,
    },
    limit,
    cursor,
  );
  return { items: page.items.map((i) => stripKeys<DistributionItem>(i)), cursor: page.cursor };
};

/* ---------- the audit log ---------- */

export const putAudit = (entry: AuditItem) =>
  db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        PK: `AUDIT#${entry.id}`,
        SK: 'AUDIT',
        GSI2PK: AUDIT,
        GSI2SK: `${entry.at}#${entry.id}`,
        ...entry,
      },
    }),
  );

/** Audit entries, newest first, maybe of one action and one e-mail (the admin's or the member's). */
export const pageAudit = async (
  filter: { action?: string; email?: string },
  limit: number,
  cursor?: string,
) => {
  const conditions = [
    ...(filter.action ? ['#action = :action'] : []),
    ...(filter.email ? ['contains(emails, :email)'] : []),
  ];
  const page = await queryPage(
    {
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: {
        ':pk': AUDIT,
        ...(filter.action ? { ':action': filter.action } : {}),
        ...(filter.email ? { ':email': filter.email } : {}),
      },
      ...(conditions.length
        ? {
            FilterExpression: conditions.join(' AND '),
            ...(filter.action ? { ExpressionAttributeNames: { '#action': 'action' } } : {}),
          }
        : {}),
      ScanIndexForward: false,
    },
    limit,
    cursor,
  );
  return { items: page.items.map((i) => stripKeys<AuditItem>(i)), cursor: page.cursor };
};

/* ---------- counts over other domains' lists ---------- */

/** Members per rank: the registration list (GSI2 MEMBERS), reading only the rank. */
export const memberRanks = async (): Promise<Map<number, number>> => {
  const counts = new Map<number, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.membersByRegistration },
        ProjectionExpression: '#rank',
        ExpressionAttributeNames: { '#rank': 'rank' },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of page.Items ?? []) {
      const rank = Number(i.rank ?? 1);
      counts.set(rank, (counts.get(rank) ?? 0) + 1);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return counts;
};

/** Every member's id, e-mail and registration, oldest first (the fan-out of the trading reports). */
export const allMembers = async (): Promise<{ id: string; email: string }[]> =>
  (
    await queryAll({
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.membersByRegistration },
      ProjectionExpression: 'id, email',
    })
  ).map((i) => ({ id: String(i.id), email: String(i.email) }));

/** Members with a key of this exchange bound (the exchange domain's list of keys by binding date). */
export const boundKeyMembers = async (exchange: string): Promise<string[]> =>
  (
    await queryAll({
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.exchangeKeysByDate(exchange, '', '').GSI2PK },
      ProjectionExpression: 'memberId',
    })
  ).map((i) => String(i.memberId));

/** Every distribution (a few a month: the Success tab's total). */
export const allDistributions = async (): Promise<DistributionItem[]> =>
  (
    await queryAll({
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': DISTRIBUTIONS },
    })
  ).map((i) => stripKeys<DistributionItem>(i));
