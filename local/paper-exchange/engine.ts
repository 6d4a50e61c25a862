/**
 * The paper exchange's book keeping, pure (no I/O, no clock): accounts per API key, spot balances,
 * USD-M futures positions in one-way mode (cross or isolated margin per symbol), orders that fill
 * against the replayed price, trades, order history and the futures income history.
 * The HTTP layer (server.ts) speaks Binance's REST dialect over it.
 *
 * Fill model: a market order fills at the current price; a limit order that is marketable when
 * placed fills at once at the current price (taker); otherwise it rests and fills at its limit
 * price (maker) as soon as the replayed price reaches it. Stops (spot STOP_LOSS / TAKE_PROFIT,
 * futures STOP_MARKET / TAKE_PROFIT_MARKET, which Binance keeps as conditional "algo" orders)
 * trigger when the price reaches their stop price and fill at it as takers, or at the price after
 * a jump that passed it. Fees are charged in the quote asset on futures and, on spot, in the asset
 * received (as Binance does without BNB discounts).
 *
 * Futures events (`move`, `fund`): the replay walks the price segment by segment; in a segment the
 * orders and isolated liquidations it reaches run in the order the price reaches their levels.
 * Funding: +rate × notional paid by longs to shorts at each settlement. Isolated liquidation at
 * engine/backtest's liquidation price (maintenance margin 0.4 %): the whole isolated margin is
 * lost, the open orders of the symbol are cancelled, the position closes with a trade of an
 * `autoclose-` order (as Binance shows a liquidation) and the rest of the margin goes to the
 * insurance fund (income INSURANCE_CLEAR).
 */
import { liquidationPrice } from '#engine/backtest/account';
import { PRICE_DECIMALS } from '#api/markets';
import { takeFault, type AccountFaults } from './faults';

export type Venue = 'spot' | 'futures';
export type OrderSide = 'BUY' | 'SELL';
/** Order types of the order book: spot's stops rest there, futures' are AlgoOrders. */
export type OrderType = 'MARKET' | 'LIMIT' | 'STOP_LOSS' | 'TAKE_PROFIT';
/** EXPIRED_IN_MATCH: expired by self-trade prevention (faults.ts selfTrade). */
type OrderStatus = 'NEW' | 'FILLED' | 'CANCELED' | 'EXPIRED' | 'EXPIRED_IN_MATCH';
export type AlgoOrderType = 'STOP_MARKET' | 'TAKE_PROFIT_MARKET';
type AlgoStatus = 'NEW' | 'CANCELED' | 'FINISHED' | 'EXPIRED';
export type MarginType = 'ISOLATED' | 'CROSSED';
type IncomeType = 'FUNDING_FEE' | 'REALIZED_PNL' | 'COMMISSION' | 'INSURANCE_CLEAR';

interface SymbolInfo {
  symbol: string;
  base: string;
  quote: string;
  /** Decimals of price and quantity. */
  pricePrecision: number;
  quantityPrecision: number;
  minQty: number;
  minNotional: number;
}

export const SYMBOLS: Record<string, SymbolInfo> = {
  BTCUSDT: {
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    pricePrecision: PRICE_DECIMALS.BTCUSDT,
    quantityPrecision: 5,
    minQty: 0.00001,
    minNotional: 5,
  },
  ETHUSDT: {
    symbol: 'ETHUSDT',
    base: 'ETH',
    quote: 'USDT',
    pricePrecision: PRICE_DECIMALS.ETHUSDT,
    quantityPrecision: 4,
    minQty: 0.0001,
    minNotional: 5,
  },
  XRPUSDT: {
    symbol: 'XRPUSDT',
    base: 'XRP',
    quote: 'USDT',
    pricePrecision: PRICE_DECIMALS.XRPUSDT,
    quantityPrecision: 1,
    minQty: 0.1,
    minNotional: 5,
  },
  BNBUSDT: {
    symbol: 'BNBUSDT',
    base: 'BNB',
    quote: 'USDT',
    pricePrecision: PRICE_DECIMALS.BNBUSDT,
    quantityPrecision: 3,
    minQty: 0.001,
    minNotional: 5,
  },
};

export interface Order {
  orderId: number;
  clientOrderId: string;
  venue: Venue;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  /** Limit price; 0 for market and stop orders. */
  price: number;
  /** Trigger price of a spot stop; 0 otherwise. */
  stopPrice?: number;
  origQty: number;
  executedQty: number;
  /** Quote spent or received by the fills. */
  cumQuote: number;
  status: OrderStatus;
  timeInForce: string;
  reduceOnly: boolean;
  /** Filled in part under the partial-fill fault: the rest waits until the price comes back to it. */
  holdsRest?: boolean;
  time: number;
  updateTime: number;
}

/** A futures conditional order (Binance's algo service since late 2025: /fapi/v1/algoOrder). */
export interface AlgoOrder {
  algoId: number;
  clientAlgoId: string;
  symbol: string;
  side: OrderSide;
  orderType: AlgoOrderType;
  /** 0 with closePosition. */
  quantity: number;
  triggerPrice: number;
  reduceOnly: boolean;
  closePosition: boolean;
  status: AlgoStatus;
  /** The market order placed when it triggered. */
  actualOrderId?: number;
  actualPrice?: number;
  createTime: number;
  updateTime: number;
  triggerTime: number;
}

