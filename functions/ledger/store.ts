/**
 * The ledger on DynamoDB. `post` writes a transaction's idempotency item, its balance updates
 * (each debit of a guarded account under `balance >= amount`) and its entries in ONE
 * TransactWriteItems call, together with any other item the use case must change at the same
 * time (a plan flag, an invoice status). All or nothing: a refused condition writes nothing.
 * The hot platform accounts are sharded (rules.ts SHARD_COUNT): each shard is a balance item with
 * its own entries, and an account's balance and entries are the sums over its shards.
 */
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { nowIso } from '#core/clock';
import {
  batchGetAll,
  db,
  decodeCursor,
  encodeCursor,
  keys,
  queryAll,
  queryPage,
  tableName,
  type TransactItem,
} from '#core/db';
import { newId } from '#core/ids';
import type { Micro } from '#api/money';
import {
  accounts,
  assertBalanced,
  isSharded,
  MEMBER_WALLETS,
  mayGoNegative,
  memberOf,
  SHARD_COUNT,
  shardName,
  shardsOf,
  splitDebit,
  type LedgerTx,
  type MemberWallet,
  type TxKind,
} from './rules';

/** The row a member sees in the Latest Transaction table. */
export interface Display {
  type: string;
  amount: Micro;
  wallet: MemberWallet;
}

export interface PostInput {
  tx: LedgerTx;
  /** The member whose transaction list shows it (when `display` is set). */
  memberId?: string;
  display?: Display;
  /** Facts kept with the transaction for reports: payment id, address, hash, e-mail. */
  ref?: Record<string, string | number>;
  /** Writes that must happen in the same transaction; their conditions guard the whole. */
  extra?: TransactItem[];
}

export type PostResult =
  | { status: 'applied'; txId: string }
  | { status: 'replayed'; txId: string }
  | { status: 'insufficient'; account: string }
  | { status: 'refused'; extraIndex: number };

