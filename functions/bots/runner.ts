/**
 * The executor's work for one deployment on one tick: replay the model over the closed candles
 * (model.ts), then make the exchange match it. Per new candle:
 *  1. the orders that rested through the candle are settled from the exchange's answer (by client
 *     order id), whatever the model says of them: their real fills recorded, the rest cancelled. A
 *     fill that landed after the candle closed, before this tick, is the bot's like any other;
 *  2. the model's market orders of the candle are sent, sized from the bot's real position
 *     (sizing.ts): a reducing order never opens or grows a position, an opening one never takes the
 *     bot past its capital × leverage;
 *  3. the kill switch: a halted model closes the bot;
 *  4. the levels the model would fill on the next candle are left resting on the exchange, sized the
 *     same way; a level that already filled after the close is not placed again, and when the model
 *     fills it on the next candle (the exchange's trade was in that candle) that record answers for
 *     it. Every level the executor does not send is recorded as skipped, with why.
 *
 * Every order is recorded (its client order id = bot + candle + leg) before it is sent, so a
 * crash between sending and recording is healed on the retry by asking the exchange about that
 * id before anything is sent again; and every fill is recorded once, in one transaction with the
 * position, the closed trade and its profit charge. Nothing here polls the exchange per bot per
 * tick: a bot is looked at only when one of its candles closed.
 */
import { BOT_NAMES } from '#api/bots';
import { MICRO_PER_USDT, formatUsdt, usdt, applyRate } from '#api/money';
import { nowIso } from '#core/clock';
import { config } from '#core/config';
import { logger } from '#core/logger';
import { countMetric } from '#core/metrics';
import type { ModelFill } from '#engine/backtest/backtest';
import type { LiveDecision, RestingOrder } from '#engine/live/decide';
import {
  UnknownOrder,
  errorSummary,
  exchangeCode,
  exchangeWords,
  heardOrderState,
  intervalMs,
  memberTradingAccount,
  tradingFault,
  type HeardFill,
  type OrderState,
  type TradingAccount,
} from '#functions/exchange/service';
import { accounts, transfer } from '#functions/ledger/rules';
import { post } from '#functions/ledger/service';
import { notifyBotEvent } from '#functions/notifications/service';
import type { BotEventType } from '#api/schemas/notifications';
import { pushToMember } from '#functions/realtime/service';
import { getBot } from '#engine/strategies/registry';
import { applyFill } from './fills';
import { noneCommitted, planOrder, type Book, type Committed, type Intent } from './sizing';
import { DCA_FAMILY } from './gates';
import { decide } from './model';
import {
  ALREADY_FILLED,
  answers,
  diffResting,
  filledAhead,
  isLive,
  restableOn,
  sameLevel,
  streamCovers,
  type WantedLeg,
} from './resting';
import {
  closedTradeItem,
  deploymentOrders,
  deploymentReplaceItem,
  getCandles,
  getDeployment,
  getOrder,
  getStreamStatus,
  memberDeployments,
  setModelCandle,
  orderFilledItem,
  profitDayItem,
  recordOrderIntent,
  releasePageBotItem,
  replaceDeployment,
  updateOrder,
  writeItems,
  type BotOrderItem,
  type BotAttention,
  type CandlesItem,
  type DeploymentItem,
} from './store';

/** Our client order id: short deployment code, candle (minutes, base 36), leg. Binance allows 36 characters. */
export const clientOrderIdOf = (deploymentId: string, candle: number, leg: string) =>
  `tx${deploymentId.slice(-10)}${Math.floor(candle / 60_000).toString(36)}${leg}`;

interface OrderSpec {
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  size: number;
  price?: number;
  reason: string;
  reduceOnly: boolean;
  /** The protective stop kept while paused (store.ts BotOrderItem.hold). */
  hold?: boolean;
}

/** Exchange answers that refuse an order or the key (retrying the same cannot help): recorded, not retried. */
const isRefusal = (error: unknown) => {
  const fault = tradingFault(error);
  return fault !== null && fault !== 'later';
};

/** Binance's answer that a reduce-only order would not reduce: the position is not there any more. */
const REDUCE_ONLY_REJECTED = -2022;

const candleCache = new Map<string, { item: CandlesItem | null; tick: number }>();

/**
 * The fleet's candles, read from the table once per container and tick (the tick wrote them just
 * before it sent its messages); 0 as the tick reads them afresh.
 */
const candlesOf = async (d: DeploymentItem, tick = 0): Promise<CandlesItem | null> => {
  const key = `${d.market}|${d.symbol}|${d.interval}`;
  const cached = candleCache.get(key);
  if (cached && tick !== 0 && cached.tick === tick) return cached.item;
  const item = await getCandles(d.market, d.symbol, d.interval);
  candleCache.set(key, { item, tick });
  return item;
};

/** The bot's real position for sizing (sizing.ts). */
const bookOf = (d: DeploymentItem): Book => ({
  market: d.market,
  held: d.position?.size ?? 0,
  cost: d.position?.cost ?? 0,
  limit: (d.capital / MICRO_PER_USDT) * getBot(d.bot).leverage,
});

/**
 * What a spot sale leaves below the exchange's smallest order (a buy's fee taken in the coin, sales
 * in lot steps) is dust, not a position: it is kept aside with its cost, and the next buy carries
 * it, so the next sale sells it and its cost is in that trade's profit.
 */
const splitDust = (
  d: DeploymentItem,
  position: DeploymentItem['position'],
  account: TradingAccount,
  price: number,
): Pick<DeploymentItem, 'position' | 'dust'> => {
  if (!position || d.market !== 'spot' || account.quantity(d.symbol, position.size, price) > 0)
    return { position, dust: undefined };
  return { position: undefined, dust: { size: position.size, cost: position.cost } };
};

/** The position a fill starts from: a spot buy adds to the dust the last sale left. */
const startingPosition = (d: DeploymentItem, side: 'buy' | 'sell', at: string, orderId: string) =>
  d.position ??
  (d.dust && side === 'buy'
    ? { size: d.dust.size, cost: d.dust.cost, entry: d.dust.cost / d.dust.size, openedAt: at, orderId }
    : undefined);

