/**
 * The ledger audit's reads and its results. The audit reads the table as it is, the way an
 * outside auditor would, not through the code it checks: one parallel Scan for every balance item
 * and entry, the open withdrawals, the paid invoices and the deposit transactions (read-only; the
 * items of the wallet are read, never written, here). Its results are kept by run time.
 */
import { PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, keys, stripKeys, tableName } from '#core/db';
import type { AuditDifference, AuditFacts } from './rules';

/** Segments read at once: a day's full read in a fraction of the time, under the table's capacity. */
const SEGMENTS = 4;

const ACCOUNT = keys.ledgerBalance('').PK;
const WITHDRAWAL = keys.withdrawal('').PK;
const INVOICE = keys.invoice('').PK;
const TX = keys.ledgerTx('').PK;

const scanSegment = async (segment: number): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName(),
        Segment: segment,
        TotalSegments: SEGMENTS,
        FilterExpression:
          'begins_with(PK, :acct) OR begins_with(PK, :w) OR begins_with(PK, :inv) OR (begins_with(PK, :tx) AND #kind = :deposit)',
        ProjectionExpression: 'PK, SK, #account, balance, amount, #status, memberId, paymentId, #kind, #ref',
        ExpressionAttributeNames: {
          '#account': 'account',
          '#status': 'status',
          '#kind': 'kind',
          '#ref': 'ref',
        },
        ExpressionAttributeValues: {
          ':acct': ACCOUNT,
          ':w': WITHDRAWAL,
          ':inv': INVOICE,
          ':tx': TX,
          ':deposit': 'deposit',
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/** The account of a balance item or entry: its `account`, else its key without the shard suffix. */
const accountOf = (item: Record<string, unknown>): string =>
  typeof item.account === 'string'
    ? item.account
    : String(item.PK).slice(ACCOUNT.length).replace(/#\d+$/, '');

/** Everything the audit compares, read in one pass over the table. */
export const readAuditFacts = async (): Promise<AuditFacts> => {
  const facts: AuditFacts = {
    balanceItems: [],
    entries: [],
    openWithdrawals: [],
    paidInvoices: [],
    deposits: [],
  };
  const segments = await Promise.all(Array.from({ length: SEGMENTS }, (_, i) => scanSegment(i)));
  for (const item of segments.flat()) {
    const pk = String(item.PK);
    const sk = String(item.SK);
    if (pk.startsWith(ACCOUNT) && sk === keys.ledgerBalance('').SK)
      facts.balanceItems.push({ account: accountOf(item), balance: Number(item.balance ?? 0) });
    else if (pk.startsWith(ACCOUNT) && sk.startsWith(keys.ledgerEntryPrefix))
      facts.entries.push({ account: accountOf(item), amount: Number(item.amount) });
    else if (pk.startsWith(WITHDRAWAL) && (item.status === 'held' || item.status === 'pending'))
      facts.openWithdrawals.push({ memberId: String(item.memberId), amount: Number(item.amount) });
    else if (pk.startsWith(INVOICE) && item.status === 'credited')
      facts.paidInvoices.push(String(item.paymentId));
    else if (pk.startsWith(TX))
      facts.deposits.push(String((item.ref as { paymentId?: string } | undefined)?.paymentId ?? ''));
  }
  return facts;
};

/** One run's result. Differences beyond the first 100 are counted, not listed (an item holds 400 KB). */
export interface LedgerAuditResult {
  at: string;
  ok: boolean;
  differenceCount: number;
  differences: AuditDifference[];
}

export const LISTED_DIFFERENCES = 100;

export const saveAuditResult = async (result: LedgerAuditResult): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.ledgerAudit(result.at),
        ...result,
        differences: result.differences.slice(0, LISTED_DIFFERENCES),
      },
    }),
  );
};

export const latestAuditResult = async (): Promise<LedgerAuditResult | null> => {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.ledgerAudit('').PK },
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return Items?.[0] ? stripKeys<LedgerAuditResult>(Items[0]) : null;
};
