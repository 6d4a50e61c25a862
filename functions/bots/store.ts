/**
 * The bots' items: deployments, their orders (one item per client order id: the record that makes
 * an order happen once), closed trades, realised profit per day, the fleet's candles, and the
 * executor's errors per queue message.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { nowIso, nowSeconds } from '#core/clock';
import {
  batchGetAll,
  db,
  isConditionFailure,
  keys,
  queryAll,
  queryPage,
  stripKeys,
  tableName,
  ttlAfterHours,
  type TransactItem,
  landed,
} from '#core/db';
import type { BotName } from '#api/bots';
import { packColumns, unpackColumns } from './candle-columns';

export type DeploymentStatusName = 'active' | 'stopping' | 'stopped' | 'killed';

/** The bot's own position, from the real fills the executor recorded (never from the model). */
export interface BotPosition {
  /** Signed base quantity: > 0 long, < 0 short. */
  size: number;
  /** Average entry price of the fills that opened it. */
  entry: number;
  /** Quote paid for the open size, fees included (spot), for the closed order's "buy usdt". */
  cost: number;
  openedAt: string;
  /** The exchange's order id of the fill that opened it. */
  orderId: string;
}

export interface DeploymentItem {
  id: string;
  memberId: string;
  bot: BotName;
  status: DeploymentStatusName;
  market: 'spot' | 'futures';
  symbol: string;
  interval: '1h' | '15m';
  /** micro-USDT */
  capital: number;
  quote: 'USDT' | 'USDC';
  /** The strategy's parameters where the member chose them (DCA); the registry's otherwise. */
  params?: Record<string, unknown>;
  deployedAt: string;
  /** Open time of the first candle the bot may trade on; set by the first tick after deployment. */
  tradeFrom?: number;
  /** Open time of the last candle the executor acted on. */
  lastCandle?: number;
  position?: BotPosition;
  /**
   * Spot: what a sale left below the exchange's smallest order (the buy's fee was taken in the
   * coin, sales go in lot steps). Not a position; the next buy carries it, so the next sale sells it.
   */
  dust?: { size: number; cost: number };
  /** What the model says after the last candle: DCA stage, take-profit level. */
  stage?: number;
  takePrice?: number;
  stoppedAt?: string;
  stopReason?: string;
  /**
   * Paused by the member (cockpit.ts): no new trades; the position is kept with its protective stop
   * (`stop`, the model's level when it was paused), resting on futures under the client order id of
   * `candle` and leg "p0", enforced at the candle's close on spot.
   */
  paused?: { at: string; candle: number; stop?: number };
  /** Resumed from a pause: at its next candle the executor closes a position its model no longer holds. */
  resumed?: string;
  /** Why the executor could not trade the last time it tried (the key, the funds, a refusal). */
  attention?: BotAttention;
  /** When the member read a kill-switch stop and chose not to resume it. */
  killAcknowledgedAt?: string;
  /** When the member resumed it after a kill-switch stop: its capital since then is its equity then. */
  restartedAt?: string;
  /** Bumped by every write, so two writers never both win. */
  version: number;
}

export interface BotAttention {
  kind: 'key' | 'funds' | 'refused';
  /** The exchange's words, or ours. */
  reason: string;
  at: string;
}

/** `skipped`: the model asked for it and the executor did not send it (`error` says why). */
export type OrderStatusName = 'placing' | 'open' | 'filled' | 'canceled' | 'missed' | 'failed' | 'skipped';

export interface BotOrderItem {
  clientOrderId: string;
  deploymentId: string;
  memberId: string;
  symbol: string;
  market: 'spot' | 'futures';
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  size: number;
  /** Level of a limit or stop order. */
  price?: number;
  /** Open time of the candle it acts on (a market order: the candle that closed; resting: the next). */
  candle: number;
  reason: string;
  status: OrderStatusName;
  /** Futures: may only reduce the position (every reducing order). */
  reduceOnly?: boolean;
  /** The protective stop kept while the bot was paused: settled at the first candle after resuming. */
  hold?: boolean;
  /** When the exchange filled it (its clock, ms): the candle its fill belongs to (resting.ts). */
  filledAt?: number;
  /** The model's fill it answered (open time of the model's candle): it answers no other. */
  modelCandle?: number;
  /**
   * The user data stream told that it changed on the exchange other than by a whole fill (cancelled,
   * expired, filled in part; when, ms): the executor asks the exchange about it before keeping it.
   */
  changedOnExchange?: number;
  orderId?: string;
  filled?: number;
  average?: number;
  /** Fee in quote (USDT), as the exchange charged it. */
  fee?: number;
  /** Why it failed, was missed or was not sent. */
  error?: string;
  createdAt: string;
  updatedAt: string;
}

