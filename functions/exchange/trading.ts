/**
 * The trading side of the exchange port, for the bots: a member's Binance account as the executor
 * uses it (place an order under our client order id, look one up by it, cancel it) and the public
 * candles the tick reads once for the whole fleet. Binance only: WazirX has no futures and the bots
 * trade Binance (docs/decisions.md).
 *
 * DESIGN.md "What the whole fleet may ask of an exchange": ccxt's markets are loaded once per
 * container and market and handed to every member's client (setMarkets), never per member; an
 * order is always sent with our client order id, so a request that timed out is looked up by it
 * before anything is sent again.
 */
import type { Exchange } from 'ccxt';
import { binanceClient, type Credentials } from './clients';

export type TradingMarket = 'spot' | 'futures';

export type OrderKind = 'market' | 'limit' | 'stop';

export interface PlaceOrder {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  /** Base quantity. */
  size: number;
  /** Level of a limit or stop order. */
  price?: number;
  clientOrderId: string;
  /** Futures: the order may only reduce the position. */
  reduceOnly?: boolean;
}

export interface OrderState {
  orderId: string;
  clientOrderId: string;
  status: 'open' | 'filled' | 'canceled' | 'rejected';
  /** Base quantity filled. */
  filled: number;
  average: number | null;
  /** Fees in quote (a spot buy's fee in the base asset is valued at the fill price). */
  fee: number;
}

/** The exchange's answer that an order does not exist (never placed, or unknown id). */
export class UnknownOrder extends Error {}

const markets = new Map<TradingMarket, Promise<Record<string, unknown>>>();

/** A client whose markets are the container's shared copy (loaded once, with one public call). */
const clientFor = async (credentials: Credentials | undefined, market: TradingMarket): Promise<Exchange> => {
  const client = binanceClient(credentials, market) as unknown as Exchange;
  let loaded = markets.get(market);
  if (!loaded) {
    const loader = binanceClient(undefined, market) as unknown as Exchange;
    loaded = loader.loadMarkets().then((m) => m as Record<string, unknown>);
    markets.set(market, loaded);
    loaded.catch(() => markets.delete(market));
  }
  client.setMarkets(Object.values(await loaded) as never);
  return client;
};

/** 'BTCUSDT' as ccxt names it on each market. */
export const unifiedSymbol = (symbol: string, market: TradingMarket): string => {
  const quote = symbol.endsWith('USDC') ? 'USDC' : 'USDT';
  const base = symbol.slice(0, -quote.length);
  return market === 'spot' ? `${base}/${quote}` : `${base}/${quote}:${quote}`;
};

const stateOf = (o: Record<string, unknown>, clientOrderId: string): OrderState => {
  const status = String(o.status ?? 'open');
  const filled = Number(o.filled ?? 0);
  const average = o.average == null ? (o.price == null ? null : Number(o.price)) : Number(o.average);
  const fee = o.fee as { cost?: number; currency?: string } | undefined;
  const symbol = String(o.symbol ?? '');
  const base = symbol.split('/')[0];
  const feeCost = Number(fee?.cost ?? 0);
  return {
    orderId: String(o.id),
    clientOrderId,
    status:
      status === 'closed'
        ? 'filled'
        : status === 'canceled' || status === 'expired'
          ? 'canceled'
          : status === 'rejected'
            ? 'rejected'
            : 'open',
    filled,
    average: filled > 0 ? average : null,
    fee: fee?.currency === base && average ? feeCost * average : feeCost,
  };
};

const isUnknownOrder = (error: unknown) => {
  const text = String((error as Error)?.message ?? '');
  return (
    (error as { name?: string })?.name === 'OrderNotFound' ||
    /-2011|-2013|Unknown order|does not exist/i.test(text)
  );
};

export interface TradingAccount {
  /** Rounds a quantity to what the exchange accepts (0 when below its minimum). */
  quantity(symbol: string, size: number, price: number): number;
  place(order: PlaceOrder): Promise<OrderState>;
  /** The order sent under this client order id; UnknownOrder when the exchange never took it. */
  lookup(symbol: string, clientOrderId: string, kind?: OrderKind): Promise<OrderState>;
  /** Cancels a resting order; answers its final state (it may have filled meanwhile). */
  cancel(symbol: string, clientOrderId: string, kind?: OrderKind): Promise<OrderState>;
  /** Free quote balance of the market. */
  freeQuote(quote: string): Promise<number>;
  /** Futures: the symbol's leverage (set once per deployment). */
  setLeverage(symbol: string, leverage: number): Promise<void>;
}

