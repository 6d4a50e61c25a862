/**
 * The trading side of the exchange port, for the bots: a member's Binance account as the executor
 * uses it (place an order under our client order id, look one up by it, cancel it) and the public
 * candles the tick reads once for the whole fleet. Binance only: WazirX has no futures and the bots
 * trade Binance (docs/decisions/bots-execution.md, "Gates and conflicts in the spec's order").
 *
 * DESIGN.md "What the whole fleet may ask of an exchange": ccxt's markets are loaded once per
 * container and market and handed to every member's client (setMarkets), never per member; an
 * order is always sent with our client order id, so a request that timed out is looked up by it
 * before anything is sent again; and every request pays its weight from the fleet's budget of its
 * egress lane before it is signed and sent (weight-budget.ts): it waits for the next minute rather
 * than pass 80 % of Binance's limit, waits out a 429's Retry-After and sends again, and never
 * calls into a ban.
 */
import type { Exchange } from 'ccxt';
import { now } from '#core/clock';
import { config } from '#core/config';
import { logger } from '#core/logger';
import { binanceClient, type Credentials } from './clients';
import { BINANCE_WEIGHT_LIMITS } from './binance-weights';
import { addWeight, closeWeightLane, getWeightCounter, raiseWeight, rollWeight } from './store';
import {
  LONGEST_WAIT_MS,
  carriedWeight,
  closedUntil,
  egressOf,
  headerOf,
  ipCap,
  isExchangeInfo,
  laneCap,
  laneFor,
  leaseSize,
  minuteOf,
  requestWeight,
  spend,
  usedAtLeast,
  usedWeightOf,
  verdict,
  weightLimitOf,
  type Lease,
} from './weight-budget';

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
  /** Fees in quote, each valued at its fill's price (a spot buy's fee is taken in the base asset). */
  fee: number;
  /** The part of `filled` the fee took in the base asset (a spot buy's): not held afterwards. */
  feeBase: number;
  /** Expired by the exchange's self-trade prevention (Binance: EXPIRED_IN_MATCH). */
  expiredInMatch?: boolean;
  /** `cancel` found it over already: filled, cancelled or expired by someone else than the bot. */
  endedElsewhere?: boolean;
  /** When it last filled, by the exchange's clock (ms), where the answer says. */
  filledAt?: number;
}

/** The exchange's answer that an order does not exist (never placed, or unknown id). */
export class UnknownOrder extends Error {}

/** The exchange's answer that a lane is closed for longer than a call may wait (a ban). */
export class EgressClosed extends Error {
  override name = 'EgressClosed';
}

interface InFlight {
  minute: number;
  weight: number;
}

/** What this container knows of a lane: its lease, the count it last saw, and how long to wait. */
interface LaneState {
  lease?: Lease;
  lastMinute: number;
  lastUsed: number;
  waitUntil: number;
  closedUntil: number;
  reserving?: Promise<void>;
  inFlight: Set<InFlight>;
}

const lanes = new Map<string, LaneState>();
/** The limits exchangeInfo listed (REQUEST_WEIGHT per minute), learned with the markets. */
const limits = new Map<TradingMarket, number>();

const egress = () => egressOf(config.exchange.simulatedEgressIps, config.exchange.whitelistIps);

const capsOf = (market: TradingMarket) => {
  const limit = limits.get(market) ?? BINANCE_WEIGHT_LIMITS[market];
  return {
    ip: ipCap(limit, config.exchange.weightShare),
    lane: laneCap(limit, config.exchange.weightShare, egress().ipsPerLane),
  };
};

const laneState = (market: TradingMarket, lane: string): LaneState => {
  const key = `${market}|${lane}`;
  let state = lanes.get(key);
  if (!state)
    lanes.set(
      key,
      (state = { lastMinute: -1, lastUsed: 0, waitUntil: 0, closedUntil: 0, inFlight: new Set() }),
    );
  return state;
};

const clock = () => now().getTime();