interface CancellationReason {
  Code?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MAX_ATTEMPTS = 60;

const reasonsOf = (error: unknown): CancellationReason[] | null => {
  const e = error as { name?: string; CancellationReasons?: CancellationReason[] } | null;
  return e?.name === 'TransactionCanceledException' ? (e.CancellationReasons ?? []) : null;
};

const isRetryable = (error: unknown, reasons: CancellationReason[] | null): boolean => {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (
    [
      'TransactionConflictException',
      'ThrottlingException',
      'ProvisionedThroughputExceededException',
      'TransactionInProgressException',
    ].includes(name)
  )
    return true;
  return !!reasons && reasons.some((r) => r.Code === 'TransactionConflict' || r.Code === 'ThrottlingError');
};

/** Balances of balance items by name (one BatchGet per 100); 0 where an item was never written. */
const readItems = async (names: string[], consistent: boolean): Promise<Map<string, Micro>> => {
  const found = new Map<string, Micro>(names.map((n) => [n, 0]));
  const items = await batchGetAll(
    names.map((n) => keys.ledgerBalance(n)),
    { consistent },
  );
  for (const item of items) found.set(String(item.PK).slice('ACCT#'.length), Number(item.balance));
  return found;
};

/**
 * One balance item a transaction writes: the account's own item or one of its shards (rules.ts
 * SHARD_COUNT), and what it adds there. A posting on a sharded account is one part on a random
 * shard, or, for a debit that may not go negative, the parts `splitDebit` picks.
 */
interface Part {
  account: string;
  item: string;
  amount: Micro;
}

const randomShard = () => Math.floor(Math.random() * SHARD_COUNT);

/** The parts of the postings; `insufficient` when a guarded sharded account holds less in all its shards. */
const partsOf = async (tx: LedgerTx): Promise<Part[] | { insufficient: string }> => {
  const parts: Part[] = [];
  for (const p of tx.postings) {
    if (!isSharded(p.account)) parts.push({ account: p.account, item: p.account, amount: p.amount });
    else if (p.amount > 0 || mayGoNegative(p.account))
      parts.push({ account: p.account, item: shardName(p.account, randomShard()), amount: p.amount });
    else {
      const names = shardsOf(p.account);
      const balances = await readItems(names, true);
      const split = splitDebit(
        names.map((n) => balances.get(n) ?? 0),
        -p.amount,
        randomShard(),
      );
      if (!split) return { insufficient: p.account };
      for (const part of split)
        parts.push({ account: p.account, item: names[part.shard], amount: -part.amount });
    }
  }
  return parts;
};

export const post = async (input: PostInput): Promise<PostResult> => {
  const { tx } = input;
  assertBalanced(tx.postings);
  const txId = newId();
  const date = nowIso();
  const table = tableName();
  const showTo = input.display ? input.memberId : undefined;
  const txItem: TransactItem = {
    Put: {
      TableName: table,
      Item: {
        ...keys.ledgerTx(tx.idempotencyKey),
        txId,
        idempotencyKey: tx.idempotencyKey,
        kind: tx.kind,
        postings: tx.postings,
        date,
        memberId: input.memberId,
        ...(input.display ?? {}),
        // reports read the amount moved even where no member row is shown
        amount: input.display?.amount ?? Math.max(...tx.postings.map((p) => p.amount)),
        ref: input.ref,
        ...(showTo ? { GSI1PK: keys.memberTransactions(showTo), GSI1SK: `${date}#${txId}` } : {}),
        GSI2PK: keys.transactionsOfKind(tx.kind),
        GSI2SK: `${date}#${txId}`,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  /** A shard's item names its account (`account`), so reports and checks sum shards by account. */
  const balanceUpdate = (p: Part): TransactItem => {
    const member = memberOf(p.account);
    const guarded = p.amount < 0 && !mayGoNegative(p.account);
    return {
      Update: {
        TableName: table,
        Key: keys.ledgerBalance(p.item),
        UpdateExpression: member
          ? 'ADD balance :delta SET account = :account, updatedAt = :now, GSI2PK = :g2pk, GSI2SK = :g2sk'
          : 'ADD balance :delta SET account = :account, updatedAt = :now',
        ...(guarded ? { ConditionExpression: 'balance >= :need' } : {}),
        ExpressionAttributeValues: {
          ':delta': p.amount,
          ':account': p.account,
          ':now': date,
          ...(guarded ? { ':need': -p.amount } : {}),
          ...(member ? { ':g2pk': keys.walletBalances(p.account.split(':')[2]), ':g2sk': member } : {}),
        },
      },
    };
  };
  const entry = (p: Part): TransactItem => ({
    Put: {
      TableName: table,
      Item: {
        ...keys.ledgerEntry(p.item, txId),
        account: p.account,
        amount: p.amount,
        txId,
        kind: tx.kind,
        date,
      },
    },
  });
  for (let attempt = 1; ; attempt++) {
    const parts = await partsOf(tx);
    if (!Array.isArray(parts)) {
      // a replay answers 'replayed' whatever the balances are now, as the transaction's condition would
      const existing = await getTx(tx.idempotencyKey);
      return existing
        ? { status: 'replayed', txId: String(existing.txId ?? '') }
        : { status: 'insufficient', account: parts.insufficient };
    }
    const items = [txItem, ...parts.map(balanceUpdate), ...parts.map(entry)];
    const firstExtra = items.length;
    items.push(...(input.extra ?? []));
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return { status: 'applied', txId };
    } catch (error) {
      const reasons = reasonsOf(error);
      if (reasons) {
        const failed = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
        if (failed === 0) {
          const existing = await getTx(tx.idempotencyKey);
          return { status: 'replayed', txId: String(existing?.txId ?? '') };
        }
        // a shard spent by a concurrent debit since it was read: pick the shards again
        const part = failed > 0 && failed < firstExtra ? parts[failed - 1] : undefined;
        if (part && !isSharded(part.account)) return { status: 'insufficient', account: part.account };
        if (failed >= firstExtra) return { status: 'refused', extraIndex: failed - firstExtra };
        if (part && attempt < MAX_ATTEMPTS) continue;
      }
      if (!isRetryable(error, reasons) || attempt >= MAX_ATTEMPTS) throw error;
      // Full jitter: contending writers on one wallet spread out instead of colliding again.
      await sleep(Math.random() * Math.min(400, 5 * 2 ** Math.min(attempt, 7)));
    }
  }
};

export const getTx = async (idempotencyKey: string): Promise<Record<string, unknown> | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.ledgerTx(idempotencyKey), ConsistentRead: true }),
  );
  return Item ?? null;
};

/** An account's balance: its item, or the sum of its shards. */
export const getBalance = async (account: string): Promise<Micro> =>
  (await getBalances([account], true)).get(account)!;

export type MemberBalances = Record<MemberWallet | 'hold', Micro>;