export interface Trade {
  id: number;
  orderId: number;
  venue: Venue;
  symbol: string;
  side: OrderSide;
  price: number;
  qty: number;
  quoteQty: number;
  commission: number;
  commissionAsset: string;
  realizedPnl: number;
  maker: boolean;
  time: number;
}

/** A line of the futures income history (GET /fapi/v1/income). */
export interface Income {
  tranId: number;
  symbol: string;
  incomeType: IncomeType;
  income: number;
  time: number;
  tradeId?: number;
}

export interface Position {
  symbol: string;
  /** Signed: positive long, negative short. */
  amount: number;
  entryPrice: number;
  /** Margin held by an isolated position (its isolated wallet); 0 in cross margin. */
  isolatedWallet?: number;
  updateTime: number;
}

export interface Balance {
  free: number;
  locked: number;
}

export interface Account {
  apiKey: string;
  /** The HMAC-SHA256 secret ('' for an Ed25519 key). */
  secret: string;
  /**
   * An Ed25519 key's public key (PEM, SPKI), as Binance keeps it for a key a member registered by
   * its public key: requests are then checked by their Ed25519 signature instead of an HMAC.
   */
  publicKey?: string;
  canWithdraw: boolean;
  /** The key is restricted to trusted IPs (Binance's apiRestrictions ipRestrict). */
  ipRestrict?: boolean;
  spot: Record<string, Balance>;
  futures: {
    /** USDT wallet balance (isolated wallets included): deposits plus realized PnL minus fees. */
    wallet: number;
    positions: Record<string, Position>;
    leverage: Record<string, number>;
    /** Per symbol; CROSSED when absent. */
    marginType?: Record<string, MarginType>;
  };
  orders: Order[];
  algoOrders?: AlgoOrder[];
  trades: Trade[];
  income?: Income[];
  /**
   * Faults a test asks for (faults.ts): e.g. the next `dropOrderAnswers` order placements take
   * effect but their answer is lost; the next `partialFills` resting limit orders the price reaches
   * fill half their quantity (in lot steps) and go on resting for the rest, as a thin book fills them.
   */
  faults?: AccountFaults;
}

export interface Fees {
  spot: number;
  futures: number;
}

/** Binance's error codes and texts for the cases the paper exchange knows. */
export class ExchangeError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const errors = {
  insufficientBalance: () =>
    new ExchangeError(400, -2010, 'Account has insufficient balance for requested action.'),
  insufficientMargin: () => new ExchangeError(400, -2019, 'Margin is insufficient.'),
  reduceOnlyRejected: () => new ExchangeError(400, -2022, 'ReduceOnly Order is rejected.'),
  unknownOrder: () => new ExchangeError(400, -2011, 'Unknown order sent.'),
  orderDoesNotExist: () => new ExchangeError(400, -2013, 'Order does not exist.'),
  invalidSymbol: () => new ExchangeError(400, -1121, 'Invalid symbol.'),
  badParam: (name: string) =>
    new ExchangeError(
      400,
      -1102,
      `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`,
    ),
  minNotional: () => new ExchangeError(400, -1013, 'Filter failure: NOTIONAL'),
  badLeverage: () => new ExchangeError(400, -4028, 'Leverage is not valid'),
  duplicateSpot: () => new ExchangeError(400, -2010, 'Duplicate order sent.'),
  duplicateFutures: () => new ExchangeError(400, -4116, 'ClientOrderId is duplicated.'),
  stopWouldTriggerSpot: () => new ExchangeError(400, -2010, 'Stop price would trigger immediately.'),
  stopWouldTriggerFutures: () => new ExchangeError(400, -2021, 'Order would immediately trigger.'),
  marginTypeUnchanged: () => new ExchangeError(400, -4046, 'No need to change margin type.'),
  marginTypeWithOrders: () =>
    new ExchangeError(400, -4047, 'Margin type cannot be changed if there exists open orders.'),
  marginTypeWithPosition: () =>
    new ExchangeError(400, -4048, 'Margin type cannot be changed if there exists position.'),
};

const DEFAULT_LEVERAGE = 20;
const MAX_LEVERAGE = 125;
/** Binance's first-tier maintenance margin rate (as its leverageBracket answers and the backtester). */
export const MAINTENANCE_MARGIN_RATE = 0.004;

const EPS = 1e-9;
const roundTo = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export const symbolInfo = (symbol: string): SymbolInfo => {
  const info = SYMBOLS[symbol];
  if (!info) throw errors.invalidSymbol();
  return info;
};

interface NewOrder {
  venue: Venue;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  quantity?: number;
  /** Spot market buys may give the quote amount to spend instead of a quantity. */
  quoteOrderQty?: number;
  price?: number;
  stopPrice?: number;
  reduceOnly?: boolean;
  timeInForce?: string;
  clientOrderId?: string;
}