/** Waits until the clock reads `until`, looking at it every second at most (tests move it by hand). */
const waitUntil = async (until: number) => {
  for (let t = clock(); t < until; t = clock())
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(10, until - t))));
};

/** One reservation from the lane's counter (a lease), or the time to wait before asking again. */
const reserve = async (market: TradingMarket, lane: string, state: LaneState, weight: number) => {
  const t = clock();
  const at = { minute: minuteOf(t), now: t };
  const cap = capsOf(market).lane;
  const carried = carriedWeight(state.inFlight, at.minute);
  let size = leaseSize(weight, cap, state.lastMinute === at.minute ? state.lastUsed : 0) + carried;
  let used = await addWeight(market, lane, at, size, cap);
  if (used === null) {
    const counter = await getWeightCounter(market, lane);
    size = leaseSize(weight, cap, counter?.minute === at.minute ? counter.used : 0) + carried;
    const next = verdict(counter, t, size, cap);
    if (next.kind === 'roll') used = await rollWeight(market, lane, at, size);
    else if (next.kind === 'add') used = await addWeight(market, lane, at, size, cap);
    else if (next.why === 'blocked') state.closedUntil = Math.max(state.closedUntil, next.until);
    // The waiting containers do not all come back in the same millisecond.
    else state.waitUntil = next.until + Math.floor(Math.random() * 500);
  }
  // null: another container moved the counter first, or the lane is to be waited for; ask again.
  if (used === null) return;
  for (const call of state.inFlight) if (call.minute < at.minute) call.minute = at.minute;
  state.lease = { minute: at.minute, left: size - carried };
  state.lastMinute = at.minute;
  state.lastUsed = used;
};

/** Pays a request's weight from the lane's budget, waiting as long as the budget says. */
const take = async (market: TradingMarket, lane: string, weight: number): Promise<InFlight> => {
  const state = laneState(market, lane);
  for (;;) {
    const t = clock();
    if (state.closedUntil - t > LONGEST_WAIT_MS)
      throw new EgressClosed(
        `${market} egress ${lane} is closed by the exchange until ${new Date(state.closedUntil).toISOString()}`,
      );
    const wait = Math.max(state.waitUntil, state.closedUntil);
    if (wait > t) {
      await waitUntil(wait);
      continue;
    }
    const paid = spend(state.lease, minuteOf(t), weight);
    if (paid) {
      state.lease = paid;
      const call = { minute: minuteOf(t), weight };
      state.inFlight.add(call);
      return call;
    }
    // One reservation at a time per lane in a container: the others wait for its lease.
    state.reserving ??= reserve(market, lane, state, weight).finally(() => (state.reserving = undefined));
    await state.reserving;
  }
};

/**
 * Takes in what the exchange answered: its X-MBX-USED-WEIGHT-1M raises the lane's count (the
 * calls it made that we did not reserve), a 429 or 418 closes the lane until its Retry-After.
 * Answers the refusal's status, if it was one.
 */
const settle = async (
  market: TradingMarket,
  lane: string,
  call: InFlight,
  answer: { status: number; headers: Record<string, unknown> } | undefined,
): Promise<number | undefined> => {
  const state = laneState(market, lane);
  state.inFlight.delete(call);
  if (!answer) return undefined;
  const t = clock();
  const until = closedUntil(answer.status, headerOf(answer.headers, 'retry-after'), t);
  if (until !== undefined) {
    state.closedUntil = Math.max(state.closedUntil, until);
    state.lease = undefined;
    await closeWeightLane(market, lane, until);
  }
  const header = usedWeightOf(answer.headers);
  // The header counts the exchange's minute: compared only within the minute the call was paid in.
  if (header !== undefined && minuteOf(t) === call.minute) {
    const caps = capsOf(market);
    const least = usedAtLeast(header, caps.ip, caps.lane);
    if (least > (state.lastMinute === call.minute ? state.lastUsed : 0)) {
      await raiseWeight(market, lane, call.minute, least);
      state.lastMinute = call.minute;
      state.lastUsed = least;
      if (least >= caps.lane) state.lease = undefined;
    }
  }
  return until === undefined ? undefined : answer.status;
};

