/**
 * The single DynamoDB table: client, key scheme and small helpers. Every domain's store.ts goes
 * through here, so the key layout is readable in one file.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { invalidCursorMessage } from './cursor';
import { badRequest } from './errors';

export const tableName = (): string => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};

/**
 * The time limits of one call to the table, so that a store that cannot be reached fails the
 * request while the function still lives to answer it (503 with Retry-After, core/middleware.ts):
 *
 *   one attempt      <= 2 s    requestTimeout covers the whole attempt, connecting included (and a
 *                              connection not made within 1 s fails sooner: connectionTimeout)
 *   attempts            3      maxAttempts: the SDK retries timeouts, refused or reset connections,
 *                              throttling and 5xx answers
 *   backoff          <= 0.15 s between attempts after a timeout or a network error (SDK standard
 *                              retry: random up to 50 ms, then up to 100 ms); after throttling up to
 *                              1 s then 2 s, but a throttled attempt is answered at once
 *   worst case       ~6.2 s    3 x 2 s + 0.15 s (throttled every time: ~3 s; mixed: <= 6.2 s)
 *
 * The API functions have 10 s (lib/functions.ts functionDefaults.timeout) and API Gateway 29 s, so
 * a failed call ends at least 3.8 s before the function would be stopped. A healthy call takes
 * milliseconds in AWS and well under a second on DynamoDB Local on a busy test machine. Code that
 * makes several calls in a row can still add them up; each one alone stays inside this bound.
 */
const STORE_TIMING = { connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000, maxAttempts: 3 } as const;

const client = new DynamoDBClient({
  // DynamoDB Local in the local stack; the real regional endpoint in AWS.
  ...(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}),
  maxAttempts: STORE_TIMING.maxAttempts,
  // Options of the SDK's own NodeHttpHandler; without throwOnRequestTimeout it would only warn.
  requestHandler: {
    connectionTimeout: STORE_TIMING.connectionTimeoutMs,
    requestTimeout: STORE_TIMING.requestTimeoutMs,
    throwOnRequestTimeout: true,
  },
});

/**
 * Whether a write may have reached the table during this API request (so the answer to a failure
 * must not say "not carried out"). The middleware runs each request inside `trackStoreWrites`; the
 * client marks it below, per attempt, and marks every error that came out of it.
 */
const requestWrites = new AsyncLocalStorage<{ mayHaveWritten: boolean }>();
const storeErrors = new WeakSet<object>();

export const trackStoreWrites = <T>(run: () => Promise<T>): Promise<T> =>
  requestWrites.run({ mayHaveWritten: false }, run);

/** True when a write may have taken effect in this request (or nothing was tracking it). */
export const storeMayHaveWritten = (): boolean => requestWrites.getStore()?.mayHaveWritten ?? true;

const READ_COMMAND = /^(Get|BatchGet|Query|Scan|TransactGet|Describe|List)/;
/** Whether a command of the table's client (by its `commandName`) may change the table. */
export const isWriteCommand = (commandName = ''): boolean => !READ_COMMAND.test(commandName);
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  cause?: unknown;
  $metadata?: { httpStatusCode?: number };
  CancellationReasons?: { Code?: string }[];
}

/** An attempt that certainly changed nothing: the table refused it (4xx), or no connection was made. */
const certainlyNotApplied = (error: unknown): boolean => {
  const e = (error ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined && status >= 400 && status < 500) return true;
  if (e.code && NEVER_CONNECTED.has(e.code)) return true;
  // node-http-handler's connectionTimeout (a request timeout has code ETIMEDOUT and may have run)
  return e.name === 'TimeoutError' && !e.code && /establish a connection/.test(e.message ?? '');
};