/**
 * Where a fill belongs (resting.ts fillCandleOf): the model's candle it answers, or when the
 * exchange filled it (where its answer does not say).
 */
interface FillMark {
  modelCandle?: number;
  filledAt?: number;
}

/**
 * Records a fill once: the order filled, the position moved, the closed trade and the day's profit,
 * and the profit charge from the fuel wallet (then the wallet) to the Core pool, in one transaction.
 */
const recordFill = async (
  account: TradingAccount,
  d: DeploymentItem,
  order: BotOrderItem,
  state: OrderState,
  mark: FillMark = {},
): Promise<DeploymentItem> => {
  let current = d;
  for (let attempt = 0; attempt < 5; attempt++) {
    const at = nowIso();
    const price = state.average ?? order.price ?? 0;
    const outcome = applyFill(startingPosition(current, order.side, at, state.orderId), {
      side: order.side,
      qty: state.filled,
      price,
      fee: state.fee,
      feeBase: state.feeBase,
      market: current.market,
      orderId: state.orderId,
      at,
    });
    const next: DeploymentItem = { ...current, ...splitDust(current, outcome.position, account, price) };
    const filledChange = {
      orderId: state.orderId,
      filled: state.filled,
      average: state.average ?? undefined,
      fee: state.fee,
      ...(mark.modelCandle === undefined ? {} : { modelCandle: mark.modelCandle }),
      ...(state.filledAt !== undefined || mark.filledAt !== undefined
        ? { filledAt: state.filledAt ?? mark.filledAt }
        : {}),
      updatedAt: at,
    };
    const extra = [orderFilledItem(order, filledChange), deploymentReplaceItem(current, next)];
    let charge = 0;
    if (outcome.closed) {
      const c = outcome.closed;
      const profit = usdt(c.profit);
      charge = profit > 0 ? applyRate(profit, config.profitChargeRate) : 0;
      extra.push(
        closedTradeItem({
          id: order.clientOrderId,
          deploymentId: current.id,
          memberId: current.memberId,
          bot: current.bot,
          symbol: current.symbol,
          side: c.side,
          buyUsdt: usdt(c.buyUsdt),
          sellUsdt: usdt(c.sellUsdt),
          orderId: c.orderId,
          buyPrice: c.side === 'long' ? c.entryPrice : c.exitPrice,
          sellPrice: c.side === 'long' ? c.exitPrice : c.entryPrice,
          entryDate: c.entryDate,
          exitDate: at,
          profit,
          charge,
        }),
        profitDayItem(current.memberId, at.slice(0, 10), profit),
      );
    }
    const applied =
      charge > 0 ? await postWithCharge(current, order, charge, extra) : await writeItems(extra);
    if (applied) {
      // The member's open pages refresh their positions (best effort: polling covers a lost push).
      await pushToMember(current.memberId, { type: 'bots', deploymentId: current.id }).catch(
        (error: unknown) => logger.info('bots push failed', { error: (error as Error).message }),
      );
      await tellMember(
        current,
        fillEvent(order),
        fillMessage(current, order, state, outcome.closed ? usdt(outcome.closed.profit) : null),
      );
      return { ...next, version: current.version + 1 };
    }
    // Someone moved the deployment, or the fill was recorded already: read again and decide.
    const [fresh, recorded] = await Promise.all([
      getDeployment(current.id),
      getOrder(current.id, order.clientOrderId),
    ]);
    if (!fresh) throw new Error(`deployment ${current.id} vanished`);
    if (recorded?.status === 'filled') return fresh;
    current = fresh;
  }
  throw new Error(`could not record the fill of ${order.clientOrderId}`);
};

/**
 * A fill the account's user data stream told (functions/streams), recorded the moment it comes:
 * from the trades the stream told when it told them all (`heard`: their fees as charged, no request
 * to the exchange), else by looking the order up by its client order id; either way its fill goes
 * through the same once-only transaction as a candle's settlement (recordFill), so whichever of the
 * two comes second records nothing. Only resting orders (limits, stops): a market order's fill is
 * in the answer to its placing, which the executor records itself. The fill keeps the exchange's
 * time, which says which candle it belongs to (resting.ts). Answers whether the order filled
 * (recorded now or before).
 */
export const recordStreamedFill = async (
  deploymentId: string,
  clientOrderId: string,
  /** When the exchange filled it (its clock, ms). */
  at: number,
  heard?: HeardFill,
): Promise<boolean> => {
  const [d, order] = await Promise.all([getDeployment(deploymentId), getOrder(deploymentId, clientOrderId)]);
  if (!d || !order || order.type === 'market') return false;
  if (order.status === 'filled') return true;
  if (order.status !== 'open' && order.status !== 'placing') return false;
  const account = await memberTradingAccount(d.memberId, d.market);
  if (!account) return false;
  // A futures stop's trades are those of the order it became: the record keeps the stop's own id,
  // as a lookup answers it (trading.ts lookup).
  const state = heard
    ? {
        ...heardOrderState(heard, order.symbol, d.market, clientOrderId, at),
        orderId: order.orderId ?? heard.orderId,
      }
    : await account.lookup(order.symbol, clientOrderId, order.type);
  if (state.status !== 'filled' || !(state.filled > 0)) return false;
  await recordFill(account, d, order, state, { filledAt: state.filledAt ?? at });
  return true;
};

/** "Zeno: sold 0.00064 BTC at 67012.3 USDT (ATR trailing stop), profit -0.42 USDT." */
const fillMessage = (d: DeploymentItem, order: BotOrderItem, state: OrderState, profit: number | null) => {
  const coin = d.symbol.replace(/USD[TC]$/, '');
  const did = `${order.side === 'buy' ? 'bought' : 'sold'} ${state.filled} ${coin} at ${state.average ?? order.price} ${d.quote}`;
  const result =
    profit === null ? '' : `, ${profit >= 0 ? 'profit' : 'loss'} ${formatUsdt(Math.abs(profit))} ${d.quote}`;
  return `${BOT_NAMES[d.bot]}: ${did} (${order.reason})${result}.`;
};