export interface NewAlgoOrder {
  symbol: string;
  side: OrderSide;
  orderType: AlgoOrderType;
  quantity?: number;
  triggerPrice?: number;
  reduceOnly?: boolean;
  closePosition?: boolean;
  clientAlgoId?: string;
}

export const newAccount = (
  apiKey: string,
  secret: string,
  opts: {
    canWithdraw?: boolean;
    ipRestrict?: boolean;
    spot?: Record<string, number>;
    futuresUsdt?: number;
  } = {},
): Account => ({
  apiKey,
  secret,
  canWithdraw: opts.canWithdraw ?? false,
  ...(opts.ipRestrict ? { ipRestrict: true } : {}),
  spot: Object.fromEntries(
    Object.entries(opts.spot ?? { USDT: 10_000 }).map(([a, v]) => [a, { free: v, locked: 0 }]),
  ),
  futures: { wallet: opts.futuresUsdt ?? 10_000, positions: {}, leverage: {}, marginType: {} },
  orders: [],
  algoOrders: [],
  trades: [],
  income: [],
});

/** Unrealized PnL of a futures position at a mark price. */
export const unrealizedPnl = (p: Position, mark: number): number => p.amount * (mark - p.entryPrice);

/** Stops that trigger when the price rises to them (else when it falls to them). */
const triggersUp = (kind: 'STOP' | 'TAKE_PROFIT', side: OrderSide) => (kind === 'STOP') === (side === 'BUY');
const stopKind = (type: OrderType | AlgoOrderType) => (type.startsWith('STOP') ? 'STOP' : 'TAKE_PROFIT');

/** Something a price segment can reach: a resting order, a stop or an isolated liquidation. */
interface Reachable {
  level: number;
  /** Reached when the price rises to the level (else when it falls to it). */
  up: boolean;
  run: (price: number) => void;
}

/**
 * One exchange: accounts plus the current prices. `priceOf` reads the replay; ids are sequential
 * so histories sort by id as Binance's do.
 */
export class PaperBook {
  readonly accounts = new Map<string, Account>();
  private nextOrderId = 1;
  private nextTradeId = 1;
  private nextAlgoId = 1;
  private nextTranId = 1;

  constructor(
    private readonly priceOf: (symbol: string) => number,
    readonly fees: Fees = { spot: 0.001, futures: 0.0004 },
  ) {}

  /** Adds an account (one read from an older file gets the fields it lacks). */
  add(account: Account): Account {
    account.algoOrders ??= [];
    account.income ??= [];
    account.futures.marginType ??= {};
    this.accounts.set(account.apiKey, account);
    return account;
  }

  /** After accounts were loaded from a file: new ids continue after the highest one kept. */
  resumeIds() {
    for (const a of this.accounts.values()) {
      for (const o of a.orders) this.nextOrderId = Math.max(this.nextOrderId, o.orderId + 1);
      for (const t of a.trades) this.nextTradeId = Math.max(this.nextTradeId, t.id + 1);
      for (const o of algoOrdersOf(a)) this.nextAlgoId = Math.max(this.nextAlgoId, o.algoId + 1);
      for (const i of incomeOf(a)) this.nextTranId = Math.max(this.nextTranId, i.tranId + 1);
    }
  }

  leverageOf(account: Account, symbol: string): number {
    return account.futures.leverage[symbol] ?? DEFAULT_LEVERAGE;
  }