export interface ClosedTradeItem {
  id: string;
  deploymentId: string;
  memberId: string;
  bot: BotName;
  symbol: string;
  side: 'long' | 'short';
  buyUsdt: number;
  sellUsdt: number;
  orderId: string;
  buyPrice: number;
  sellPrice: number;
  entryDate: string;
  exitDate: string;
  profit: number;
  charge: number;
}

export interface CandlesItem {
  /** Open times, opens, highs, lows, closes, volumes of the closed candles, oldest first. */
  t: number[];
  o: number[];
  h: number[];
  l: number[];
  c: number[];
  v: number[];
  /** The forming candle's close: the current price for positions. */
  price: number;
  /**
   * Open time of the oldest candle the exchange had when the history was last read back short of
   * the candles kept (a young listing, the paper exchange's replay): not asked for again.
   */
  oldest?: number;
  updatedAt: string;
}

const table = () => tableName();

const deploymentIndexes = (d: DeploymentItem) => ({
  GSI1PK: keys.memberDeployments(d.memberId),
  GSI1SK: `${d.deployedAt}#${d.id}`,
  ...(d.status === 'active' || d.status === 'stopping' ? { GSI2PK: keys.runningBots, GSI2SK: d.id } : {}),
});

/** The items that start a deployment: it, the page bot's running marker, the request's answer. */
export const deploymentStartItems = (
  d: DeploymentItem,
  requestId: string,
  pageBot: boolean,
): TransactItem[] => [
  {
    Put: {
      TableName: table(),
      Item: { ...keys.deployment(d.id), ...deploymentIndexes(d), ...d },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
  {
    Put: {
      TableName: table(),
      Item: { ...keys.deployRequest(d.memberId, requestId), deploymentId: d.id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
  ...(pageBot ? [claimPageBotItem(d)] : []),
];

/** The member's one running deployment of a page bot: refused while another holds it. */
export const claimPageBotItem = (d: Pick<DeploymentItem, 'memberId' | 'bot' | 'id'>): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.runningPageBot(d.memberId, d.bot), deploymentId: d.id },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

export const writeItems = async (items: TransactItem[]): Promise<boolean> => {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') return false;
    throw error;
  }
};

export const getDeployment = async (id: string): Promise<DeploymentItem | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: table(), Key: keys.deployment(id), ConsistentRead: true }),
  );
  return Item ? stripKeys<DeploymentItem>(Item) : null;
};

export const deploymentOfRequest = async (memberId: string, requestId: string): Promise<string | null> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: table(),
      Key: keys.deployRequest(memberId, requestId),
      ConsistentRead: true,
    }),
  );
  return (Item?.deploymentId as string | undefined) ?? null;
};

export const memberDeployments = async (memberId: string): Promise<DeploymentItem[]> =>
  (
    await queryAll({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.memberDeployments(memberId) },
      ScanIndexForward: false,
    })
  ).map((i) => stripKeys<DeploymentItem>(i));

/**
 * The running deployments, a page at a time: their ids (the tick's fan-out), and whose and which
 * market they are (the user stream service's streams).
 */
export const pageRunningDeployments = (cursor?: string, limit = 1000) =>
  queryPage(
    {
      TableName: table(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.runningBots },
    },
    limit,
    cursor,
  ).then((page) => ({
    ids: page.items.map((i) => String(i.id)),
    bots: page.items.map((i) => i as Pick<DeploymentItem, 'id' | 'memberId' | 'market'>),
    cursor: page.cursor,
  }));

/**
 * The deployment's item replaced by `next` if nobody wrote it since `current` was read (version);
 * with the extra items in the same transaction. False when the version moved or an extra refused.
 */
export const replaceDeployment = async (
  current: DeploymentItem,
  next: DeploymentItem,
  extra: TransactItem[] = [],
): Promise<boolean> => writeItems([deploymentReplaceItem(current, next), ...extra]);

export const deploymentReplaceItem = (current: DeploymentItem, next: DeploymentItem): TransactItem => {
  const item = { ...next, version: current.version + 1 };
  return {
    Put: {
      TableName: table(),
      Item: { ...keys.deployment(item.id), ...deploymentIndexes(item), ...item },
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': current.version },
    },
  };
};

export const releasePageBotItem = (memberId: string, bot: string, deploymentId: string): TransactItem => ({
  Delete: {
    TableName: table(),
    Key: keys.runningPageBot(memberId, bot),
    ConditionExpression: 'attribute_not_exists(PK) OR deploymentId = :d',
    ExpressionAttributeValues: { ':d': deploymentId },
  },
});