/** Which of the member's bot events a fill is, by why the model sent the order. */
const fillEvent = (order: BotOrderItem): BotEventType => {
  if (/kill switch/i.test(order.reason)) return 'kill-switch';
  if (/take profit/i.test(order.reason)) return 'take-profit';
  if (order.type === 'stop' || /\bstop\b/i.test(order.reason)) return 'stop';
  return 'fill';
};

/** A bot's event in the member's notifications (and e-mail, as chosen); best effort: the journal is the record. */
const tellMember = (d: DeploymentItem, type: BotEventType, message: string) =>
  notifyBotEvent({ memberId: d.memberId, deploymentId: d.id, bot: d.bot, type, message }).catch(
    (error: unknown) =>
      logger.warn('bot notification failed', { deploymentId: d.id, error: (error as Error).message }),
  );

/** The 20 % charge from the fuel wallet, else from the wallet; the fill's items go with it. */
const postWithCharge = async (
  d: DeploymentItem,
  order: BotOrderItem,
  charge: number,
  extra: Parameters<typeof writeItems>[0],
): Promise<boolean> => {
  for (const wallet of ['fuelwallet', 'wallet'] as const) {
    const result = await post({
      tx: {
        idempotencyKey: `botcharge:${d.id}:${order.clientOrderId}`,
        kind: 'profit-charge',
        postings: transfer(accounts.member(d.memberId, wallet), accounts.corePool, charge),
      },
      memberId: d.memberId,
      display: { type: 'Profit charge', amount: -charge, wallet },
      ref: { deploymentId: d.id, bot: d.bot, clientOrderId: order.clientOrderId },
      extra,
    });
    if (result.status === 'applied') return true;
    if (result.status === 'replayed' || result.status === 'refused') return false;
  }
  // Neither wallet covers it: the fill is still recorded; the charge is left unpaid on the trade.
  logger.warn('profit charge unpaid', { deploymentId: d.id, clientOrderId: order.clientOrderId, charge });
  return writeItems(extra);
};

/** Sends an order once (or finds the one a crashed attempt sent) and records what filled. */
const sendOnce = async (
  account: TradingAccount,
  d: DeploymentItem,
  spec: OrderSpec,
  candle: number,
  leg: string,
  /** The current price, for a market order's size check (a limit or stop has its level). */
  price: number,
): Promise<DeploymentItem> => {
  const clientOrderId = clientOrderIdOf(d.id, candle, leg);
  const size = account.quantity(d.symbol, spec.size, spec.price ?? price);
  const now = nowIso();
  let order: BotOrderItem = {
    clientOrderId,
    deploymentId: d.id,
    memberId: d.memberId,
    symbol: d.symbol,
    market: d.market,
    side: spec.side,
    type: spec.type,
    size,
    ...(spec.price === undefined || spec.type === 'market' ? {} : { price: spec.price }),
    candle,
    reason: spec.reason,
    ...(spec.reduceOnly && d.market === 'futures' ? { reduceOnly: true } : {}),
    ...(spec.hold ? { hold: true } : {}),
    status: size > 0 ? 'placing' : 'failed',
    ...(size > 0 ? {} : { error: 'below the exchange minimum' }),
    createdAt: now,
    updatedAt: now,
  };
  // The record comes first: one that exists already is this order sent before (a retry).
  const resumed = !(await recordOrderIntent(order));
  if (resumed) {
    const existing = await getOrder(d.id, clientOrderId);
    if (!existing || existing.status !== 'placing') return d;
    order = existing;
  } else if (size <= 0)
    return markAttention(d, {
      kind: 'refused',
      reason: `Its ${order.side} order (${order.reason}) was below the exchange's smallest order.`,
      at: now,
    });
  let state: OrderState;
  try {
    state = resumed ? await lookupOrPlace(account, order) : await place(account, order);
  } catch (error) {
    // `later` (unknown outcome, refused unrun): the record stays "placing", so the next attempt
    // looks the order up by its client order id before it could ever send it again.
    if (!isRefusal(error)) throw error;
    await updateOrder(order, { status: 'failed', error: exchangeWords(error), updatedAt: nowIso() });
    logger.warn('order refused', { deploymentId: d.id, clientOrderId, error: (error as Error).name });
    countMetric('OrdersFailed');
    // A sale of what is not there any more: the member sold, closed or moved it by hand.
    const gone =
      reduces(d, order) && (tradingFault(error) === 'funds' || exchangeCode(error) === REDUCE_ONLY_REJECTED);
    const followed = gone ? await followExchange(account, d, order.price ?? price) : null;
    if (followed) return followed;
    await tellMember(
      d,
      tradingFault(error) === 'key' ? 'key-problem' : 'order-refused',
      refusalMessage(d, order, error as Error),
    );
    return markAttention(d, attentionOf(d, error as Error));
  }
  if (!resumed) countMetric('OrdersPlaced');
  if (state.filled > 0 && state.status !== 'open') return recordFill(account, d, order, state);
  // A resting order is known to rest ("open") from its answer on: it may stay for many candles
  // without the exchange being asked again (resting.ts), where "placing" means asked first. A market
  // order not answered filled stays "placing": the next candle looks it up (settleUnanswered).
  if (state.status !== 'open' || order.type !== 'market')
    await updateOrder(order, {
      status: state.status === 'open' ? 'open' : 'canceled',
      orderId: state.orderId,
      updatedAt: nowIso(),
    });
  return d;
};

/** What the member reads of an order the exchange refused, and what to do about it. */
const refusalMessage = (d: DeploymentItem, order: BotOrderItem, error: Error) => {
  const what = `${BOT_NAMES[d.bot]}: the exchange refused its ${order.side} order (${order.reason})`;
  const fault = tradingFault(error);
  if (fault === 'key')
    return `${what}: your API key was refused. Check it on the Exchange page (trading must be enabled).`;
  if (fault === 'funds') return `${what}: not enough free balance on your ${d.market} account.`;
  return `${what}: ${exchangeWords(error).slice(0, 160)}`;
};

