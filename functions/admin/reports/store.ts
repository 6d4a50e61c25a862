/**
 * The reads of the admin's member reports: date-sorted lists on GSI2 for a range of whole UTC days
 * (members by registration, the ledger's membership plan transactions), a page at a time, and the
 * range's totals.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, keys, queryAll, queryPage, tableName } from '#core/db';

interface DayRange {
  from: string;
  to: string;
}

/** A range of whole UTC days as GSI2 sort-key bounds (keys start with an ISO instant). */
const bounds = (q: DayRange) => ({ ':from': `${q.from}T00:00:00.000Z`, ':to': `${q.to}T23:59:59.999Z~` });

/** How many items a query matches, read page after page without the items. */
const countAll = async (input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>): Promise<number> => {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
};

const registrations = (q: DayRange) => ({
  TableName: tableName(),
  IndexName: 'GSI2',
  KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
  ExpressionAttributeValues: { ':pk': keys.membersByRegistration, ...bounds(q) },
});

/** Members who registered in the range: a page of member items, and (first page) how many in all. */
export const pageRegistrations = (q: DayRange, limit: number, cursor?: string) =>
  queryPage(registrations(q), limit, cursor);
export const countRegistrations = (q: DayRange) => countAll(registrations(q));

/** The membership plans (not the Trendex Core ones) a plan transaction's `ref.plan` may name. */
const MEMBERSHIP_PLANS = ['executive', 'imperial', 'upgrade'] as const;

/** Plan transactions of memberships in the range, maybe of one member's e-mail. */
const membershipTxs = (q: DayRange & { email?: string }) => ({
  TableName: tableName(),
  IndexName: 'GSI2',
  KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
  FilterExpression: `#ref.#plan IN (:executive, :imperial, :upgrade)${q.email ? ' AND #ref.#email = :email' : ''}`,
  ExpressionAttributeNames: { '#ref': 'ref', '#plan': 'plan', ...(q.email ? { '#email': 'email' } : {}) },
  ExpressionAttributeValues: {
    ':pk': keys.transactionsOfKind('plan'),
    ...bounds(q),
    ':executive': MEMBERSHIP_PLANS[0],
    ':imperial': MEMBERSHIP_PLANS[1],
    ':upgrade': MEMBERSHIP_PLANS[2],
    ...(q.email ? { ':email': q.email } : {}),
  },
});

export const pageMembershipTxs = (q: DayRange & { email?: string }, limit: number, cursor?: string) =>
  queryPage(membershipTxs(q), limit, cursor);
export const allMembershipTxs = (q: DayRange & { email?: string }) => queryAll(membershipTxs(q));