client.middlewareStack.add(
  (next, context) => async (args) => {
    const state = requestWrites.getStore();
    const write = isWriteCommand(context.commandName);
    try {
      const output = await next(args);
      if (state && write) state.mayHaveWritten = true;
      return output;
    } catch (error) {
      if (state && write && !certainlyNotApplied(error)) state.mayHaveWritten = true;
      if (error && typeof error === 'object') storeErrors.add(error);
      throw error;
    }
  },
  // inside the retry middleware: once per attempt, so an early attempt that timed out counts
  { step: 'finalizeRequest', priority: 'low', name: 'trendexStoreWrites' },
);

export const db = DynamoDBDocumentClient.from(client, {
  marshallOptions: { removeUndefinedValues: true },
});

/**
 * Key scheme. PK/SK name the item; GSI1 finds members by e-mail and lists by date; GSI2 is for
 * later access patterns (reports by date).
 */
/** One write of a TransactWriteItems call: use cases hand these to the ledger's `post` as `extra`. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const keys = {
  member: (memberId: string) => ({ PK: `MEMBER#${memberId}`, SK: 'PROFILE' }),
  memberByEmail: (email: string) => ({ GSI1PK: `EMAIL#${email}`, GSI1SK: 'MEMBER' }),
  membersByRegistration: 'MEMBERS',
  memberByRegistration: (isoDate: string, memberId: string) => ({
    GSI2PK: keys.membersByRegistration,
    GSI2SK: `${isoDate}#${memberId}`,
  }),
  username: (username: string) => ({ PK: `USERNAME#${username}`, SK: 'USERNAME' }),
  /** The username an e-mail's sign-up reserved: confirmation admits the member under it, and only it. */
  signUp: (email: string) => ({ PK: `SIGNUP#${email}`, SK: 'SIGNUP' }),
  /** What the pre-token trigger last saw of a staff account (groups, TOTP): functions/auth/second-factor.ts. */
  signInState: (memberId: string) => ({ PK: `SIGNIN#${memberId}`, SK: 'SIGNIN' }),
  /**
   * Finds members by mobile number (admin profile search): one item per member under the national
   * number's digits, sorted by the full E.164 number, so "+91 98765 43210" is a begins_with and
   * "98765 43210" lists that national number in every country. Written with the member.
   */
  memberByPhone: (nationalNumber: string, e164: string, memberId: string) => ({
    PK: keys.phoneNumber(nationalNumber),
    SK: `${e164}#${memberId}`,
  }),
  phoneNumber: (nationalNumber: string) => `PHONE#${nationalNumber}`,
  verifyToken: (tokenHash: string) => ({ PK: `TOKEN#${tokenHash}`, SK: 'VERIFY' }),
  notification: (memberId: string, id: string) => ({ PK: `MEMBER#${memberId}`, SK: `NOTE#${id}` }),
  notificationPrefix: 'NOTE#',
  notificationState: (memberId: string) => ({ PK: `MEMBER#${memberId}`, SK: 'NOTESTATE' }),
  contactMessage: (id: string) => ({ PK: `CONTACT#${id}`, SK: 'CONTACT', GSI2PK: 'CONTACTS', GSI2SK: id }),
  counter: (name: string) => ({ PK: 'COUNTER', SK: name }),
  /** What one admin credited to members' wallets by hand on one UTC day (YYYY-MM-DD), micro-USDT. */
  adminCredits: (adminId: string, day: string) => ({ PK: `MEMBER#${adminId}`, SK: `ADMINCREDITS#${day}` }),
  /** An abuse counter: one item per limit, subject and fixed window (TTL removes it after the window). */
  rateCounter: (limit: string, subject: string, windowStart: number) => ({
    PK: `LIMIT#${limit}#${subject}`,
    SK: String(windowStart),
  }),
  /** A WebSocket connection, and the lists it is on (its member's, each topic's). */
  connection: (connectionId: string) => ({ PK: `CONN#${connectionId}`, SK: 'CONN' }),
  memberConnections: (memberId: string) => `MEMBERCONN#${memberId}`,
  topicConnections: (topic: string) => `TOPIC#${topic}`,
  /** A connection's entry on one of those lists (`list` is a `memberConnections` or `topicConnections` key). */
  connectionListEntry: (list: string, connectionId: string) => ({ PK: list, SK: `CONN#${connectionId}` }),
  /** Ledger: an account's balance and its entries share the account's partition. */
  ledgerBalance: (account: string) => ({ PK: `ACCT#${account}`, SK: 'BALANCE' }),
  ledgerEntry: (account: string, txId: string) => ({ PK: `ACCT#${account}`, SK: `ENTRY#${txId}` }),
  ledgerEntryPrefix: 'ENTRY#',
  /** The daily ledger audit's results, by the time of the run (the newest is the dashboard's). */
  ledgerAudit: (at: string) => ({ PK: 'LEDGERAUDIT', SK: at }),
  /** One item per ledger transaction, keyed by its idempotency key: a replay finds it and stops. */
  ledgerTx: (idempotencyKey: string) => ({ PK: `LTX#${idempotencyKey}`, SK: 'LTX' }),
  /** GSI1: a member's own transaction list (newest first); GSI2: every transaction of a kind by date. */
  memberTransactions: (memberId: string) => `MEMBERTX#${memberId}`,
  transactionsOfKind: (kind: string) => `LEDGERKIND#${kind}`,
  /** GSI2: every member's balance item of one wallet (wallet, wallet1, fuelwallet), for the sums of the Balance report. */
  walletBalances: (wallet: string) => `BALANCES#${wallet}`,
  walletStats: (memberId: string) => ({ PK: `MEMBER#${memberId}`, SK: 'WALLETSTATS' }),
  invoice: (paymentId: string) => ({ PK: `INVOICE#${paymentId}`, SK: 'INVOICE' }),
  /** The invoice one Top Up request made (its payment id), written with it: one invoice per request id. */
  invoiceRequest: (memberId: string, requestId: string) => ({
    PK: `MEMBER#${memberId}`,
    SK: `INVOICEREQ#${requestId}`,
  }),
  /** GSI2 (sparse): invoices still waiting for payment, for the reconciliation schedule. */
  openInvoices: 'INVOICES#OPEN',
  withdrawal: (id: string) => ({ PK: `WITHDRAWAL#${id}`, SK: 'WITHDRAWAL' }),
  /** How far the sweep for holds without their withdrawal has checked (an ISO instant). */
  holdSweep: () => ({ PK: 'WALLET', SK: 'HOLDSWEEP' }),
  otp: (purpose: string, memberId: string) => ({ PK: `MEMBER#${memberId}`, SK: `OTP#${purpose}` }),
  /** A member's bound exchange key (encrypted), listed per exchange by binding date (GSI2). */
  exchangeKey: (memberId: string, exchange: string) => ({
    PK: `MEMBER#${memberId}`,
    SK: `EXCHANGE#${exchange}`,
  }),
  exchangeKeysByDate: (exchange: string, isoDate: string, memberId: string) => ({
    GSI2PK: `EXCHANGEKEYS#${exchange}`,
    GSI2SK: `${isoDate}#${memberId}`,
  }),
  /**
   * The fleet's Binance request-weight counter of one egress lane (an IP, or the NAT's pool) and
   * market: the current minute and the weight reserved in it (functions/exchange/weight-budget.ts).
   */
  exchangeWeight: (market: string, lane: string) => ({
    PK: `EXCHANGEWEIGHT#${market}#${lane}`,
    SK: 'WEIGHT',
  }),
  /** The latest market ticker. */
  ticker: () => ({ PK: 'MARKET', SK: 'TICKER' }),
  /** Referral tree: a member's node (counts and points on it), the root pointer, direct referrals by side and date. */
  treeNode: (memberId: string) => ({ PK: `MEMBER#${memberId}`, SK: 'TREE' }),
  treeRoot: () => ({ PK: 'TREE', SK: 'ROOT' }),
  directReferral: (sponsorId: string, side: string, isoDate: string, memberId: string) => ({
    PK: `MEMBER#${sponsorId}`,
    SK: `REFERRAL#${side}#${isoDate}#${memberId}`,
  }),
  directReferralPrefix: (side: string) => `REFERRAL#${side}#`,
  /** Both sides' direct referrals of a sponsor (the admin's search by sponsor). */
  directReferralsPrefix: 'REFERRAL#',
  /** A member's pending (then done) placement in the tree; GSI2 (sparse) lists the pending ones. */
  placement: (memberId: string) => ({ PK: `PLACEMENT#${memberId}`, SK: 'PLACEMENT' }),
  pendingPlacements: 'PLACEMENTS#PENDING',
  /** Placements counted up the tree together: the claims and the ancestors' summed increments; its state. */
  countBatch: (batchId: string) => ({ PK: `COUNTBATCH#${batchId}`, SK: 'COUNTBATCH' }),
  countBatchState: (batchId: string) => ({ PK: `COUNTBATCH#${batchId}`, SK: 'STATE' }),
  /** A pending placement on that index, oldest sign-up first. */
  pendingPlacement: (registeredAt: string, memberId: string) => ({
    GSI2PK: keys.pendingPlacements,
    GSI2SK: `${registeredAt}#${memberId}`,
  }),
  /** A plan activation's points going up the tree, then its direct bonus; and the sweep's position. */
  activation: (txId: string) => ({ PK: `ACTIVATION#${txId}`, SK: 'ACTIVATION' }),
  activationSweep: () => ({ PK: 'TREE', SK: 'ACTIVATIONSWEEP' }),
  /** GSI2: every tree node (the daily payout's pass). */
  treeNodes: 'TREENODES',
  /** The daily payout's plan of a day (its shards' ranges of GSI2SK) and each shard's progress. */
  payoutPlan: (day: string) => ({ PK: `PAYOUT#${day}`, SK: 'PLAN' }),
  payoutShard: (day: string, shard: number) => ({
    PK: `PAYOUT#${day}`,
    SK: `SHARD#${String(shard).padStart(5, '0')}`,
  }),
  treeNodeByDate: (placedAt: string, memberId: string) => ({
    GSI2PK: keys.treeNodes,
    GSI2SK: `${placedAt}#${memberId}`,
  }),
  /** A member's first membership activation (the plan transaction that made them count as active). */
  firstActivation: (memberId: string) => ({ PK: `MEMBER#${memberId}`, SK: 'ACTIVATED' }),
  /** Per ancestor per UTC day (YYYY-MM-DD): members of each leg who first activated that day (left, right). */
  legActivationDay: (memberId: string, day: string) => ({ PK: `MEMBER#${memberId}`, SK: `LEGACT#${day}` }),
  /** A referral reward (tab 'activation': direct and binary bonus; 'trading' later), sorted by date. */
  reward: (memberId: string, tab: string, isoDate: string, id: string) => ({
    PK: `MEMBER#${memberId}`,
    SK: `REWARD#${tab}#${isoDate}#${id}`,
  }),
  rewardPrefix: (tab: string) => `REWARD#${tab}#`,
  /** A member's rewards of a tab paid on one UTC day (YYYY-MM-DD). */
  rewardDayPrefix: (tab: string, day: string) => `${keys.rewardPrefix(tab)}${day}`,
  /** GSI2: every member's rewards of a tab by date (the admin's payout structure report). */
  rewardsByDate: (tab: string, isoDate: string, id: string) => ({
    GSI2PK: `REWARDS#${tab}`,
    GSI2SK: `${isoDate}#${id}`,
  }),
  /** A member's cumulative rewards, one attribute per tab (micro-USDT). */
  rewardStats: (memberId: string) => ({ PK: `MEMBER#${memberId}`, SK: 'REWARDSTATS' }),
  /** Plan expiry queue: one item per active plan, sorted by its end date. */
  planExpiry: (expiresAt: string, memberId: string, period: string) => ({
    PK: keys.planExpiries,
    SK: `${expiresAt}#${memberId}#${period}`,
  }),
  planExpiries: 'PLANEXPIRY',
  /**
   * Bots: a deployment (GSI1: its member's list; GSI2, sparse: the running ones the tick sends),
   * its orders by client order id, its closed trades (GSI1: the member's closed orders), the one
   * running deployment of a page bot per member, a deploy request's answer, realised profit per day.
   */
  deployment: (id: string) => ({ PK: `BOT#${id}`, SK: 'BOT' }),
  memberDeployments: (memberId: string) => `MEMBERBOTS#${memberId}`,
  runningBots: 'BOTS#RUNNING',
  botOrder: (deploymentId: string, clientOrderId: string) => ({
    PK: `BOT#${deploymentId}`,
    SK: `ORDER#${clientOrderId}`,
  }),
  botOrderPrefix: 'ORDER#',
  closedTrade: (deploymentId: string, exitIso: string, clientOrderId: string) => ({
    PK: `BOT#${deploymentId}`,
    SK: `CLOSED#${exitIso}#${clientOrderId}`,
  }),
  memberClosedTrades: (memberId: string) => `MEMBERCLOSED#${memberId}`,
  runningPageBot: (memberId: string, bot: string) => ({ PK: `MEMBER#${memberId}`, SK: `BOTRUNNING#${bot}` }),
  runningPageBotPrefix: 'BOTRUNNING#',
  deployRequest: (memberId: string, requestId: string) => ({
    PK: `MEMBER#${memberId}`,
    SK: `BOTREQ#${requestId}`,
  }),
  /** A member's user data stream on one market, as its service last saw it (functions/streams). */
  streamStatus: (memberId: string, market: string) => ({ PK: `MEMBER#${memberId}`, SK: `STREAM#${market}` }),
  botProfitDay: (memberId: string, day: string) => ({ PK: `MEMBER#${memberId}`, SK: `BOTPROFIT#${day}` }),
  botProfitDayPrefix: 'BOTPROFIT#',
  /**
   * A bot's e-mail window of one event type (functions/notifications/bot-events.ts): when its last
   * e-mail went and the events held for the digest; GSI2 (sparse) lists the windows with a digest due.
   */
  botEmailWindow: (deploymentId: string, type: string) => ({
    PK: `BOT#${deploymentId}`,
    SK: `EMAILWINDOW#${type}`,
  }),
  dueBotDigests: 'BOTDIGESTS#DUE',
  /**
   * The executor's last error on one order-queue message (by SQS message id, which a dead letter
   * keeps): the API error viewer shows it beside the letter (functions/bots/tick-failures.ts).
   */
  tickFailure: (messageId: string) => ({ PK: `TICKFAIL#${messageId}`, SK: 'TICKFAIL' }),
  /** Closed candles of one market, symbol and interval, read once per tick for the whole fleet. */
  marketCandles: (market: string, symbol: string, interval: string) => ({
    PK: 'MARKET',
    SK: `CANDLES#${market}#${symbol}#${interval}`,
  }),
  /**
   * The same series' forming candle's close, written every tick: a few bytes beside the candles,
   * which are rewritten only when one closes. Sorts right after them, so one query reads both.
   */
  marketPrice: (market: string, symbol: string, interval: string) => ({
    PK: 'MARKET',
    SK: `CANDLES#${market}#${symbol}#${interval}#PRICE`,
  }),
} as const;