/** What a refusal asks of the member, kept on the deployment for its state (state.ts). */
const attentionOf = (d: Pick<DeploymentItem, 'market'>, error: Error): BotAttention => {
  const at = nowIso();
  const fault = tradingFault(error);
  if (fault === 'key') return { kind: 'key', reason: 'Binance refused your API key.', at };
  if (fault === 'funds')
    return { kind: 'funds', reason: `Not enough free balance on your ${d.market} account.`, at };
  return { kind: 'refused', reason: exchangeWords(error), at };
};

/** An order that sells what the bot holds (or buys back its short). */
const reduces = (d: DeploymentItem, order: Pick<BotOrderItem, 'side'>) => {
  const held = d.position?.size ?? 0;
  return held !== 0 && (order.side === 'sell') === held > 0;
};

/**
 * The member's own hands: the exchange holds less of the symbol than the bot's position (coins sold
 * or moved out, the futures position closed by hand). The bot's books follow the exchange: its
 * position shrinks to what is there, its cost in proportion, with no trade, profit or charge (the
 * bot sold nothing), and the member is told. null when nothing is missing (the refusal was
 * something else) or the deployment moved meanwhile.
 */
const followExchange = async (
  account: TradingAccount,
  d: DeploymentItem,
  price: number,
): Promise<DeploymentItem | null> => {
  const position = d.position;
  if (!position || position.size === 0) return null;
  const there = await account.held(d.symbol);
  const size = Math.abs(position.size);
  const kept = Math.sign(there) === Math.sign(position.size) ? Math.min(Math.abs(there), size) : 0;
  if (kept >= size * (1 - 1e-9)) return null;
  const left =
    kept > 0
      ? { ...position, size: Math.sign(position.size) * kept, cost: (position.cost * kept) / size }
      : undefined;
  const next: DeploymentItem = { ...d, ...splitDust(d, left, account, price) };
  if (!(await replaceDeployment(d, next))) return null;
  const coin = d.symbol.replace(/USD[TC]$/, '');
  const where =
    d.market === 'spot'
      ? `your Binance spot account holds ${kept} ${coin}`
      : `your Binance futures position is ${there} ${coin}`;
  logger.warn('position changed on the exchange', { deploymentId: d.id, held: position.size, there });
  await tellMember(
    d,
    'order-refused',
    `${BOT_NAMES[d.bot]}: ${where}, less than the ${size} ${coin} it held (sold, closed or moved by hand). It now counts ${kept} ${coin} as its position.`,
  );
  return { ...next, version: d.version + 1 };
};

/** The deployment with its attention set (the version moves); unchanged if someone wrote it meanwhile. */
const markAttention = async (d: DeploymentItem, attention: BotAttention): Promise<DeploymentItem> => {
  const next = { ...d, attention };
  if (await replaceDeployment(d, next)) return { ...next, version: d.version + 1 };
  logger.info('deployment moved before its attention was kept', { deploymentId: d.id });
  return d;
};

const place = (account: TradingAccount, order: BotOrderItem) =>
  account.place({
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    size: order.size,
    price: order.price,
    clientOrderId: order.clientOrderId,
    reduceOnly: Boolean(order.reduceOnly),
  });

/** A level the model asked for and the executor did not send: on the journal, with why. */
const recordSkip = async (d: DeploymentItem, intent: Intent, candle: number, leg: string, why: string) => {
  const now = nowIso();
  await recordOrderIntent({
    clientOrderId: clientOrderIdOf(d.id, candle, leg),
    deploymentId: d.id,
    memberId: d.memberId,
    symbol: d.symbol,
    market: d.market,
    side: intent.side,
    type: intent.type,
    size: 0,
    ...(intent.type === 'market' ? {} : { price: intent.price }),
    candle,
    reason: intent.reason,
    status: 'skipped',
    error: why,
    createdAt: now,
    updatedAt: now,
  });
};

/**
 * Sends one model order as its legs (sizing.ts), each under its own client order id (`leg` for the
 * reducing part, `leg` + "o" for the opening one), and journals the parts not sent.
 */
const sendPlanned = async (
  account: TradingAccount,
  start: DeploymentItem,
  intent: Intent,
  candle: number,
  leg: string,
  price: number,
  committed?: Committed,
): Promise<DeploymentItem> => {
  let d = start;
  const { legs, skips } = planOrder(intent, bookOf(d), committed);
  const idOf = (part: 'reduce' | 'open') => (part === 'reduce' ? leg : `${leg}o`);
  for (const skip of skips) await recordSkip(d, intent, candle, idOf(skip.part), skip.why);
  for (const l of legs) {
    const spec = { side: l.side, type: l.type, size: l.size, reason: l.reason, reduceOnly: l.reduceOnly };
    d = await sendOnce(
      account,
      d,
      l.type === 'market' ? spec : { ...spec, price: l.price },
      candle,
      idOf(l.part),
      price,
    );
  }
  return d;
};

/** A "placing" record: the exchange is asked before the order is sent again. */
const lookupOrPlace = async (account: TradingAccount, order: BotOrderItem): Promise<OrderState> => {
  try {
    return await account.lookup(order.symbol, order.clientOrderId, order.type);
  } catch (error) {
    if (!(error instanceof UnknownOrder)) throw error;
    return place(account, order);
  }
};

/**
 * The exchange's answer on one of the bot's orders (a cancel or a lookup); null when the exchange
 * has never heard of it, and the order is then marked missed: it never reached the exchange.
 */
const askExchange = async (
  order: BotOrderItem,
  ask: () => Promise<OrderState>,
): Promise<OrderState | null> => {
  try {
    return await ask();
  } catch (error) {
    if (!(error instanceof UnknownOrder)) throw error;
    await updateOrder(order, { status: 'missed', error: 'never reached the exchange', updatedAt: nowIso() });
    return null;
  }
};

/**
 * A resting order that is over for the bot: its fill recorded if it filled, else cancelled.
 * `expected` is what the model did with it: filled it, did not (the model moved the level, or a fill
 * came after the close), or the bot is being closed; `mark` says where a fill belongs.
 */
