/**
 * The paper exchange's book keeping, pure (no I/O, no clock): accounts per API key, spot balances,
 * USD-M futures positions in one-way mode with cross margin, market and limit orders that fill
 * against the replayed price, trades and order history. The HTTP layer (server.ts) speaks
 * Binance's REST dialect over it.
 *
 * Fill model: a market order fills at the current price; a limit order that is marketable when
 * placed fills at once at the current price (taker); otherwise it rests and fills at its limit
 * price (maker) as soon as the replayed price reaches it. Fees are charged in the quote asset on
 * futures and, on spot, in the asset received (as Binance does without BNB discounts).
 */

export type Venue = 'spot' | 'futures';
export type OrderSide = 'BUY' | 'SELL';
export type OrderType = 'MARKET' | 'LIMIT';
type OrderStatus = 'NEW' | 'FILLED' | 'CANCELED';

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
    pricePrecision: 2,
    quantityPrecision: 5,
    minQty: 0.00001,
    minNotional: 5,
  },
  ETHUSDT: {
    symbol: 'ETHUSDT',
    base: 'ETH',
    quote: 'USDT',
    pricePrecision: 2,
    quantityPrecision: 4,
    minQty: 0.0001,
    minNotional: 5,
  },
  XRPUSDT: {
    symbol: 'XRPUSDT',
    base: 'XRP',
    quote: 'USDT',
    pricePrecision: 4,
    quantityPrecision: 1,
    minQty: 0.1,
    minNotional: 5,
  },
  BNBUSDT: {
    symbol: 'BNBUSDT',
    base: 'BNB',
    quote: 'USDT',
    pricePrecision: 2,
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
  /** Limit price; 0 for market orders. */
  price: number;
  origQty: number;
  executedQty: number;
  /** Quote spent or received by the fills. */
  cumQuote: number;
  status: OrderStatus;
  timeInForce: string;
  reduceOnly: boolean;
  time: number;
  updateTime: number;
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

export interface Position {
  symbol: string;
  /** Signed: positive long, negative short. */
  amount: number;
  entryPrice: number;
  updateTime: number;
}

export interface Balance {
  free: number;
  locked: number;
}

export interface Account {
  apiKey: string;
  secret: string;
  canWithdraw: boolean;
  spot: Record<string, Balance>;
  futures: {
    /** USDT wallet balance: deposits plus realized PnL minus fees. */
    wallet: number;
    positions: Record<string, Position>;
    leverage: Record<string, number>;
  };
  orders: Order[];
  trades: Trade[];
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
  invalidSymbol: () => new ExchangeError(400, -1121, 'Invalid symbol.'),
  badParam: (name: string) =>
    new ExchangeError(
      400,
      -1102,
      `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`,
    ),
  minNotional: () => new ExchangeError(400, -1013, 'Filter failure: NOTIONAL'),
  badLeverage: () => new ExchangeError(400, -4028, 'Leverage is not valid'),
};

const DEFAULT_LEVERAGE = 20;
const MAX_LEVERAGE = 125;

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
  reduceOnly?: boolean;
  timeInForce?: string;
  clientOrderId?: string;
}

export const newAccount = (
  apiKey: string,
  secret: string,
  opts: { canWithdraw?: boolean; spot?: Record<string, number>; futuresUsdt?: number } = {},
): Account => ({
  apiKey,
  secret,
  canWithdraw: opts.canWithdraw ?? false,
  spot: Object.fromEntries(
    Object.entries(opts.spot ?? { USDT: 10_000 }).map(([a, v]) => [a, { free: v, locked: 0 }]),
  ),
  futures: { wallet: opts.futuresUsdt ?? 10_000, positions: {}, leverage: {} },
  orders: [],
  trades: [],
});

/** Unrealized PnL of a futures position at a mark price. */
export const unrealizedPnl = (p: Position, mark: number): number => p.amount * (mark - p.entryPrice);

/**
 * One exchange: accounts plus the current prices. `priceOf` reads the replay; ids are sequential
 * so histories sort by id as Binance's do.
 */
export class PaperBook {
  readonly accounts = new Map<string, Account>();
  private nextOrderId = 1;
  private nextTradeId = 1;

  constructor(
    private readonly priceOf: (symbol: string) => number,
    readonly fees: Fees = { spot: 0.001, futures: 0.0004 },
  ) {}

  add(account: Account): Account {
    this.accounts.set(account.apiKey, account);
    return account;
  }