export const runningPageBots = async (memberId: string): Promise<Map<string, string>> => {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.member(memberId).PK, ':prefix': keys.runningPageBotPrefix },
    ConsistentRead: true,
  });
  return new Map(
    items.map((i) => [String(i.SK).slice(keys.runningPageBotPrefix.length), String(i.deploymentId)]),
  );
};

// ---- orders ----

/** Records an order before it is sent; false when that client order id was recorded before. */
export const recordOrderIntent = async (order: BotOrderItem): Promise<boolean> => {
  return landed(
    db.send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.botOrder(order.deploymentId, order.clientOrderId), ...order },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
};

export const getOrder = async (deploymentId: string, clientOrderId: string): Promise<BotOrderItem | null> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: table(),
      Key: keys.botOrder(deploymentId, clientOrderId),
      ConsistentRead: true,
    }),
  );
  return Item ? stripKeys<BotOrderItem>(Item) : null;
};

export const deploymentOrders = async (deploymentId: string): Promise<BotOrderItem[]> =>
  (
    await queryAll({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.deployment(deploymentId).PK, ':prefix': keys.botOrderPrefix },
      ConsistentRead: true,
    })
  ).map((i) => stripKeys<BotOrderItem>(i));

/**
 * A deployment's orders newest first, a page at a time: client order ids carry their candle in
 * fixed-width base 36 after the deployment's code, so their order is the candles' order.
 */
export const pageDeploymentOrders = async (deploymentId: string, limit: number, cursor?: string) => {
  const page = await queryPage(
    {
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.deployment(deploymentId).PK, ':prefix': keys.botOrderPrefix },
      ScanIndexForward: false,
    },
    limit,
    cursor,
  );
  return { items: page.items.map((i) => stripKeys<BotOrderItem>(i)), cursor: page.cursor };
};

/** A deployment's closed trades, oldest first. */
export const deploymentClosedTrades = async (deploymentId: string): Promise<ClosedTradeItem[]> =>
  (
    await queryAll({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.deployment(deploymentId).PK, ':prefix': 'CLOSED#' },
    })
  ).map((i) => stripKeys<ClosedTradeItem>(i));

/** Sets an order's outcome unless it was already filled (a fill is recorded once). */
export const updateOrder = async (order: BotOrderItem, change: Partial<BotOrderItem>): Promise<void> => {
  const next = { ...order, ...change };
  try {
    await db.send(
      new PutCommand({
        TableName: table(),
        Item: { ...keys.botOrder(order.deploymentId, order.clientOrderId), ...next },
        ConditionExpression: '#s <> :filled',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':filled': 'filled' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

/**
 * The user stream told that an order changed on the exchange other than by a whole fill: marked on
 * the record while it is still live, for the executor to ask the exchange before keeping it.
 */
export const markOrderChanged = async (deploymentId: string, clientOrderId: string, at: number) => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.botOrder(deploymentId, clientOrderId),
        UpdateExpression: 'SET changedOnExchange = :at',
        ConditionExpression: 'attribute_exists(PK) AND #s IN (:open, :placing)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':at': at, ':open': 'open', ':placing': 'placing' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

/** A recorded fill answers the model's fill on `candle` (resting.ts answers): it answers no other. */
export const setModelCandle = async (order: BotOrderItem, candle: number): Promise<void> => {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.botOrder(order.deploymentId, order.clientOrderId),
      UpdateExpression: 'SET modelCandle = :candle',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':candle': candle },
    }),
  );
};

/**
 * A member's user data stream on one market as its service last saw it: connected since `upSince`
 * (wall clock, ms; absent while down) and seen by the service at `seenAt`. The executor keeps a
 * resting order without asking the exchange only while this says the stream has been up since
 * before the order was placed (runner.ts streamCovers).
 */
export interface StreamStatusItem {
  memberId: string;
  market: 'spot' | 'futures';
  upSince?: number;
  seenAt: number;
}

export const putStreamStatus = async (status: StreamStatusItem): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.streamStatus(status.memberId, status.market), ...status },
    }),
  );
};

export const getStreamStatus = async (
  memberId: string,
  market: 'spot' | 'futures',
): Promise<StreamStatusItem | null> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: table(), Key: keys.streamStatus(memberId, market), ConsistentRead: true }),
  );
  return Item ? stripKeys<StreamStatusItem>(Item) : null;
};

/** The write that marks an order filled, once: part of the fill's transaction. */
export const orderFilledItem = (order: BotOrderItem, change: Partial<BotOrderItem>): TransactItem => ({
  Put: {
    TableName: table(),
    Item: {
      ...keys.botOrder(order.deploymentId, order.clientOrderId),
      ...order,
      ...change,
      status: 'filled',
    },
    ConditionExpression: 'attribute_not_exists(PK) OR #s <> :filled',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':filled': 'filled' },
  },
});