const settleResting = async (
  account: TradingAccount,
  d: DeploymentItem,
  order: BotOrderItem,
  expected: 'fill' | 'none' | 'closing',
  mark: FillMark = {},
): Promise<{ d: DeploymentItem; filled: boolean }> => {
  const state = await askExchange(order, () => account.cancel(order.symbol, order.clientOrderId, order.type));
  if (!state) return { d, filled: false };
  if (state.filled > 0) {
    const next = await recordFill(account, d, order, state, mark);
    if (state.endedElsewhere && state.status === 'canceled') await tellEndedElsewhere(next, order, state);
    return { d: next, filled: true };
  }
  if (state.endedElsewhere && order.reduceOnly && !reduces(d, order)) {
    // A reduce-only order the exchange dropped once the position it reduced was closed: expected.
    await updateOrder(order, { status: 'canceled', error: NOTHING_TO_REDUCE, updatedAt: nowIso() });
    return { d, filled: false };
  }
  if (state.endedElsewhere) {
    // Not the bot's doing: the member cancelled it on Binance, or the exchange expired it.
    await updateOrder(order, {
      status: 'canceled',
      error: endedElsewhereNote(d, state),
      updatedAt: nowIso(),
    });
    const followed = reduces(d, order) ? await followExchange(account, d, order.price ?? 0) : null;
    await tellEndedElsewhere(d, order, state);
    return { d: followed ?? d, filled: false };
  }
  await updateOrder(order, {
    status: expected === 'fill' ? 'missed' : 'canceled',
    ...(expected === 'fill' ? { error: 'the model filled this level; the exchange did not' } : {}),
    updatedAt: nowIso(),
  });
  return { d, filled: false };
};

const NOTHING_TO_REDUCE = 'expired on Binance: the position it reduced was already closed';

/** Why a resting order ended without the bot cancelling it, for the journal. */
const endedElsewhereNote = (d: DeploymentItem, state: OrderState) =>
  state.expiredInMatch
    ? `expired by Binance's self-trade prevention (EXPIRED_IN_MATCH): another order on your account crossed it on ${d.symbol}`
    : 'cancelled or expired on Binance, not by the bot';

const tellEndedElsewhere = (d: DeploymentItem, order: BotOrderItem, state: OrderState) =>
  tellMember(
    d,
    'order-refused',
    `${BOT_NAMES[d.bot]}: its ${order.side} order (${order.reason}) was ${endedElsewhereNote(d, state)}${
      state.filled > 0 ? ` after ${state.filled} filled` : ''
    }.${state.expiredInMatch ? ' Two bots on one symbol can cross each other.' : ''}`,
  );

/**
 * A futures bot in a position, once its resting orders are settled (none of its own is left on the
 * exchange then): the symbol's position is read, and one closed or cut by hand is followed. Only
 * when no other bot of the member holds that symbol: the exchange nets their positions together.
 */
const followFuturesPosition = async (
  account: TradingAccount,
  d: DeploymentItem,
  price: number,
): Promise<DeploymentItem> => {
  if ((d.position?.size ?? 0) === 0) return d;
  const sharing = (await memberDeployments(d.memberId)).some(
    (o) =>
      o.id !== d.id &&
      o.market === 'futures' &&
      o.symbol === d.symbol &&
      (o.position?.size ?? 0) !== 0 &&
      o.status !== 'stopped' &&
      o.status !== 'killed',
  );
  return sharing ? d : ((await followExchange(account, d, price)) ?? d);
};

/**
 * A market order of an earlier candle whose answer never came (a 5xx, a lost connection, a tick
 * deferred until its candle was over): the exchange is asked by its client order id; its fill is
 * the bot's, and one the exchange never took is not sent late.
 */
const settleUnanswered = async (
  account: TradingAccount,
  d: DeploymentItem,
  order: BotOrderItem,
): Promise<DeploymentItem> => {
  try {
    const state = await account.lookup(order.symbol, order.clientOrderId, order.type);
    if (state.filled > 0) return recordFill(account, d, order, state);
    if (state.status !== 'open')
      await updateOrder(order, { status: 'canceled', orderId: state.orderId, updatedAt: nowIso() });
  } catch (error) {
    if (!(error instanceof UnknownOrder)) throw error;
    await updateOrder(order, {
      status: 'missed',
      error: 'never reached the exchange; not sent late',
      updatedAt: nowIso(),
    });
  }
  return d;
};

/** A bot stopped by the kill switch, for want of its key (no account: it was removed), or otherwise. */
const closeOutEvent = (
  status: 'stopped' | 'killed',
  account: TradingAccount | null | undefined,
): BotEventType => (status === 'killed' ? 'kill-switch' : account === null ? 'key-problem' : 'stop');

/** Stops a deployment: resting orders cancelled, the position closed at market, the bot marked. */
export const closeOut = async (
  d: DeploymentItem,
  status: 'stopped' | 'killed',
  reason: string,
  account?: TradingAccount | null,
): Promise<DeploymentItem> => {
  let current = d;
  const exchange = account ?? (await memberTradingAccount(d.memberId, d.market));
  if (exchange) {
    for (const order of await deploymentOrders(d.id))
      if (order.status === 'open' || (order.status === 'placing' && order.type !== 'market'))
        current = (await settleResting(exchange, current, order, 'closing')).d;
    const held = current.position?.size ?? 0;
    if (held !== 0)
      current = await sendOnce(
        exchange,
        current,
        {
          side: held > 0 ? 'sell' : 'buy',
          type: 'market',
          size: Math.abs(held),
          reason,
          reduceOnly: true,
        },
        current.lastCandle ?? 0,
        // One closing order per deployment: a retry finds it by this id instead of closing twice.
        'x0',
        (await getCandles(current.market, current.symbol, current.interval))?.price ?? 0,
      );
    if (current.position && Math.abs(current.position.size) > 0)
      throw new Error(`deployment ${d.id}: the closing order did not close the position`);
  }
  const next: DeploymentItem = { ...current, status, stoppedAt: nowIso(), stopReason: reason };
  const extra = !DCA_FAMILY.includes(current.bot)
    ? [releasePageBotItem(current.memberId, current.bot, current.id)]
    : [];
  if (!(await replaceDeployment(current, next, extra))) {
    const fresh = await getDeployment(d.id);
    if (fresh && fresh.status !== status) return closeOut(fresh, status, reason, exchange);
    return fresh ?? next;
  }
  // A bot the member stopped themselves is "stopping" first; anything else stopping a bot is news.
  if (d.status !== 'stopping')
    await tellMember(d, closeOutEvent(status, account), `${BOT_NAMES[d.bot]} stopped: ${reason}`);
  return next;
};