  setLeverage(account: Account, symbol: string, leverage: number): number {
    symbolInfo(symbol);
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > MAX_LEVERAGE) throw errors.badLeverage();
    account.futures.leverage[symbol] = leverage;
    return leverage;
  }

  marginTypeOf(account: Account, symbol: string): MarginType {
    return account.futures.marginType?.[symbol] ?? 'CROSSED';
  }

  /** As Binance: refused while the symbol has a position or open orders, or if nothing changes. */
  setMarginType(account: Account, symbol: string, type: MarginType) {
    symbolInfo(symbol);
    if (type !== 'ISOLATED' && type !== 'CROSSED') throw errors.badParam('marginType');
    if (this.marginTypeOf(account, symbol) === type) throw errors.marginTypeUnchanged();
    if (Math.abs(account.futures.positions[symbol]?.amount ?? 0) > EPS) throw errors.marginTypeWithPosition();
    const open =
      account.orders.some((o) => o.venue === 'futures' && o.symbol === symbol && o.status === 'NEW') ||
      algoOrdersOf(account).some((o) => o.symbol === symbol && o.status === 'NEW');
    if (open) throw errors.marginTypeWithOrders();
    (account.futures.marginType ??= {})[symbol] = type;
  }

  /** Isolated liquidation price of the symbol's position; undefined in cross margin or when flat. */
  liquidationPriceOf(account: Account, symbol: string): number | undefined {
    const p = account.futures.positions[symbol];
    if (!p || Math.abs(p.amount) < EPS || this.marginTypeOf(account, symbol) !== 'ISOLATED') return undefined;
    const side = p.amount > 0 ? 'long' : 'short';
    return Math.max(
      0,
      liquidationPrice(
        side,
        Math.abs(p.amount),
        p.entryPrice,
        p.isolatedWallet ?? 0,
        MAINTENANCE_MARGIN_RATE,
      ),
    );
  }

  private balance(account: Account, asset: string): Balance {
    return (account.spot[asset] ??= { free: 0, locked: 0 });
  }

  /**
   * Margin held by open positions and orders at the mark price, and the futures wallet's available
   * balance: the cross wallet (the wallet less isolated wallets) plus cross PnL less cross margin.
   */
  futuresMargin(account: Account) {
    let used = 0;
    let upnl = 0;
    let crossUsed = 0;
    let crossUpnl = 0;
    let isolated = 0;
    for (const p of Object.values(account.futures.positions)) {
      if (Math.abs(p.amount) < EPS) continue;
      const mark = this.priceOf(p.symbol);
      const margin = (Math.abs(p.amount) * mark) / this.leverageOf(account, p.symbol);
      used += margin;
      upnl += unrealizedPnl(p, mark);
      if (this.marginTypeOf(account, p.symbol) === 'ISOLATED') isolated += p.isolatedWallet ?? 0;
      else {
        crossUsed += margin;
        crossUpnl += unrealizedPnl(p, mark);
      }
    }
    for (const o of account.orders)
      if (o.venue === 'futures' && o.status === 'NEW' && !o.reduceOnly) {
        const margin = ((o.origQty - o.executedQty) * o.price) / this.leverageOf(account, o.symbol);
        used += margin;
        crossUsed += margin;
      }
    const wallet = account.futures.wallet;
    const crossWallet = wallet - isolated;
    return {
      wallet,
      crossWallet,
      used,
      unrealized: upnl,
      available: Math.max(0, crossWallet + crossUpnl - crossUsed),
    };
  }

  private checkClientOrderId(account: Account, venue: Venue, id: string | undefined) {
    if (!id) return;
    const used =
      account.orders.some((o) => o.venue === venue && o.clientOrderId === id) ||
      (venue === 'futures' && algoOrdersOf(account).some((o) => o.clientAlgoId === id));
    if (used) throw venue === 'spot' ? errors.duplicateSpot() : errors.duplicateFutures();
  }

  place(account: Account, input: NewOrder, time: number): Order {
    const info = symbolInfo(input.symbol);
    this.checkClientOrderId(account, input.venue, input.clientOrderId);
    const price = this.priceOf(input.symbol);
    const isStop = input.type === 'STOP_LOSS' || input.type === 'TAKE_PROFIT';
    if (input.type === 'LIMIT' && !(input.price && input.price > 0)) throw errors.badParam('price');
    if (isStop && !(input.stopPrice && input.stopPrice > 0)) throw errors.badParam('stopPrice');
    let quantity = input.quantity;
    if (!(quantity && quantity > 0)) {
      if (input.venue === 'spot' && input.type === 'MARKET' && input.side === 'BUY' && input.quoteOrderQty)
        quantity = input.quoteOrderQty / price;
      else throw errors.badParam('quantity');
    }
    quantity = roundTo(quantity, info.quantityPrecision);
    if (quantity < info.minQty - EPS) throw errors.badParam('quantity');
    const limit = input.type === 'LIMIT' ? roundTo(input.price!, info.pricePrecision) : 0;
    const stopPrice = isStop ? roundTo(input.stopPrice!, info.pricePrecision) : 0;
    const reduceOnly = input.venue === 'futures' && Boolean(input.reduceOnly);
    if (!reduceOnly && quantity * (limit || stopPrice || price) < info.minNotional - EPS)
      throw errors.minNotional();
    if (isStop && (triggersUp(stopKind(input.type), input.side) ? price >= stopPrice : price <= stopPrice))
      throw errors.stopWouldTriggerSpot();

    const order: Order = {
      orderId: this.nextOrderId++,
      clientOrderId: input.clientOrderId ?? `paper${this.nextOrderId}`,
      venue: input.venue,
      symbol: input.symbol,
      side: input.side,
      type: input.type,
      price: limit,
      ...(isStop ? { stopPrice } : {}),
      origQty: quantity,
      executedQty: 0,
      cumQuote: 0,
      status: 'NEW',
      timeInForce: input.type === 'LIMIT' ? (input.timeInForce ?? 'GTC') : 'GTC',
      reduceOnly,
      time,
      updateTime: time,
    };
    const marketable =
      input.type === 'MARKET' ||
      (input.type === 'LIMIT' && (input.side === 'BUY' ? price <= limit + EPS : price >= limit - EPS));

    if (input.venue === 'spot') {
      // Check (and for resting orders lock) what the order can spend.
      if (input.side === 'BUY') {
        const cost = quantity * (marketable ? price : limit || stopPrice);
        const usdt = this.balance(account, info.quote);
        if (usdt.free + EPS < cost) throw errors.insufficientBalance();
        if (!marketable) {
          usdt.free -= cost;
          usdt.locked += cost;
        }
      } else {
        const base = this.balance(account, info.base);
        if (base.free + EPS < quantity) throw errors.insufficientBalance();
        if (!marketable) {
          base.free -= quantity;
          base.locked += quantity;
        }
      }
    } else {
      this.checkFutures(account, order, marketable ? price : limit);
    }
    account.orders.push(order);
    if (marketable) this.fill(account, order, price, false, time);
    return order;
  }

  /** A futures conditional order; it rests until the price reaches its trigger price. */
  placeAlgo(account: Account, input: NewAlgoOrder, time: number): AlgoOrder {
    const info = symbolInfo(input.symbol);
    this.checkClientOrderId(account, 'futures', input.clientAlgoId);
    if (!(input.triggerPrice && input.triggerPrice > 0)) throw errors.badParam('triggerPrice');
    const closePosition = Boolean(input.closePosition);
    let quantity = 0;
    if (!closePosition) {
      if (!(input.quantity && input.quantity > 0)) throw errors.badParam('quantity');
      quantity = roundTo(input.quantity, info.quantityPrecision);
      if (quantity < info.minQty - EPS) throw errors.badParam('quantity');
    }
    const triggerPrice = roundTo(input.triggerPrice, info.pricePrecision);
    const reduceOnly = Boolean(input.reduceOnly);
    if (!reduceOnly && !closePosition && quantity * triggerPrice < info.minNotional - EPS)
      throw errors.minNotional();
    const price = this.priceOf(input.symbol);
    if (triggersUp(stopKind(input.orderType), input.side) ? price >= triggerPrice : price <= triggerPrice)
      throw errors.stopWouldTriggerFutures();
    const order: AlgoOrder = {
      algoId: this.nextAlgoId++,
      clientAlgoId: input.clientAlgoId ?? `paperAlgo${this.nextAlgoId}`,
      symbol: input.symbol,
      side: input.side,
      orderType: input.orderType,
      quantity,
      triggerPrice,
      reduceOnly,
      closePosition,
      status: 'NEW',
      createTime: time,
      updateTime: time,
      triggerTime: 0,
    };
    algoOrdersOf(account).push(order);
    return order;
  }

  findAlgo(account: Account, id: { algoId?: number; clientAlgoId?: string }): AlgoOrder {
    const order = algoOrdersOf(account).find((o) =>
      id.algoId !== undefined ? o.algoId === id.algoId : o.clientAlgoId === id.clientAlgoId,
    );
    if (!order) throw errors.orderDoesNotExist();
    return order;
  }

  cancelAlgo(account: Account, id: { algoId?: number; clientAlgoId?: string }, time: number): AlgoOrder {
    const order = this.findAlgo(account, id);
    if (order.status !== 'NEW') throw errors.unknownOrder();
    order.status = 'CANCELED';
    order.updateTime = time;
    return order;
  }

  private checkFutures(account: Account, order: Order, price: number) {
    const position = account.futures.positions[order.symbol];
    const held = position?.amount ?? 0;
    const delta = order.side === 'BUY' ? order.origQty : -order.origQty;
    const reduces = held !== 0 && Math.sign(delta) !== Math.sign(held);
    const increase = reduces ? Math.max(0, Math.abs(delta) - Math.abs(held)) : Math.abs(delta);
    if (order.reduceOnly && (!reduces || increase > EPS)) throw errors.reduceOnlyRejected();
    if (increase > EPS) {
      const needed = (increase * price) / this.leverageOf(account, order.symbol);
      if (needed > this.futuresMargin(account).available + EPS) throw errors.insufficientMargin();
    }
  }

  cancel(
    account: Account,
    venue: Venue,
    symbol: string,
    id: { orderId?: number; clientOrderId?: string },
    time: number,
  ): Order {
    const order = this.find(account, venue, symbol, id);
    if (order.status !== 'NEW') throw errors.unknownOrder();
    if (venue === 'spot') this.unlock(account, order);
    order.status = 'CANCELED';
    order.updateTime = time;
    return order;
  }

  find(
    account: Account,
    venue: Venue,
    symbol: string,
    id: { orderId?: number; clientOrderId?: string },
  ): Order {
    const order = account.orders.find(
      (o) =>
        o.venue === venue &&
        o.symbol === symbol &&
        (id.orderId !== undefined ? o.orderId === id.orderId : o.clientOrderId === id.clientOrderId),
    );
    if (!order) throw errors.unknownOrder();
    return order;
  }

  private unlock(account: Account, order: Order, sign = 1) {
    const info = symbolInfo(order.symbol);
    const left = order.origQty - order.executedQty;
    const balance = this.balance(account, order.side === 'BUY' ? info.quote : info.base);
    const amount = sign * (order.side === 'BUY' ? left * (order.price || order.stopPrice || 0) : left);
    balance.locked = Math.max(0, balance.locked - amount);
    balance.free += amount;
  }

  /** A spot order's unfilled rest locked again (after a partial fill). */
  private relock(account: Account, order: Order) {
    this.unlock(account, order, -1);
  }

  /** How much of a resting order the price fills now: all of it, or half under the partial-fill fault. */
  private fillable(account: Account, order: Order, time: number): number {
    const left = order.origQty - order.executedQty;
    const faults = account.faults;
    if (order.type !== 'LIMIT' || !faults) return left;
    const step = symbolInfo(order.symbol).minQty;
    const half = Math.floor(left / 2 / step) * step;
    if (half < step - EPS) return left;
    if ((faults.partialFills ?? 0) > 0) faults.partialFills! -= 1;
    else {
      const request = {
        method: '',
        path: '',
        now: time,
        params: { symbol: order.symbol, clientOrderId: order.clientOrderId },
      };
      if (!takeFault(faults.rules, ['partialFill'], request)) return left;
    }
    order.holdsRest = true;
    return half;
  }

  /**
   * The replayed price went from `from` to `to` (linearly, or by a jump): every resting order,
   * stop and isolated liquidation it reached runs, in the order the price reached their levels.
   * Limits fill at their price; stops and liquidations at theirs, or at `to` after a jump.
   * Answers the accounts it changed.
   */
  move(
    symbol: string,
    from: number,
    to: number,
    time: number,
    jump = false,
    accounts: Iterable<Account> = this.accounts.values(),
  ): Set<Account> {
    const low = Math.min(from, to);
    const high = Math.max(from, to);
    const reached = (r: Reachable) => (r.up ? high >= r.level - EPS : low <= r.level + EPS);
    const events: (Reachable & { account: Account })[] = [];
    for (const account of accounts) {
      for (const order of account.orders) {
        if (order.status !== 'NEW' || order.symbol !== symbol) continue;
        if (order.holdsRest) {
          const returned = order.side === 'BUY' ? from > order.price + EPS : from < order.price - EPS;
          if (!returned) continue;
          order.holdsRest = false;
        }
        if (order.type === 'LIMIT')
          events.push({
            account,
            level: order.price,
            up: order.side === 'SELL',
            run: () => this.fillResting(account, order, order.price, true, time),
          });
        else if (order.type === 'STOP_LOSS' || order.type === 'TAKE_PROFIT')
          events.push({
            account,
            level: order.stopPrice ?? 0,
            up: triggersUp(stopKind(order.type), order.side),
            run: (price) => this.fillResting(account, order, price, false, time),
          });
      }
      for (const algo of algoOrdersOf(account))
        if (algo.status === 'NEW' && algo.symbol === symbol)
          events.push({
            account,
            level: algo.triggerPrice,
            up: triggersUp(stopKind(algo.orderType), algo.side),
            run: (price) => this.trigger(account, algo, price, time),
          });
      const liquidation = this.liquidationPriceOf(account, symbol);
      if (liquidation !== undefined) {
        const long = account.futures.positions[symbol].amount > 0;
        events.push({
          account,
          level: liquidation,
          up: !long,
          run: (price) => {
            // an earlier event in this segment may have closed, shrunk or moved the position
            const level = this.liquidationPriceOf(account, symbol);
            if (level !== undefined && reached({ level, up: !long, run: () => {} }))
              this.liquidate(account, symbol, price === to || price === from ? price : level, time);
          },
        });
      }
    }
    const due = events.filter(reached).sort((a, b) => Math.abs(a.level - from) - Math.abs(b.level - from));
    for (const event of due) {
      // a stop reached mid-segment fills at its level; one a jump passed at the price after the
      // jump, one already passed where the segment starts
      const past = event.up ? from > event.level : from < event.level;
      event.run(jump ? to : past ? from : event.level);
    }
    return new Set(due.map((e) => e.account));
  }

  /** The accounts a move of the symbol's price can touch: open orders or stops, or an isolated position. */
  watching(symbol: string): Account[] {
    return [...this.accounts.values()].filter(
      (a) =>
        a.orders.some((o) => o.status === 'NEW' && o.symbol === symbol) ||
        algoOrdersOf(a).some((o) => o.status === 'NEW' && o.symbol === symbol) ||
        this.liquidationPriceOf(a, symbol) !== undefined,
    );
  }

  /**
   * A resting order filled now at its own level, as though the price had just reached it (the
   * cancelRace fault: the fill that wins the race with a cancel).
   */
  fillNow(account: Account, order: Order, time: number) {
    if (order.status !== 'NEW') return;
    const level = order.price || order.stopPrice || this.priceOf(order.symbol);
    this.fillResting(account, order, level, order.type === 'LIMIT', time);
  }

  /**
   * Self-trade prevention (EXPIRE_MAKER, Binance's default): an order of the account about to
   * trade against its own resting orders on the other side expires those makers.
   */
  expireInMatch(
    account: Account,
    taker: { venue: Venue; symbol: string; side: OrderSide },
    time: number,
  ): Order[] {
    const makers = account.orders.filter(
      (o) =>
        o.status === 'NEW' && o.venue === taker.venue && o.symbol === taker.symbol && o.side !== taker.side,
    );
    for (const o of makers) {
      if (o.venue === 'spot') this.unlock(account, o);
      o.status = 'EXPIRED_IN_MATCH';
      o.updateTime = time;
    }
    return makers;
  }

  /** A resting order the price reached (still open when its turn comes): fill it or drop it. */
  private fillResting(account: Account, order: Order, price: number, maker: boolean, time: number) {
    if (order.status !== 'NEW') return;
    if (order.venue === 'spot') {
      this.unlock(account, order);
      const info = symbolInfo(order.symbol);
      const left = order.origQty - order.executedQty;
      const enough =
        order.side === 'BUY'
          ? this.balance(account, info.quote).free + EPS >= left * price
          : this.balance(account, info.base).free + EPS >= left;
      if (!enough) {
        order.status = 'EXPIRED';
        order.updateTime = time;
        return;
      }
    } else {
      try {
        this.checkFutures(account, order, price);
      } catch {
        order.status = order.type === 'LIMIT' ? 'CANCELED' : 'EXPIRED';
        order.updateTime = time;
        return;
      }
    }
    this.fill(account, order, price, maker, time, this.fillable(account, order, time));
    if (order.status === 'NEW' && order.venue === 'spot') this.relock(account, order);
  }

  /** A conditional order triggered: its market order fills at `price` (expires if it cannot). */
  private trigger(account: Account, algo: AlgoOrder, price: number, time: number) {
    if (algo.status !== 'NEW') return;
    algo.updateTime = time;
    algo.triggerTime = time;
    const held = account.futures.positions[algo.symbol]?.amount ?? 0;
    const closing = held !== 0 && (algo.side === 'SELL') === held > 0;
    let quantity = algo.quantity;
    if (algo.closePosition || algo.reduceOnly) {
      quantity = closing ? (algo.closePosition ? Math.abs(held) : Math.min(quantity, Math.abs(held))) : 0;
      if (quantity < EPS) {
        algo.status = 'EXPIRED';
        return;
      }
    }
    const order: Order = {
      orderId: this.nextOrderId++,
      clientOrderId: algo.clientAlgoId,
      venue: 'futures',
      symbol: algo.symbol,
      side: algo.side,
      type: 'MARKET',
      price: 0,
      origQty: quantity,
      executedQty: 0,
      cumQuote: 0,
      status: 'NEW',
      timeInForce: 'GTC',
      reduceOnly: algo.reduceOnly || algo.closePosition,
      time,
      updateTime: time,
    };
    account.orders.push(order);
    this.fillResting(account, order, price, false, time);
    algo.actualOrderId = order.orderId;
    algo.actualPrice = order.status === 'FILLED' ? price : 0;
    algo.status = order.status === 'FILLED' ? 'FINISHED' : 'EXPIRED';
  }

  /**
   * Isolated liquidation: the symbol's open orders are cancelled, the position closes at `price`
   * through an `autoclose-` order, and the wallet loses the whole isolated margin (what the
   * closing trade did not realize goes to the insurance fund).
   */
  private liquidate(account: Account, symbol: string, price: number, time: number) {
    for (const o of account.orders)
      if (o.venue === 'futures' && o.symbol === symbol && o.status === 'NEW') {
        o.status = 'CANCELED';
        o.updateTime = time;
      }
    for (const o of algoOrdersOf(account))
      if (o.symbol === symbol && o.status === 'NEW') {
        o.status = 'CANCELED';
        o.updateTime = time;
      }
    const p = account.futures.positions[symbol];
    const margin = p.isolatedWallet ?? 0;
    const qty = Math.abs(p.amount);
    const order: Order = {
      orderId: this.nextOrderId++,
      clientOrderId: `autoclose-${time}`,
      venue: 'futures',
      symbol,
      side: p.amount > 0 ? 'SELL' : 'BUY',
      type: 'LIMIT',
      price,
      origQty: qty,
      executedQty: qty,
      cumQuote: qty * price,
      status: 'FILLED',
      timeInForce: 'IOC',
      reduceOnly: true,
      time,
      updateTime: time,
    };
    account.orders.push(order);
    const realized = this.applyFuturesFill(account, symbol, p.amount > 0 ? -qty : qty, price, time);
    account.futures.wallet -= margin;
    const trade = this.record(account, order, price, qty, 0, symbolInfo(symbol).quote, realized, false, time);
    this.addIncome(account, symbol, 'REALIZED_PNL', realized, time, trade.id);
    this.addIncome(account, symbol, 'INSURANCE_CLEAR', -margin - realized, time, trade.id);
  }

  /**
   * Funding settlement at `mark`: each position in `symbol` pays rate × notional (longs pay
   * shorts when the rate is positive), from the isolated wallet of an isolated position.
   * Answers the accounts it changed.
   */
  fund(symbol: string, mark: number, rate: number, time: number): Account[] {
    const paid: Account[] = [];
    for (const account of this.accounts.values()) {
      const p = account.futures.positions[symbol];
      if (!p || Math.abs(p.amount) < EPS) continue;
      paid.push(account);
      const income = -p.amount * mark * rate;
      account.futures.wallet += income;
      if (this.marginTypeOf(account, symbol) === 'ISOLATED')
        p.isolatedWallet = (p.isolatedWallet ?? 0) + income;
      this.addIncome(account, symbol, 'FUNDING_FEE', income, time);
    }
    return paid;
  }

  private addIncome(
    account: Account,
    symbol: string,
    incomeType: IncomeType,
    income: number,
    time: number,
    tradeId?: number,
  ) {
    incomeOf(account).push({ tranId: this.nextTranId++, symbol, incomeType, income, time, tradeId });
  }

  private fill(
    account: Account,
    order: Order,
    price: number,
    maker: boolean,
    time: number,
    qty = order.origQty - order.executedQty,
  ) {
    const info = symbolInfo(order.symbol);
    const quote = qty * price;
    let commission: number;
    let commissionAsset: string;
    let realizedPnl = 0;
    if (order.venue === 'spot') {
      const base = this.balance(account, info.base);
      const usdt = this.balance(account, info.quote);
      if (order.side === 'BUY') {
        commission = qty * this.fees.spot;
        commissionAsset = info.base;
        usdt.free -= quote;
        base.free += qty - commission;
      } else {
        commission = quote * this.fees.spot;
        commissionAsset = info.quote;
        base.free -= qty;
        usdt.free += quote - commission;
      }
    } else {
      commission = quote * this.fees.futures;
      commissionAsset = info.quote;
      realizedPnl = this.applyFuturesFill(
        account,
        order.symbol,
        order.side === 'BUY' ? qty : -qty,
        price,
        time,
      );
      account.futures.wallet += realizedPnl - commission;
    }
    order.executedQty += qty;
    order.cumQuote += quote;
    // A part filled: the order rests on for the rest (Binance's PARTIALLY_FILLED).
    if (order.executedQty >= order.origQty - EPS) order.status = 'FILLED';
    order.updateTime = time;
    const trade = this.record(
      account,
      order,
      price,
      qty,
      commission,
      commissionAsset,
      realizedPnl,
      maker,
      time,
    );
    if (order.venue === 'futures') {
      if (realizedPnl !== 0)
        this.addIncome(account, order.symbol, 'REALIZED_PNL', realizedPnl, time, trade.id);
      this.addIncome(account, order.symbol, 'COMMISSION', -commission, time, trade.id);
    }
  }

  private record(
    account: Account,
    order: Order,
    price: number,
    qty: number,
    commission: number,
    commissionAsset: string,
    realizedPnl: number,
    maker: boolean,
    time: number,
  ): Trade {
    const trade: Trade = {
      id: this.nextTradeId++,
      orderId: order.orderId,
      venue: order.venue,
      symbol: order.symbol,
      side: order.side,
      price,
      qty,
      quoteQty: qty * price,
      commission,
      commissionAsset,
      realizedPnl,
      maker,
      time,
    };
    account.trades.push(trade);
    return trade;
  }

  /**
   * Moves the position by a signed quantity at a price; returns the realized PnL of what it
   * closed. An isolated position's margin grows by what an increase needs at the leverage and
   * shrinks in proportion to what a decrease closes.
   */
  private applyFuturesFill(
    account: Account,
    symbol: string,
    delta: number,
    price: number,
    time: number,
  ): number {
    const p = (account.futures.positions[symbol] ??= { symbol, amount: 0, entryPrice: 0, updateTime: time });
    const isolated = this.marginTypeOf(account, symbol) === 'ISOLATED';
    const leverage = this.leverageOf(account, symbol);
    p.updateTime = time;
    if (Math.abs(p.amount) < EPS || Math.sign(p.amount) === Math.sign(delta)) {
      const size = Math.abs(p.amount) + Math.abs(delta);
      p.entryPrice = (Math.abs(p.amount) * p.entryPrice + Math.abs(delta) * price) / size;
      p.amount += delta;
      if (isolated) p.isolatedWallet = (p.isolatedWallet ?? 0) + (Math.abs(delta) * price) / leverage;
      return 0;
    }
    const before = Math.abs(p.amount);
    const closing = Math.min(Math.abs(delta), before);
    const realized = closing * (price - p.entryPrice) * Math.sign(p.amount);
    const rest = Math.abs(delta) - closing;
    if (rest > EPS) {
      p.amount = Math.sign(delta) * rest;
      p.entryPrice = price;
      if (isolated) p.isolatedWallet = (rest * price) / leverage;
    } else {
      p.amount += delta;
      if (isolated) p.isolatedWallet = ((p.isolatedWallet ?? 0) * Math.abs(p.amount)) / before;
      if (Math.abs(p.amount) < EPS) {
        p.amount = 0;
        p.entryPrice = 0;
        if (isolated) p.isolatedWallet = 0;
      }
    }
    return realized;
  }
}

/** An account's conditional orders and income lines (absent in accounts kept by older versions). */
export const algoOrdersOf = (account: Account): AlgoOrder[] => (account.algoOrders ??= []);
export const incomeOf = (account: Account): Income[] => (account.income ??= []);