/**
 * A ccxt client whose every request goes through the lane `key` falls in (a member's key, a market
 * series): the weight is paid before the request is signed (a request that waited is signed when
 * it leaves, inside Binance's recvWindow), and the answer is taken in. A client makes one request
 * at a time (the runner's calls for a bot follow one another), so the last answer is its own.
 */
const governed = (client: Exchange, market: TradingMarket, key: string): Exchange => {
  const { lanes: all, simulated } = egress();
  const lane = laneFor(key, all);
  if (simulated) client.headers = { ...client.headers, 'X-Forwarded-For': lane };
  // The fleet's budget paces the requests; ccxt's own limiter would count this client's only.
  client.enableRateLimit = false;
  let answer: { status: number; headers: Record<string, unknown> } | undefined;
  const onRestResponse = client.onRestResponse.bind(client);
  client.onRestResponse = (
    status,
    statusText,
    url,
    method,
    headers,
    ...rest: [unknown, unknown, unknown]
  ) => {
    answer = { status: Number(status), headers: headers as Record<string, unknown> };
    return onRestResponse(status, statusText, url, method, headers, ...rest);
  };
  const fetch2 = client.fetch2.bind(client);
  client.fetch2 = async (path, api, method, params, headers, body, options) => {
    const request = client.sign(path, api, method, { ...params }, headers, body) as {
      url: string;
      method: string;
      body?: unknown;
    };
    const weight = requestWeight(request.method, request.url, request.body);
    // A 429 means the request was refused unrun: it is sent again once the lane opens (twice at most).
    for (let attempt = 0; ; attempt++) {
      const call = await take(market, lane, weight);
      answer = undefined;
      try {
        const result = (await fetch2(path, api, method, params, headers, body, options)) as unknown;
        await settle(market, lane, call, answer);
        if (isExchangeInfo(request.url)) {
          const limit = weightLimitOf((result as { rateLimits?: unknown } | undefined)?.rateLimits);
          if (limit) limits.set(market, limit);
        }
        return result;
      } catch (error) {
        const refused = await settle(market, lane, call, answer);
        if (refused === 429 && attempt < 2) continue;
        throw error;
      }
    }
  };
  return client;
};

const markets = new Map<TradingMarket, Promise<Record<string, unknown>>>();

/** The container's shared copy of a market's markets (loaded once, with one public call), for setMarkets. */
export const sharedMarkets = async (market: TradingMarket): Promise<unknown[]> => {
  let loaded = markets.get(market);
  if (!loaded) {
    const loader = governed(binanceClient(undefined, market) as unknown as Exchange, market, 'markets');
    loaded = loader.loadMarkets().then((m) => m as Record<string, unknown>);
    markets.set(market, loaded);
    loaded.catch(() => markets.delete(market));
  }
  return Object.values(await loaded);
};

/** A client whose markets are the container's shared copy. */
const clientFor = async (
  credentials: Credentials | undefined,
  market: TradingMarket,
  key: string,
): Promise<Exchange> => {
  const client = governed(binanceClient(credentials, market) as unknown as Exchange, market, key);
  client.setMarkets((await sharedMarkets(market)) as never);
  return client;
};

/** The exchange's smallest order of a symbol, from its market filters (NOTIONAL / MIN_NOTIONAL, LOT_SIZE). */
export interface OrderRules {
  /** Least order value (quote). */
  minCost: number;
  /** Least quantity (base). */
  minAmount: number;
}

/** A symbol's order rules from the container's shared markets (no member key: public data). */
export const marketOrderRules = async (market: TradingMarket, symbol: string): Promise<OrderRules> => {
  const client = await clientFor(undefined, market, 'markets');
  const m = client.market(unifiedSymbol(symbol, market)) as {
    limits?: { amount?: { min?: number }; cost?: { min?: number } };
  };
  return { minCost: m.limits?.cost?.min ?? 0, minAmount: m.limits?.amount?.min ?? 0 };
};