/**
 * One tick of one deployment (the executor's message). An exchange that refuses the member's key
 * (deleted, no trading permission, our IP not whitelisted) or their funds is no fault of ours: the
 * deployment keeps why (its state: "Needs attention") and the candle is tried again next tick,
 * instead of the message failing over to the dead-letter queue.
 */
export const runDeployment = async (id: string, tick = 0): Promise<void> => {
  try {
    await tickRetried(id, tick);
  } catch (error) {
    if (tradingFault(error) === 'later') {
      // Still busy, banned, away or unknown: the candle stays unfinished (lastCandle does not move)
      // and the next minute's tick acts on it again, looking up first what was sent.
      logger.warn('tick deferred by the exchange', { deploymentId: id, ...errorSummary(error) });
      countMetric('TicksDeferred');
      return;
    }
    if (!isRefusal(error)) throw error;
    const d = await getDeployment(id);
    if (!d) return;
    logger.warn('tick refused by the exchange', { deploymentId: id, error: (error as Error).name });
    const attention = attentionOf(d, error as Error);
    if (d.attention?.kind !== attention.kind)
      await tellMember(
        d,
        attention.kind === 'key' ? 'key-problem' : 'order-refused',
        `${BOT_NAMES[d.bot]} needs your attention: ${attention.reason}`,
      );
    await markAttention(d, attention);
  }
};

/** Waits before the tick is tried again in the same message after a `later` failure. */
const RETRY_DELAYS_MS = [250, 1_000];

/**
 * The tick, tried again at once after a `later` failure (a lost or unknown answer is then looked
 * up while the candle is fresh; -1021 is signed anew), twice at most before it is put off.
 */
