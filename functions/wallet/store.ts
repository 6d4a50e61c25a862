/**
 * The wallet's own items: deposit totals, invoices (deposits) and withdrawals. Money itself moves
 * only through the ledger (functions/ledger); these items ride along in its transactions.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '#core/clock';
import {
  db,
  isConditionFailure,
  keys,
  queryAll,
  queryPage,
  tableName,
  type TransactItem,
  landed,
} from '#core/db';
import type { Micro } from '#api/money';
import type { MemberWallet } from '#functions/ledger/rules';

export const addDepositedItem = (memberId: string, amount: Micro): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.walletStats(memberId),
    UpdateExpression: 'ADD deposited :a',
    ExpressionAttributeValues: { ':a': amount },
  },
});

export const getDeposited = async (memberId: string): Promise<Micro> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.walletStats(memberId) }));
  return Number(Item?.deposited ?? 0);
};

type InvoiceStatus = 'waiting' | 'credited' | 'expired';

export interface Invoice {
  paymentId: string;
  memberId: string;
  email: string;
  wallet: MemberWallet;
  amount: Micro;
  payAddress: string;
  payAmount: string;
  payCurrency: string;
  status: InvoiceStatus;
  createdAt: string;
  expiresAt: string;
  creditedAt?: string;
  /** The member's Top Up request that made it (its idempotency key). */
  requestId: string;
}

/**
 * Stores a new invoice together with its request's marker, so a member's request id makes at most
 * one invoice: 'exists' when that request already stored one (nothing is written then).
 */
export const putInvoice = async (invoice: Invoice): Promise<'created' | 'exists'> => {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.invoiceRequest(invoice.memberId, invoice.requestId),
                paymentId: invoice.paymentId,
                createdAt: invoice.createdAt,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.invoice(invoice.paymentId),
                ...invoice,
                GSI1PK: `MEMBERINVOICE#${invoice.memberId}`,
                GSI1SK: `${invoice.createdAt}#${invoice.paymentId}`,
                GSI2PK: keys.openInvoices,
                GSI2SK: `${invoice.createdAt}#${invoice.paymentId}`,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
    return 'created';
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (isConditionFailure(error) && reasons?.[0]?.Code === 'ConditionalCheckFailed') return 'exists';
    throw error;
  }
};

/** The invoice a member's Top Up request made, if it made one. */
export const getInvoiceOfRequest = async (memberId: string, requestId: string): Promise<Invoice | null> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.invoiceRequest(memberId, requestId),
      ConsistentRead: true,
    }),
  );
  return Item ? getInvoice(String(Item.paymentId)) : null;
};

export const getInvoice = async (paymentId: string): Promise<Invoice | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.invoice(paymentId), ConsistentRead: true }),
  );
  return (Item as Invoice | undefined) ?? null;
};

/** The write that closes an invoice as credited, inside the crediting transaction. */
export const closeInvoiceItem = (paymentId: string, status: InvoiceStatus): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.invoice(paymentId),
    UpdateExpression: 'SET #s = :s, closedAt = :now REMOVE GSI2PK, GSI2SK',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':s': status, ':now': nowIso() },
  },
});

export const expireInvoice = async (paymentId: string): Promise<boolean> => {
  return landed(
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.invoice(paymentId),
        UpdateExpression: 'SET #s = :expired, closedAt = :now REMOVE GSI2PK, GSI2SK',
        ConditionExpression: '#s = :waiting',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':expired': 'expired', ':waiting': 'waiting', ':now': nowIso() },
      }),
    ),
  );
};

/**
 * A member's invoices still waiting for payment, newest first: the newest `recent` invoices are
 * read (GSI1) and the waiting ones kept; an open invoice lives for hours, so it is among them.
 */
export const memberWaitingInvoices = async (memberId: string, recent = 50): Promise<Invoice[]> => {
  const page = await queryPage(
    {
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: '#s = :waiting',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':pk': `MEMBERINVOICE#${memberId}`, ':waiting': 'waiting' },
      ScanIndexForward: false,
    },
    recent,
  );
  return page.items as unknown as Invoice[];
};

export const listOpenInvoices = async (): Promise<Invoice[]> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.openInvoices },
  });
  return items as unknown as Invoice[];
};

/**
 * A withdrawal's life: `held` (the hold is posted; the payout not answered yet), `pending` (the
 * provider has it, or may have it, and has not finished), then `paid` or `failed` (released),
 * each reached once: the ledger transaction that settles or releases carries the status change
 * under the condition that the withdrawal is still open.
 */