/** 'BTCUSDT' as ccxt names it on each market. */
export const unifiedSymbol = (symbol: string, market: TradingMarket): string => {
  const quote = symbol.endsWith('USDC') ? 'USDC' : 'USDT';
  const base = symbol.slice(0, -quote.length);
  return market === 'spot' ? `${base}/${quote}` : `${base}/${quote}:${quote}`;
};

/** A fee as ccxt parses it from an order's fills or a trade. */
interface FeeLine {
  cost?: number | string;
  currency?: string;
}

/**
 * Fees in quote and the base they took: a fee in the base asset is valued at its fill's price, one
 * in the quote asset is taken as it is. Another asset (BNB) has no price here, so it counts as 0 and
 * is logged (the bots' keys are set to pay in the traded assets: docs/decisions/bots-execution.md,
 * "Fees as charged").
 */
const feesOf = (lines: readonly { fee?: FeeLine; price: number }[], base: string, quote: string) => {
  let fee = 0;
  let feeBase = 0;
  for (const { fee: line, price } of lines) {
    const cost = Number(line?.cost ?? 0);
    if (!(cost > 0)) continue;
    if (line?.currency === base) {
      feeBase += cost;
      fee += cost * price;
    } else if (line?.currency === quote) fee += cost;
    else logger.warn('fee in another asset left out', { currency: line?.currency });
  }
  return { fee, feeBase };
};

/** One trade of an order as the user data stream told it (Binance's l, L, n and N of the event). */
export interface HeardTrade {
  qty: number;
  price: number;
  fee?: FeeLine;
}

/**
 * An order's fill the user data stream told trade by trade, every trade of it (their quantities
 * add up to the order's filled quantity, z): its state and fees need no request.
 */
export interface HeardFill {
  orderId: string;
  filled: number;
  trades: HeardTrade[];
}

/**
 * A filled order's state from its trades as the stream told them, its fees valued as a lookup
 * values them (feesOf, each at its trade's price); `filledAt` is when its last trade was.
 */
export const heardOrderState = (
  heard: HeardFill,
  symbol: string,
  market: TradingMarket,
  clientOrderId: string,
  filledAt: number,
): OrderState => {
  const [base, settle] = unifiedSymbol(symbol, market).split('/');
  const quote = heard.trades.reduce((sum, t) => sum + t.qty * t.price, 0);
  return {
    orderId: heard.orderId,
    clientOrderId,
    status: 'filled',
    filled: heard.filled,
    average: quote / heard.filled,
    ...feesOf(heard.trades, base, settle.split(':')[0]),
    filledAt,
  };
};

/** An order's answer; `fees` is null when it carries none (a futures order, an order read back). */
const stateOf = (o: Record<string, unknown>, clientOrderId: string): OrderState & { feesKnown: boolean } => {
  const status = String(o.status ?? 'open');
  const filled = Number(o.filled ?? 0);
  const average = o.average == null ? (o.price == null ? null : Number(o.price)) : Number(o.average);
  const [base, settle] = String(o.symbol ?? '').split('/');
  const quote = settle?.split(':')[0] ?? '';
  const lines = ((o.fees as FeeLine[] | undefined) ?? (o.fee ? [o.fee as FeeLine] : [])).filter(
    (f) => f.cost !== undefined,
  );
  const fees = feesOf(
    lines.map((fee) => ({ fee, price: average ?? 0 })),
    base,
    quote,
  );
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
    ...fees,
    ...(filled > 0 && typeof o.lastTradeTimestamp === 'number' ? { filledAt: o.lastTradeTimestamp } : {}),
    ...((o.info as { status?: string } | undefined)?.status === 'EXPIRED_IN_MATCH'
      ? { expiredInMatch: true }
      : {}),
    feesKnown: lines.length > 0,
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
  /**
   * What the account holds of the symbol, signed: spot, the free base balance (what a sale could
   * sell); futures, the one-way position (negative short).
   */
  held(symbol: string): Promise<number>;
  /** Futures: the symbol's leverage (set once per deployment). */
  setLeverage(symbol: string, leverage: number): Promise<void>;
}