/** Every item a query matches, reading page after page (for lists that must be whole: reports, sums, fan-out). */
export const queryAll = async (
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/**
 * Items by key, read with BatchGetItem 100 keys at a time, asking again for the keys DynamoDB left
 * unprocessed; a key given twice is read once, and keys with no item are left out of the answer.
 */
export const batchGetAll = async (
  itemKeys: Record<string, unknown>[],
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> => {
  const unique = [...new Map(itemKeys.map((k) => [JSON.stringify(k), k])).values()];
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let request: BatchGetCommandInput['RequestItems'] = {
      [tableName()]: { Keys: unique.slice(i, i + 100), ConsistentRead: options.consistent ?? false },
    };
    while (request && Object.keys(request).length) {
      const answer: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: request }));
      items.push(...(answer.Responses?.[tableName()] ?? []));
      request = answer.UnprocessedKeys;
    }
  }
  return items;
};

/**
 * One page of a query for a paged list or report: at most `limit` items and the cursor of the next
 * page, none when nothing follows (it reads one item past the page to know, so a last page is never
 * empty). With a FilterExpression it reads on until the page is full, at most `maxReads` reads; a
 * page cut short by that still carries a cursor. Items must keep their keys (no projection).
 */
export const queryPage = async (
  input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit'>,
  limit: number,
  cursor?: string,
  maxReads = 10,
): Promise<{ items: Record<string, unknown>[]; cursor?: string }> => {
  const keyNames = ['PK', 'SK', ...(input.IndexName ? [`${input.IndexName}PK`, `${input.IndexName}SK`] : [])];
  const items: Record<string, unknown>[] = [];
  let start = decodeCursor(cursor);
  for (let reads = 0; reads < maxReads; reads++) {
    const want = limit + 1 - items.length;
    const page = await db.send(
      new QueryCommand({
        ...input,
        Limit: input.FilterExpression ? Math.max(want, 200) : want,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
    if (!start || items.length > limit) break;
  }
  if (items.length > limit) {
    const last = items[limit - 1];
    return {
      items: items.slice(0, limit),
      cursor: encodeCursor(Object.fromEntries(keyNames.map((k) => [k, last[k]]))),
    };
  }
  return { items, cursor: encodeCursor(start) };
};

/** Paging positions: the LastEvaluatedKey, base64url JSON (signed for the client by ./cursor.ts). */
export const encodeCursor = (key: Record<string, unknown> | undefined): string | undefined =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;

export const decodeCursor = (cursor: string | undefined): Record<string, unknown> | undefined => {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    // fall through: a cursor we cannot read was not made by us
  }
  throw badRequest('INVALID_CURSOR', invalidCursorMessage, 'cursor');
};

/** Epoch seconds after which DynamoDB's TTL may delete an item. */
export const ttlAfterHours = (fromSeconds: number, hours: number): number => fromSeconds + hours * 3600;

/** True when a write failed on its condition (or a transaction on one of its conditions). */
export const isConditionFailure = (error: unknown): boolean => {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
};

/** A conditional write: true when it landed, false when a condition refused it (nothing written). */
export const landed = async (write: Promise<unknown>): Promise<boolean> => {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', ...NEVER_CONNECTED]);
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TransactionInProgressException',
]);

/**
 * True when a call to the table failed because the store could not be reached or could not serve
 * it for now (after the client's retries): refused, reset or timed-out connections, throttling,
 * DynamoDB's 5xx, a transaction that kept conflicting or being throttled. Not a condition failure
 * or a bad request: those are answers. Only errors that came out of this client count.
 */
export const isStoreUnavailable = (error: unknown, depth = 0): boolean => {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as SdkError;
  if (!storeErrors.has(error)) return isStoreUnavailable(e.cause, depth + 1);
  const status = e.$metadata?.httpStatusCode ?? 0;
  return (
    (!!e.code && UNREACHABLE_CODES.has(e.code)) ||
    UNAVAILABLE_NAMES.has(e.name ?? '') ||
    (status >= 500 && status <= 504) ||
    (e.name === 'TransactionCanceledException' &&
      (e.CancellationReasons ?? []).some(
        (r) => r.Code === 'ThrottlingError' || r.Code === 'TransactionConflict',
      ))
  );
};

/** An item as read, without the table's key attributes: what a store hands its domain. */
export const stripKeys = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, ...rest } = item;
  return rest as T;
};