export type WithdrawalStatus = 'held' | 'pending' | 'paid' | 'failed';
export const OPEN_WITHDRAWAL: readonly WithdrawalStatus[] = ['held', 'pending'];

export interface Withdrawal {
  id: string;
  memberId: string;
  email: string;
  wallet: MemberWallet;
  amount: Micro;
  address: string;
  status: WithdrawalStatus;
  createdAt: string;
  updatedAt: string;
  /** The provider's batch id, once its create call answered. */
  payoutId?: string;
  hash?: string;
  error?: string;
}

/** GSI1: a member's withdrawals, newest first; GSI2 (sparse): the open ones, for the sweep. */
const MEMBER_WITHDRAWALS = (memberId: string) => `MEMBERWITHDRAWAL#${memberId}`;
const OPEN_WITHDRAWALS = 'WITHDRAWALS#OPEN';

/** The new withdrawal, written in the hold's own transaction: no hold without its record. */
export const newWithdrawalItem = (w: Withdrawal): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...keys.withdrawal(w.id),
      ...w,
      GSI1PK: MEMBER_WITHDRAWALS(w.memberId),
      GSI1SK: `${w.createdAt}#${w.id}`,
      GSI2PK: OPEN_WITHDRAWALS,
      GSI2SK: `${w.createdAt}#${w.id}`,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/**
 * Closes an open withdrawal as paid or failed, inside the settling or releasing transaction. Its
 * condition is what makes settle and release exclusive: whichever commits first closes it, and
 * the other's whole transaction (its ledger postings too) is refused.
 */
export const closeWithdrawalItem = (
  id: string,
  status: 'paid' | 'failed',
  facts: { payoutId?: string; hash?: string; error?: string },
): TransactItem => {
  const set = Object.entries(facts).filter(([, v]) => v !== undefined);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.withdrawal(id),
      UpdateExpression: `SET #s = :s, updatedAt = :now${set.map(([k]) => `, #${k} = :${k}`).join('')} REMOVE GSI2PK, GSI2SK`,
      ConditionExpression: '#s IN (:held, :pending)',
      ExpressionAttributeNames: { '#s': 'status', ...Object.fromEntries(set.map(([k]) => [`#${k}`, k])) },
      ExpressionAttributeValues: {
        ':s': status,
        ':now': nowIso(),
        ':held': 'held',
        ':pending': 'pending',
        ...Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])),
      },
    },
  };
};

/** Marks an open withdrawal pending (and keeps the batch id once known); false when it is closed. */
export const markWithdrawalPending = async (id: string, payoutId?: string): Promise<boolean> => {
  return landed(
    db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.withdrawal(id),
        UpdateExpression: `SET #s = :pending, updatedAt = :now${payoutId ? ', payoutId = :p' : ''}`,
        ConditionExpression: '#s IN (:held, :pending)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':held': 'held',
          ':now': nowIso(),
          ...(payoutId ? { ':p': payoutId } : {}),
        },
      }),
    ),
  );
};

const KEY_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'];
const toWithdrawal = (item: Record<string, unknown>): Withdrawal =>
  Object.fromEntries(
    Object.entries(item).filter(([k]) => !KEY_ATTRIBUTES.includes(k)),
  ) as unknown as Withdrawal;

export const getWithdrawal = async (id: string): Promise<Withdrawal | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.withdrawal(id), ConsistentRead: true }),
  );
  return Item ? toWithdrawal(Item) : null;
};

/** Open withdrawals created before `before`, oldest first (the sweep's work list). */
export const listOpenWithdrawals = async (before: string): Promise<Withdrawal[]> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :before',
    ExpressionAttributeValues: { ':pk': OPEN_WITHDRAWALS, ':before': before },
  });
  return items.map(toWithdrawal);
};

export const listMemberWithdrawals = async (
  memberId: string,
  limit: number,
  cursor?: string,
): Promise<{ items: Withdrawal[]; cursor?: string }> => {
  const page = await queryPage(
    {
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': MEMBER_WITHDRAWALS(memberId) },
      ScanIndexForward: false,
    },
    limit,
    cursor,
  );
  return { items: page.items.map(toWithdrawal), cursor: page.cursor };
};

/** Up to where holds were checked for their withdrawal (null before the first run). */
export const getHoldSweepPosition = async (): Promise<string | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.holdSweep() }));
  return typeof Item?.checkedUntil === 'string' ? Item.checkedUntil : null;
};

export const setHoldSweepPosition = async (checkedUntil: string): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.holdSweep(),
      UpdateExpression: 'SET checkedUntil = :at',
      ExpressionAttributeValues: { ':at': checkedUntil },
    }),
  );
};
