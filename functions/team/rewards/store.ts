/**
 * Referral rewards: one row per payment (`MEMBER#id / REWARD#tab#date#id`, and on GSI2 by tab and
 * date for the payout structure report) and a member's cumulative total per tab
 * (`MEMBER#id / REWARDSTATS`). Both are written only inside the ledger transaction that pays the
 * reward (rewardItems), so there is a row exactly when money moved.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, keys, queryAll, queryPage, stripKeys, tableName, type TransactItem } from '#core/db';
import type { Side } from '../tree';

export type RewardTab = 'activation' | 'trading';

/**
 * One referral reward as a member and the admin see it. Written only inside the ledger transaction
 * that pays it (`post`'s `extra`, see rewardItems), so there is a row exactly when money moved.
 * Tab 'activation': 'Direct Bonus' (a referral's plan activation) and 'Binary Bonus' (the daily
 * matched points); tab 'trading': the trading profit distribution (a later issue) writes the same
 * shape with its own type.
 */
export interface RewardRow {
  memberId: string;
  tab: RewardTab;
  /** Unique per member and tab: `direct-<plan txId>`, `binary-<day>-<memberId>`. */
  id: string;
  /** ISO date-time of the payment. */
  date: string;
  type: string;
  /** micro-USDT paid. */
  amount: number;
  /** For the payout structure report: who was paid ... */
  ownerEmail: string;
  /** ... and what for: the activating member's e-mail and the leg holding them (direct bonus) ... */
  email?: string;
  side?: Side;
  /** ... or the points matched (binary bonus) and the day paid. */
  matched?: number;
  day?: string;
}

/**
 * The reward row (on the member's list and the tab's GSI2 list by date) and the member's cumulative
 * total for the tab, to go in the paying ledger transaction's `extra`: a replayed payment is
 * refused whole by the ledger's idempotency item, so neither is written twice.
 */
export const rewardItems = (row: RewardRow): TransactItem[] => [
  {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.reward(row.memberId, row.tab, row.date, row.id),
        ...keys.rewardsByDate(row.tab, row.date, row.id),
        ...row,
      },
    },
  },
  {
    Update: {
      TableName: tableName(),
      Key: keys.rewardStats(row.memberId),
      UpdateExpression: 'SET memberId = :m ADD #tab :amount',
      ExpressionAttributeNames: { '#tab': row.tab },
      ExpressionAttributeValues: { ':m': row.memberId, ':amount': row.amount },
    },
  },
];

const toReward = (item: Record<string, unknown>): RewardRow => stripKeys<RewardRow>(item);

/** A member's rewards of one tab, newest first, paged (no empty last page). */
export const listMemberRewards = async (
  memberId: string,
  tab: RewardTab,
  limit: number,
  cursor?: string,
): Promise<{ items: RewardRow[]; cursor?: string }> => {
  const page = await queryPage(
    {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.member(memberId).PK, ':prefix': keys.rewardPrefix(tab) },
      ScanIndexForward: false,
    },
    limit,
    cursor,
  );
  return { items: page.items.map(toReward), cursor: page.cursor };
};

/** The sum of a member's rewards of one tab paid on the UTC day `day` (YYYY-MM-DD). */
export const rewardsOfDay = async (memberId: string, tab: RewardTab, day: string): Promise<number> => {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.member(memberId).PK,
      ':prefix': keys.rewardDayPrefix(tab, day),
    },
    ProjectionExpression: 'amount',
  });
  return items.reduce((sum, item) => sum + Number(item.amount ?? 0), 0);
};

/** A member's cumulative rewards per tab (micro-USDT). */
export const rewardTotals = async (memberId: string): Promise<Record<RewardTab, number>> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.rewardStats(memberId) }));
  return { activation: Number(Item?.activation ?? 0), trading: Number(Item?.trading ?? 0) };
};

/**
 * Every member's rewards of one tab paid on the UTC days `fromDay`..`toDay` (YYYY-MM-DD,
 * inclusive), by date (oldest first unless `newestFirst`), paged: the payout structure report.
 */
export const listRewardsByDate = async (
  tab: RewardTab,
  fromDay: string,
  toDay: string,
  options: { limit: number; cursor?: string; newestFirst?: boolean },
): Promise<{ items: RewardRow[]; cursor?: string }> => {
  if (fromDay > toDay) return { items: [] };
  const page = await queryPage(
    {
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.rewardsByDate(tab, '', '').GSI2PK,
        ':from': fromDay,
        // every ISO date-time of `toDay` sorts before `${toDay}~`
        ':to': `${toDay}~`,
      },
      ScanIndexForward: !options.newestFirst,
    },
    options.limit,
    options.cursor,
  );
  return { items: page.items.map(toReward), cursor: page.cursor };
};