const tickRetried = async (id: string, tick: number): Promise<void> => {
  for (let attempt = 0; ; attempt++)
    try {
      return await tickDeployment(id, tick);
    } catch (error) {
      if (tradingFault(error) !== 'later' || attempt >= RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
};

/**
 * Times a candle is acted on again at once when its last write found the deployment moved: a fill
 * the user stream recorded meanwhile (recordStreamedFill). Acting again is safe (what was sent or
 * settled is found by its client order id) and the candle is done now, not a tick later.
 */
const MOVED_RETRIES = 2;

const tickDeployment = async (id: string, tick: number): Promise<void> => {
  for (let attempt = 0; attempt <= MOVED_RETRIES; attempt++) if (await tickOnce(id, tick)) return;
  logger.info('deployment kept moving: the next tick acts on its candle', { deploymentId: id });
};

/** One go at the deployment's candle; false when the candle's last write found the deployment moved. */
const tickOnce = async (id: string, tick: number): Promise<boolean> => {
  let d = await getDeployment(id);
  if (!d || d.status === 'stopped' || d.status === 'killed') return true;
  if (d.status === 'stopping') {
    await closeOut(d, 'stopped', d.stopReason ?? 'Undeployed.');
    return true;
  }
  const item = await candlesOf(d, tick);
  if (!item || item.t.length === 0) return true;
  const step = intervalMs(d.interval);
  const last = item.t[item.t.length - 1];
  if (d.tradeFrom === undefined || (d.lastCandle === undefined && d.tradeFrom > last)) {
    // The first tick after deployment: the bot trades from the next candle on. Its candle counts
    // as done (lastCandle) only once its levels rest: the tick tried again after a `later` failure
    // places the rest (a level sent before is looked up first), where it used to find the candle
    // done and leave a grid without its levels for a whole candle.
    if (d.tradeFrom === undefined) {
      const started = { ...d, tradeFrom: last + step };
      if (!(await replaceDeployment(d, started))) return true;
      d = { ...started, version: d.version + 1 };
    }
    if (d.market === 'futures') {
      const account = await tradingAccountOf(d);
      if (!account) return true;
      await account.setLeverage(d.symbol, getBot(d.bot).leverage);
    }
    if (!d.paused) d = await placeResting(d, item, step, last);
    if (!(await replaceDeployment(d, { ...d, lastCandle: last })))
      logger.info('deployment moved on its first tick', { deploymentId: d.id });
    return true;
  }
  if (d.lastCandle !== undefined && d.lastCandle >= last) return true;
  if (d.paused) {
    await tendPaused(d, item, last);
    return true;
  }
  return actOnCandle(d, item, step, last);
};

/**
 * A paused bot on a new candle: nothing new is traded; what the pause cancelled stays cancelled
 * (a gateway call that failed is finished here), the protective stop rests (futures) or is enforced
 * at the close (spot), and the bot moves on to the candle, so resuming acts on the next one only.
 */
const tendPaused = async (start: DeploymentItem, item: CandlesItem, last: number) => {
  const began = nowIso();
  const account = await tradingAccountOf(start);
  if (!account) return;
  let d = await holdPaused(start, account);
  const held = d.position?.size ?? 0;
  const stop = d.paused?.stop;
  const close = item.c[item.c.length - 1];
  if (d.market === 'spot' && held > 0 && stop !== undefined && close <= stop)
    d = await sendOnce(
      account,
      d,
      { side: 'sell', type: 'market', size: held, reason: 'protective stop (paused)', reduceOnly: true },
      last,
      'ps',
      close,
    );
  const attention = d.attention && d.attention.at >= began ? d.attention : undefined;
  if (!(await replaceDeployment(d, { ...d, lastCandle: last, attention })))
    logger.info('deployment moved while paused', { deploymentId: d.id });
};

/**
 * A paused deployment on the exchange: every resting order cancelled (fills found meanwhile are
 * recorded) but the kept stop, which rests for the whole position on futures. Idempotent: the
 * executor calls it again on every paused candle, the exchange gateway right after the pause.
 */
export const holdPaused = async (start: DeploymentItem, account: TradingAccount): Promise<DeploymentItem> => {
  let d = start;
  const paused = d.paused;
  if (!paused) return d;
  for (const order of await deploymentOrders(d.id))
    if (!order.hold && (order.status === 'open' || (order.status === 'placing' && order.type !== 'market')))
      d = (await settleResting(account, d, order, 'closing')).d;
  const held = d.position?.size ?? 0;
  if (held !== 0 && d.market === 'futures' && paused.stop !== undefined)
    d = await sendOnce(
      account,
      d,
      {
        side: held > 0 ? 'sell' : 'buy',
        type: 'stop',
        size: Math.abs(held),
        price: paused.stop,
        reason: 'protective stop, kept while paused',
        reduceOnly: true,
        hold: true,
      },
      paused.candle,
      'p0',
      paused.stop,
    );
  return d;
};

const tradingAccountOf = async (d: DeploymentItem): Promise<TradingAccount | null> => {
  const account = await memberTradingAccount(d.memberId, d.market);
  if (!account) await closeOut(d, 'stopped', 'Your Binance API key was removed.', null);
  return account;
};

/**
 * Awaited just before a candle's last write when set: the integration tests' handle on the race
 * that write must survive, a fill the user stream records meanwhile (test/integration/bots/
 * streamed-fills.test.ts). Never set outside the tests.
 */
let beforeCandleWrite: ((deploymentId: string) => Promise<void>) | undefined;
export const setBeforeCandleWrite = (hook?: (deploymentId: string) => Promise<void>) => {
  beforeCandleWrite = hook;
};

/** Acts on the candle; false when its last write found the deployment moved (acted on again). */
const actOnCandle = async (
  start: DeploymentItem,
  item: CandlesItem,
  step: number,
  last: number,
): Promise<boolean> => {
  const decision = decide(start, item, step);
  const account = await tradingAccountOf(start);
  if (!account) return true;
  let d = start;
  const began = nowIso();
  const next = last + step;
  // Candles missed while the executor was down count too: their fills are matched like the last
  // one's; their market orders are not sent late.
  const since = d.lastCandle ?? -Infinity;
  let orders = await deploymentOrders(d.id);
  let touched = false;
  for (const o of orders)
    if (o.type === 'market' && o.status === 'placing' && o.candle < last) {
      d = await settleUnanswered(account, d, o);
      touched = true;
    }
  const fills = decision.fills.filter((f) => f.time > since && f.time <= last);
  // Every limit and stop fill of the model is answered by the records of its level first, whatever
  // candle their order was placed for or filled in (resting.ts answers): a live order is asked
  // about, a fill the stream or an earlier settlement recorded answers as it is. Only a level that
  // no record answers (a spot stop, which cannot rest) is sent, at market now.
  const answered = new Set<string>();
  const late: ModelFill[] = [];
  for (const f of fills) {
    if (f.order.type === 'market') continue;
    const matches = orders.filter(
      (o) => !answered.has(o.clientOrderId) && sameLevel(o, f.order) && answers(o, f.time, step),
    );
    if (matches.length === 0) late.push(f);
    for (const o of matches) {
      answered.add(o.clientOrderId);
      touched = true;
      if (isLive(o)) d = (await settleResting(account, d, o, 'fill', { modelCandle: f.time })).d;
      else if (o.status === 'filled') await setModelCandle(o, f.time);
    }
  }
  const markets = [...late, ...fills.filter((m) => m.order.type === 'market' && m.time === last)];
  // A candle that trades at market (or closes the bot) settles every resting order first, as spot
  // sells lock the coins and buys the USDT a market order needs; so does the stop kept while paused.
  // Not those an earlier attempt at this candle placed for the next: they came after its market
  // orders, and their client order ids cannot be placed again.
  const clearAll = markets.length > 0 || Boolean(d.resumed) || decision.killed !== null;
  let kept: BotOrderItem[] = [];
  for (const o of orders.filter((x) => isLive(x) && !answered.has(x.clientOrderId))) {
    if ((clearAll && o.candle < next) || o.hold) {
      d = (await settleResting(account, d, o, 'none', { filledAt: next })).d;
      touched = true;
    } else kept.push(o);
  }
  // The others stay where they are if the user data stream has heard everything that happened to
  // them since they were known to rest; else the exchange is asked, as when there was no stream.
  if (kept.length > 0) {
    const stream = await getStreamStatus(d.memberId, d.market);
    const covered = kept.filter(
      (o) =>
        o.status === 'open' &&
        o.changedOnExchange === undefined &&
        streamCovers(stream, Date.parse(o.updatedAt), Date.now()),
    );
    // how often the streams spare the lookups (an alarm's figure: StreamsDown tells why not)
    countMetric('RestingKept', covered.length);
    countMetric('RestingLookedUp', kept.length - covered.length);
    for (const o of kept.filter((x) => !covered.includes(x))) {
      touched = true;
      const checked = await confirmResting(account, d, o, next);
      d = checked.d;
      if (!checked.resting) kept = kept.filter((x) => x !== o);
    }
  }
  if (d.market === 'futures') d = await followFuturesPosition(account, d, item.price);
  if (d.resumed) d = await realignResumed(account, d, decision.position, last, item.price);
  let leg = 0;
  for (const f of markets)
    d = await sendPlanned(
      account,
      d,
      {
        side: f.order.side,
        type: 'market',
        size: f.filled,
        price: item.price,
        reason: f.order.reason,
        modelBefore: f.before,
      },
      last,
      `m${leg++}`,
      item.price,
    );
  if (decision.killed) {
    await closeOut(
      d,
      'killed',
      `the kill switch halted it at a ${decision.killed.maxDrawdownPct}% drawdown`,
      account,
    );
    return true;
  }
  if (touched) orders = await deploymentOrders(d.id);
  d = await restResting(account, d, kept, orders, decision, next, step);
  // What needed the member's attention before this candle is over once it traded without a refusal.
  const attention = d.attention && d.attention.at >= began ? d.attention : undefined;
  const done = { ...d, lastCandle: last, attention, resumed: undefined, ...modelFigures(decision.resting) };
  await beforeCandleWrite?.(d.id);
  return replaceDeployment(d, done);
};

/**
 * A resting order the stream cannot vouch for (no stream, one that dropped since, a change it told,
 * or a record whose answer never came): the exchange is asked. Still resting untouched: kept, and
 * known to rest from now on. Filled: recorded (after the close the model saw, where the exchange
 * does not say when). Filled in part, cancelled or expired by someone else: settled as at a close.
 */
const confirmResting = async (
  account: TradingAccount,
  d: DeploymentItem,
  order: BotOrderItem,
  next: number,
): Promise<{ d: DeploymentItem; resting: boolean }> => {
  const state = await askExchange(order, () => account.lookup(order.symbol, order.clientOrderId, order.type));
  if (!state) return { d, resting: false };
  if (state.status === 'open' && !(state.filled > 0)) {
    await updateOrder(order, {
      status: 'open',
      orderId: state.orderId,
      changedOnExchange: undefined,
      updatedAt: nowIso(),
    });
    return { d, resting: true };
  }
  if (state.status === 'filled' && state.filled > 0)
    return { d: await recordFill(account, d, order, state, { filledAt: next }), resting: false };
  return { d: (await settleResting(account, d, order, 'none', { filledAt: next })).d, resting: false };
};

export const CLOSED_ON_RESUME = 'closed on resume: its signal no longer holds this position';

/**
 * The first candle after a pause: the model kept deciding while the bot was paused, so a position
 * the bot kept that the model no longer holds (it exited, or turned) has no exit of its own any
 * more; it is closed at market, and the bot follows its signal from there.
 */
const realignResumed = async (
  account: TradingAccount,
  d: DeploymentItem,
  modelPosition: number,
  candle: number,
  price: number,
): Promise<DeploymentItem> => {
  const held = d.position?.size ?? 0;
  if (held === 0 || Math.sign(modelPosition) === Math.sign(held)) return d;
  return sendOnce(
    account,
    d,
    {
      side: held > 0 ? 'sell' : 'buy',
      type: 'market',
      size: Math.abs(held),
      reason: CLOSED_ON_RESUME,
      reduceOnly: true,
    },
    candle,
    'q0',
    price,
  );
};

/** What the DCA page shows from the model: the take-profit level resting now. */
const modelFigures = (resting: readonly RestingOrder[]) => {
  const tp = resting.find((r) => r.side === 'sell' && r.type === 'limit');
  return tp ? { takePrice: tp.price } : { takePrice: undefined };
};

const placeResting = async (
  d: DeploymentItem,
  item: CandlesItem,
  step: number,
  last: number,
): Promise<DeploymentItem> => {
  const decision = decide(d, item, step);
  if (restableOn(d.market, decision.resting).length === 0) return d;
  const account = await tradingAccountOf(d);
  // A retry of the first tick finds what an earlier attempt sent by its client order id (sendOnce).
  return account ? restResting(account, d, [], [], decision, last + step, step) : d;
};

/** A leg the model wants resting on the next candle, as it would be sent. */
interface PlannedLeg extends WantedLeg {
  reason: string;
}

/**
 * The levels the model wants resting on the next candle, sized from the real position (sizing.ts:
 * the sells of a spot bot share its coins, the buys its capital), and the parts not sent journaled
 * with why; a level that filled after the last candle closed is not placed again.
 */
const planResting = async (
  account: TradingAccount,
  d: DeploymentItem,
  orders: readonly BotOrderItem[],
  decision: Pick<LiveDecision, 'resting' | 'position'>,
  next: number,
  step: number,
): Promise<PlannedLeg[]> => {
  const committed = noneCommitted();
  const wanted: PlannedLeg[] = [];
  for (const [k, r] of restableOn(d.market, decision.resting).entries()) {
    const intent: Intent = { ...r, modelBefore: decision.position };
    if (filledAhead(orders, r, next, step)) {
      await recordSkip(d, intent, next, `r${k}`, ALREADY_FILLED);
      continue;
    }
    const { legs, skips } = planOrder(intent, bookOf(d), committed);
    const idOf = (part: 'reduce' | 'open') => (part === 'reduce' ? `r${k}` : `r${k}o`);
    for (const skip of skips) await recordSkip(d, intent, next, idOf(skip.part), skip.why);
    for (const l of legs)
      wanted.push({
        leg: idOf(l.part),
        side: l.side,
        type: l.type,
        price: l.price,
        size: account.quantity(d.symbol, l.size, l.price),
        reduceOnly: l.reduceOnly && d.market === 'futures',
        reason: l.reason,
      });
  }
  return wanted;
};

/**
 * The exchange made to rest what the model wants on the next candle: the orders resting already that
 * it still wants stay (no request), the others are cancelled, and the missing legs placed under the
 * next candle's client order ids. A cancelled order found filled moves the position, so the legs are
 * sized again from it before anything is placed.
 */
const restResting = async (
  account: TradingAccount,
  start: DeploymentItem,
  resting: readonly BotOrderItem[],
  orders: readonly BotOrderItem[],
  decision: Pick<LiveDecision, 'resting' | 'position'>,
  next: number,
  step: number,
): Promise<DeploymentItem> => {
  let d = start;
  // What an earlier attempt at this candle placed for the next is neither kept nor cancelled here:
  // a leg under the same client order id is found by sendOnce (looked up if its answer never came).
  let live = resting.filter((o) => o.candle < next);
  let known = orders;
  for (;;) {
    const wanted = await planResting(account, d, known, decision, next, step);
    const { keep, cancel, place } = diffResting(wanted, live);
    let moved = false;
    for (const o of cancel) {
      const outcome = await settleResting(account, d, o, 'none', { filledAt: next });
      d = outcome.d;
      moved ||= outcome.filled;
    }
    if (moved) {
      live = keep;
      known = await deploymentOrders(d.id);
      continue;
    }
    for (const w of place)
      d = await sendOnce(
        account,
        d,
        {
          side: w.side,
          type: w.type,
          size: w.size,
          price: w.price,
          reason: w.reason,
          reduceOnly: w.reduceOnly,
        },
        next,
        w.leg,
        w.price,
      );
    return d;
  }
};