export const tradingAccount = async (
  credentials: Credentials,
  market: TradingMarket,
): Promise<TradingAccount> => {
  const client = await clientFor(credentials, market);
  const sym = (s: string) => unifiedSymbol(s, market);
  /**
   * An order read back (GET order) carries no fee, unlike the answer to placing it: the fees of a
   * filled order are read from its trades, once, when its fill is about to be recorded.
   */
  const withFees = async (state: OrderState, symbol: string): Promise<OrderState> => {
    if (state.filled <= 0 || state.fee > 0) return state;
    const trades = await client.fetchMyTrades(sym(symbol), undefined, undefined, { orderId: state.orderId });
    const base = sym(symbol).split('/')[0];
    const fee = trades.reduce((sum, t) => {
      const cost = Number(t.fee?.cost ?? 0);
      return sum + (t.fee?.currency === base ? cost * Number(t.price) : cost);
    }, 0);
    return { ...state, fee };
  };
  // Futures stops are Binance "algo" orders: asked for with `trigger`, and once triggered their
  // fill is on the order they became (info.actualOrderId).
  const isAlgo = (kind: OrderKind) => kind === 'stop' && market === 'futures';
  const lookup = async (
    symbol: string,
    clientOrderId: string,
    kind: OrderKind = 'limit',
  ): Promise<OrderState> => {
    try {
      const params = { clientOrderId, ...(isAlgo(kind) ? { trigger: true } : {}) };
      const o = (await client.fetchOrder('', sym(symbol), params)) as unknown as Record<string, unknown>;
      const actual = (o.info as { actualOrderId?: string | number } | undefined)?.actualOrderId;
      if (isAlgo(kind) && o.status === 'closed' && actual !== undefined && String(actual) !== '') {
        const fill = (await client.fetchOrder(String(actual), sym(symbol))) as unknown as Record<
          string,
          unknown
        >;
        return { ...(await withFees(stateOf(fill, clientOrderId), symbol)), orderId: String(o.id) };
      }
      return withFees(stateOf(o, clientOrderId), symbol);
    } catch (error) {
      if (isUnknownOrder(error)) throw new UnknownOrder(clientOrderId);
      throw error;
    }
  };
  return {
    lookup,
    quantity(symbol, size, price) {
      const m = client.market(sym(symbol)) as {
        limits?: { amount?: { min?: number }; cost?: { min?: number } };
      };
      const rounded = Number(client.amountToPrecision(sym(symbol), size));
      const minAmount = m.limits?.amount?.min ?? 0;
      const minCost = m.limits?.cost?.min ?? 0;
      return rounded >= minAmount && rounded * price >= minCost ? rounded : 0;
    },
    async place(order) {
      const params: Record<string, unknown> = { clientOrderId: order.clientOrderId };
      if (order.reduceOnly && market === 'futures') params.reduceOnly = true;
      let type: string = order.type;
      let price: number | undefined = order.type === 'limit' ? order.price : undefined;
      if (order.type === 'stop') {
        type = market === 'futures' ? 'STOP_MARKET' : 'STOP_LOSS';
        params[market === 'futures' ? 'triggerPrice' : 'stopPrice'] = order.price;
        price = undefined;
      }
      const placed = await client.createOrder(sym(order.symbol), type, order.side, order.size, price, params);
      return stateOf(placed as unknown as Record<string, unknown>, order.clientOrderId);
    },
    async cancel(symbol, clientOrderId, kind = 'limit') {
      try {
        const found = await lookup(symbol, clientOrderId, kind);
        if (found.status !== 'open') return found;
        await client.cancelOrder(found.orderId, sym(symbol), isAlgo(kind) ? { trigger: true } : {});
      } catch (error) {
        if (!isUnknownOrder(error) && !(error instanceof UnknownOrder)) throw error;
      }
      return lookup(symbol, clientOrderId, kind);
    },
    async freeQuote(quote) {
      const balance = (await client.fetchBalance()) as unknown as {
        free?: Record<string, number | undefined>;
      };
      return Number(balance.free?.[quote] ?? 0);
    },
    async setLeverage(symbol, leverage) {
      if (market === 'futures') await client.setLeverage(leverage, sym(symbol));
    },
  };
};

export interface Kline {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const INTERVAL_MS = { '15m': 15 * 60_000, '1h': 3_600_000 } as const;
export const intervalMs = (interval: keyof typeof INTERVAL_MS) => INTERVAL_MS[interval];

/**
 * The last `limit` candles of a symbol (public endpoint, no key): the closed ones and the forming
 * one last. Read once per symbol and interval per tick for the whole fleet.
 */
export const fetchCandles = async (
  symbol: string,
  market: TradingMarket,
  interval: keyof typeof INTERVAL_MS,
  limit: number,
): Promise<Kline[]> => {
  const client = await clientFor(undefined, market);
  const rows = await client.fetchOHLCV(unifiedSymbol(symbol, market), interval, undefined, limit);
  return rows.map(([time, open, high, low, close, volume]) => ({
    time: Number(time),
    open: Number(open),
    high: Number(high),
    low: Number(low),
    close: Number(close),
    volume: Number(volume),
  }));
};