/** Balances of many accounts (sharded ones summed over their shards); 0 where an account never moved. */
export const getBalances = async (names: string[], consistent = false): Promise<Map<string, Micro>> => {
  const items = await readItems(names.flatMap(shardsOf), consistent);
  return new Map(names.map((n) => [n, shardsOf(n).reduce((sum, item) => sum + (items.get(item) ?? 0), 0)]));
};

export const getMemberBalances = async (memberId: string): Promise<MemberBalances> => {
  const names = [...MEMBER_WALLETS.map((w) => accounts.member(memberId, w)), accounts.hold(memberId)];
  const found = await getBalances(names, true);
  return {
    wallet: found.get(names[0])!,
    wallet1: found.get(names[1])!,
    fuelwallet: found.get(names[2])!,
    hold: found.get(names[3])!,
  };
};

/** Every entry of an account (of all its shards), summed: equals its balance when the ledger is sound. */
export const sumEntries = async (account: string): Promise<{ sum: Micro; count: number }> => {
  const entries = (
    await Promise.all(
      shardsOf(account).map((item) =>
        queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :e)',
          ExpressionAttributeValues: { ':pk': keys.ledgerBalance(item).PK, ':e': keys.ledgerEntryPrefix },
          ConsistentRead: true,
        }),
      ),
    )
  ).flat();
  return { sum: entries.reduce((sum, item) => sum + Number(item.amount), 0), count: entries.length };
};

export interface TxRow {
  txId: string;
  kind: TxKind;
  date: string;
  type: string;
  amount: Micro;
  wallet: MemberWallet;
  memberId?: string;
  ref?: Record<string, string | number>;
}

const toRow = (i: Record<string, unknown>): TxRow => ({
  txId: String(i.txId),
  kind: i.kind as TxKind,
  date: String(i.date),
  type: String(i.type ?? i.kind),
  amount: Number(i.amount ?? 0),
  wallet: (i.wallet as MemberWallet | undefined) ?? 'wallet',
  memberId: i.memberId as string | undefined,
  ref: i.ref as Record<string, string | number> | undefined,
});

export const listMemberTransactions = async (
  memberId: string,
  limit: number,
  cursor?: string,
  wallet?: MemberWallet,
): Promise<{ items: TxRow[]; cursor?: string }> => {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ...(wallet ? { FilterExpression: 'wallet = :w' } : {}),
      ExpressionAttributeValues: {
        ':pk': keys.memberTransactions(memberId),
        ...(wallet ? { ':w': wallet } : {}),
      },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  return { items: (page.Items ?? []).map(toRow), cursor: encodeCursor(page.LastEvaluatedKey) };
};

/** Transactions of one kind between two ISO instants (inclusive), oldest first. */
export const listTransactionsOfKind = async (kind: TxKind, from: string, to: string): Promise<TxRow[]> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.transactionsOfKind(kind), ':from': from, ':to': `${to}~` },
  });
  return items.map(toRow);
};

/** The filter that keeps one member's rows (by the e-mail kept in `ref`), for reports. */
const refEmailFilter = (email?: string) =>
  email
    ? {
        FilterExpression: '#ref.#email = :email',
        ExpressionAttributeNames: { '#ref': 'ref', '#email': 'email' },
      }
    : {};

/**
 * One page of the transactions of one kind between two ISO instants, oldest first; maybe one
 * member's: by the e-mail kept in `ref`, or by `memberId` (the member the transaction is for).
 */
export const pageTransactionsOfKind = async (
  kind: TxKind,
  from: string,
  to: string,
  page: { limit: number; cursor?: string; email?: string; memberId?: string },
): Promise<{ items: TxRow[]; cursor?: string }> => {
  const result = await queryPage(
    {
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
      ...(page.memberId ? { FilterExpression: 'memberId = :member' } : refEmailFilter(page.email)),
      ExpressionAttributeValues: {
        ':pk': keys.transactionsOfKind(kind),
        ':from': from,
        ':to': `${to}~`,
        ...(page.memberId ? { ':member': page.memberId } : page.email ? { ':email': page.email } : {}),
      },
    },
    page.limit,
    page.cursor,
  );
  return { items: result.items.map(toRow), cursor: result.cursor };
};

/** Every member's balance of one wallet (the admin Balance report). */
/** The sum of one wallet over every member (the Balance report's totals): the wallet's balance items on GSI2. */
export const sumWalletBalances = async (wallet: MemberWallet): Promise<Micro> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.walletBalances(wallet) },
    ProjectionExpression: 'balance',
  });
  return items.reduce((sum, i) => sum + Number(i.balance), 0);
};