export const closedTradeItem = (trade: ClosedTradeItem): TransactItem => ({
  Put: {
    TableName: table(),
    Item: {
      ...keys.closedTrade(trade.deploymentId, trade.exitDate, trade.id),
      GSI1PK: keys.memberClosedTrades(trade.memberId),
      GSI1SK: `${trade.exitDate}#${trade.id}`,
      ...trade,
    },
  },
});

export const profitDayItem = (memberId: string, day: string, amount: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.botProfitDay(memberId, day),
    UpdateExpression: 'ADD amount :a SET #d = :d',
    ExpressionAttributeNames: { '#d': 'date' },
    ExpressionAttributeValues: { ':a': amount, ':d': day },
  },
});

export const pageClosedTrades = async (memberId: string, limit: number, cursor?: string, bot?: string) => {
  const page = await queryPage(
    {
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.memberClosedTrades(memberId),
        ...(bot ? { ':bot': bot } : {}),
      },
      ...(bot ? { FilterExpression: 'bot = :bot' } : {}),
      ScanIndexForward: false,
    },
    limit,
    cursor,
  );
  return { items: page.items.map((i) => stripKeys<ClosedTradeItem>(i)), cursor: page.cursor };
};

export const profitDays = async (memberId: string): Promise<{ date: string; amount: number }[]> =>
  (
    await queryAll({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.member(memberId).PK, ':prefix': keys.botProfitDayPrefix },
      ScanIndexForward: false,
    })
  ).map((i) => ({ date: String(i.date), amount: Number(i.amount) }));

// ---- market data ----

export const saveCandles = (market: string, symbol: string, interval: string, candles: CandlesItem) =>
  db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.marketCandles(market, symbol, interval),
        ...(candles.oldest !== undefined ? { oldest: candles.oldest } : {}),
        price: candles.price,
        updatedAt: candles.updatedAt,
        columns: packColumns(candles),
      },
    }),
  );

/** The series' current price, between two closes (the candles item keeps the one of its last write). */
export const savePrice = (
  market: string,
  symbol: string,
  interval: string,
  price: number,
  updatedAt: string,
) =>
  db.send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.marketPrice(market, symbol, interval), price, updatedAt },
    }),
  );

/**
 * The series' candles with its latest price: one query reads the candles item and the price item.
 * An item written before the columns were packed (number lists) reads as it was written.
 */
export const getCandles = async (
  market: string,
  symbol: string,
  interval: string,
): Promise<CandlesItem | null> => {
  const candles = keys.marketCandles(market, symbol, interval);
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :candles AND :price',
      ExpressionAttributeValues: {
        ':pk': candles.PK,
        ':candles': candles.SK,
        ':price': keys.marketPrice(market, symbol, interval).SK,
      },
    }),
  );
  const item = Items.find((i) => i.SK === candles.SK);
  if (!item) return null;
  const latest = Items.find((i) => i.SK !== candles.SK && String(i.updatedAt) > String(item.updatedAt));
  const { columns, ...rest } = item;
  return stripKeys<CandlesItem>({
    ...rest,
    ...(columns instanceof Uint8Array ? unpackColumns(columns) : {}),
    ...(latest ? { price: latest.price, updatedAt: latest.updatedAt } : {}),
  });
};

export const deleteItem = (key: Record<string, string>) =>
  db.send(new DeleteCommand({ TableName: table(), Key: key }));

/*
 * The executor's errors, kept per order-queue message: a batch that fails whole reports only "All
 * records failed processing" and SQS's dead-letter queue keeps the message, not its error, so each
 * record's own error is written here as it fails (the last one wins) and the admin's API error
 * viewer shows it beside the letter, with the bot and its member. Kept as long as SQS keeps a
 * dead letter (14 days).
 */
export interface TickFailure {
  messageId: string;
  /** The tick's bot, when the message could be read. */
  deploymentId?: string;
  /** The error's name and message, e.g. "NetworkError: binance GET ... timed out". */
  error: string;
  /** Which receive of the message failed (SQS's ApproximateReceiveCount). */
  attempt: number;
  at: string;
}

const KEPT_HOURS = 14 * 24;

export const recordTickFailure = async (failure: Omit<TickFailure, 'at'>): Promise<void> => {
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.tickFailure(failure.messageId),
        ...failure,
        at: nowIso(),
        ttl: ttlAfterHours(nowSeconds(), KEPT_HOURS),
      },
    }),
  );
};

/** The recorded failures of these messages, by message id. */
export const tickFailures = async (messageIds: string[]): Promise<Map<string, TickFailure>> => {
  const items = await batchGetAll(messageIds.map((id) => keys.tickFailure(id)));
  return new Map(items.map((i) => [String(i.messageId), i as unknown as TickFailure]));
};