export const tradingAccount = async (
  credentials: Credentials,
  market: TradingMarket,
): Promise<TradingAccount> => {
  // A member keeps to one lane: their key's hash picks it.
  const client = await clientFor(credentials, market, credentials.apiKey);
  const sym = (s: string) => unifiedSymbol(s, market);
  /**
   * A filled order's fees as the exchange charged them. A spot order's answer lists its fills with
   * their commission; a futures order's answer and any order read back (GET order) carry none, so
   * they are read from the order's own trades (myTrades / userTrades by orderId), once, when its
   * fill is about to be recorded.
   */
  const withFees = async (
    state: OrderState & { feesKnown: boolean },
    symbol: string,
  ): Promise<OrderState> => {
    const { feesKnown, ...rest } = state;
    if (rest.filled <= 0 || feesKnown) return rest;
    const trades = await client.fetchMyTrades(sym(symbol), undefined, undefined, { orderId: rest.orderId });
    const [base, settle] = sym(symbol).split('/');
    const own = trades.filter((t) => String(t.order) === rest.orderId);
    return {
      ...rest,
      ...feesOf(
        own.map((t) => ({ fee: t.fee as FeeLine | undefined, price: Number(t.price) })),
        base,
        settle.split(':')[0],
      ),
    };
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
      let rounded: number;
      try {
        rounded = Number(client.amountToPrecision(sym(symbol), size));
      } catch {
        // ccxt refuses an amount below one lot step: nothing the exchange would take.
        return 0;
      }
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
      return withFees(
        stateOf(placed as unknown as Record<string, unknown>, order.clientOrderId),
        order.symbol,
      );
    },
    async cancel(symbol, clientOrderId, kind = 'limit') {
      try {
        const found = await lookup(symbol, clientOrderId, kind);
        if (found.status !== 'open') return { ...found, endedElsewhere: true };
        const answer = (await client.cancelOrder(
          found.orderId,
          sym(symbol),
          isAlgo(kind) ? { trigger: true } : {},
        )) as unknown as Record<string, unknown>;
        // The cancel's answer is the order's final state (an algo order's is not): no second
        // lookup, so a fault after it cannot make the bot's own cancel look like someone else's.
        if (!isAlgo(kind) && answer.status === 'canceled')
          return withFees(stateOf(answer, clientOrderId), symbol);
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
    async held(symbol) {
      if (market === 'spot') {
        const balance = (await client.fetchBalance()) as unknown as {
          free?: Record<string, number | undefined>;
        };
        return Number(balance.free?.[sym(symbol).split('/')[0]] ?? 0);
      }
      const [position] = await client.fetchPositions([sym(symbol)]);
      const contracts = Number(position?.contracts ?? 0);
      return position?.side === 'short' ? -contracts : contracts;
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
 * one last; from `since` (an open time) on instead when given. Read once per symbol and interval
 * per tick for the whole fleet.
 */
export const fetchCandles = async (
  symbol: string,
  market: TradingMarket,
  interval: keyof typeof INTERVAL_MS,
  limit: number,
  since?: number,
): Promise<Kline[]> => {
  const client = await clientFor(undefined, market, `${market}|${symbol}|${interval}`);
  const rows = await client.fetchOHLCV(unifiedSymbol(symbol, market), interval, since, limit);
  return rows.map(([time, open, high, low, close, volume]) => ({
    time: Number(time),
    open: Number(open),
    high: Number(high),
    low: Number(low),
    close: Number(close),
    volume: Number(volume),
  }));
};