  /** After accounts were loaded from a file: new ids continue after the highest one kept. */
  resumeIds() {
    for (const a of this.accounts.values()) {
      for (const o of a.orders) this.nextOrderId = Math.max(this.nextOrderId, o.orderId + 1);
      for (const t of a.trades) this.nextTradeId = Math.max(this.nextTradeId, t.id + 1);
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

  private balance(account: Account, asset: string): Balance {
    return (account.spot[asset] ??= { free: 0, locked: 0 });
  }

  /** Margin held by open positions at the mark price, and the futures wallet's available balance. */
  futuresMargin(account: Account) {
    let used = 0;
    let upnl = 0;
    for (const p of Object.values(account.futures.positions)) {
      if (Math.abs(p.amount) < EPS) continue;
      const mark = this.priceOf(p.symbol);
      used += (Math.abs(p.amount) * mark) / this.leverageOf(account, p.symbol);
      upnl += unrealizedPnl(p, mark);
    }
    for (const o of account.orders)
      if (o.venue === 'futures' && o.status === 'NEW' && !o.reduceOnly)
        used += ((o.origQty - o.executedQty) * o.price) / this.leverageOf(account, o.symbol);
    const wallet = account.futures.wallet;
    return { wallet, used, unrealized: upnl, available: Math.max(0, wallet + upnl - used) };
  }

  place(account: Account, input: NewOrder, time: number): Order {
    const info = symbolInfo(input.symbol);
    const price = this.priceOf(input.symbol);
    if (input.type === 'LIMIT' && !(input.price && input.price > 0)) throw errors.badParam('price');
    let quantity = input.quantity;
    if (!(quantity && quantity > 0)) {
      if (input.venue === 'spot' && input.type === 'MARKET' && input.side === 'BUY' && input.quoteOrderQty)
        quantity = input.quoteOrderQty / price;
      else throw errors.badParam('quantity');
    }
    quantity = roundTo(quantity, info.quantityPrecision);
    if (quantity < info.minQty - EPS) throw errors.badParam('quantity');
    const limit = input.type === 'LIMIT' ? roundTo(input.price!, info.pricePrecision) : 0;
    const reduceOnly = input.venue === 'futures' && Boolean(input.reduceOnly);
    if (!reduceOnly && quantity * (limit || price) < info.minNotional - EPS) throw errors.minNotional();

    const order: Order = {
      orderId: this.nextOrderId++,
      clientOrderId: input.clientOrderId ?? `paper${this.nextOrderId}`,
      venue: input.venue,
      symbol: input.symbol,
      side: input.side,
      type: input.type,
      price: limit,
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
      input.type === 'MARKET' || (input.side === 'BUY' ? price <= limit + EPS : price >= limit - EPS);

    if (input.venue === 'spot') {
      // Check (and for resting orders lock) what the order can spend.
      if (input.side === 'BUY') {
        const cost = quantity * (marketable ? price : limit);
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

  private unlock(account: Account, order: Order) {
    const info = symbolInfo(order.symbol);
    const left = order.origQty - order.executedQty;
    const balance = this.balance(account, order.side === 'BUY' ? info.quote : info.base);
    const amount = order.side === 'BUY' ? left * order.price : left;
    balance.locked = Math.max(0, balance.locked - amount);
    balance.free += amount;
  }

  /**
   * The replayed price moved through [low, high] since the last look: resting limit orders whose
   * price was reached fill at their limit price.
   */
  match(symbol: string, low: number, high: number, time: number) {
    for (const account of this.accounts.values())
      for (const order of account.orders) {
        if (order.status !== 'NEW' || order.symbol !== symbol) continue;
        const reached = order.side === 'BUY' ? low <= order.price + EPS : high >= order.price - EPS;
        if (!reached) continue;
        if (order.venue === 'spot') this.unlock(account, order);
        else {
          try {
            this.checkFutures(account, order, order.price);
          } catch {
            order.status = 'CANCELED';
            order.updateTime = time;
            continue;
          }
        }
        this.fill(account, order, order.price, true, time);
      }
  }

  private fill(account: Account, order: Order, price: number, maker: boolean, time: number) {
    const info = symbolInfo(order.symbol);
    const qty = order.origQty - order.executedQty;
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
    order.executedQty = order.origQty;
    order.cumQuote += quote;
    order.status = 'FILLED';
    order.updateTime = time;
    account.trades.push({
      id: this.nextTradeId++,
      orderId: order.orderId,
      venue: order.venue,
      symbol: order.symbol,
      side: order.side,
      price,
      qty,
      quoteQty: quote,
      commission,
      commissionAsset,
      realizedPnl,
      maker,
      time,
    });
  }

  /** Moves the position by a signed quantity at a price; returns the realized PnL of what it closed. */
  private applyFuturesFill(
    account: Account,
    symbol: string,
    delta: number,
    price: number,
    time: number,
  ): number {
    const p = (account.futures.positions[symbol] ??= { symbol, amount: 0, entryPrice: 0, updateTime: time });
    p.updateTime = time;
    if (Math.abs(p.amount) < EPS || Math.sign(p.amount) === Math.sign(delta)) {
      const size = Math.abs(p.amount) + Math.abs(delta);
      p.entryPrice = (Math.abs(p.amount) * p.entryPrice + Math.abs(delta) * price) / size;
      p.amount += delta;
      return 0;
    }
    const closing = Math.min(Math.abs(delta), Math.abs(p.amount));
    const realized = closing * (price - p.entryPrice) * Math.sign(p.amount);
    const rest = Math.abs(delta) - closing;
    if (rest > EPS) {
      p.amount = Math.sign(delta) * rest;
      p.entryPrice = price;
    } else {
      p.amount += delta;
      if (Math.abs(p.amount) < EPS) {
        p.amount = 0;
        p.entryPrice = 0;
      }
    }
    return realized;
  }
}
