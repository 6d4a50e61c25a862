/**
 * The paper exchange's HTTP face, served on the local gateway's port under /paper:
 *  - /paper/binance/...  the subset of Binance's spot (/api/v3), wallet (/sapi/v1) and USD-M futures
 *    (/fapi/v1..v3) REST API that ccxt uses for the calls Trendex makes; private calls are checked
 *    as Binance checks them (X-MBX-APIKEY, HMAC-SHA256 of query + body, timestamp and recvWindow);
 *  - /paper/wazirx/...   a tiny WazirX subset (funds, tickers, orders) with WazirX's signing;
 *  - POST /paper/accounts  makes a paper account ({ exchange, canWithdraw?, spot?, futuresUsdt? })
 *    and answers its API key and secret; GET /paper is a small page that does the same;
 *    DELETE /paper/accounts/<apiKey> revokes a key (as deleting it on the exchange would).
 * Accounts are kept in `<dataDir>/paper-exchange.json`, so a restart keeps them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ExchangeError,
  PaperBook,
  SYMBOLS,
  errors,
  newAccount,
  symbolInfo,
  unrealizedPnl,
  type Account,
  type Order,
  type OrderSide,
  type OrderType,
  type Trade,
  type Venue,
} from './engine';
import { CANDLE_MS, Replay } from './replay';

export const PAPER_PREFIX = '/paper';

export interface PaperExchangeOptions {
  /** Where accounts are kept between restarts; in memory only when absent. */
  file?: string;
  /** Replay speed (see replay.ts); PAPER_SPEED in the environment. */
  speed?: number;
  now?: () => number;
}

const INTERVALS: Record<string, number> = {
  '15m': CANDLE_MS,
  '30m': 2 * CANDLE_MS,
  '1h': 4 * CANDLE_MS,
  '2h': 8 * CANDLE_MS,
  '4h': 16 * CANDLE_MS,
  '1d': 96 * CANDLE_MS,
};

const num = (n: number, decimals = 8) => (Number.isFinite(n) ? n.toFixed(decimals) : '0');

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
};

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The raw query or body without its `signature` parameter, and that signature. */
const splitSignature = (raw: string): { rest: string; signature?: string } => {
  const match = /(^|&)signature=([^&]*)/.exec(raw);
  if (!match) return { rest: raw };
  const rest = (raw.slice(0, match.index) + raw.slice(match.index + match[0].length)).replace(/^&/, '');
  return { rest, signature: decodeURIComponent(match[2]) };
};

interface Request {
  method: string;
  path: string;
  params: Record<string, string>;
  account?: Account;
}

export const startPaperExchange = (options: PaperExchangeOptions = {}) => {
  const now = options.now ?? Date.now;
  const replay = new Replay({
    speed: options.speed ?? Number(process.env.PAPER_SPEED ?? 60),
    startedAt: now(),
  });
  let lastMatch = now();
  const priceOf = (symbol: string) => {
    symbolInfo(symbol);
    return replay.price(symbol, now());
  };
  const books = { binance: new PaperBook(priceOf), wazirx: new PaperBook(priceOf) };
  type ExchangeName = keyof typeof books;

  // Accounts survive restarts through a small JSON file.
  if (options.file && existsSync(options.file)) {
    const saved = JSON.parse(readFileSync(options.file, 'utf8')) as Record<ExchangeName, Account[]>;
    for (const name of Object.keys(books) as ExchangeName[]) {
      for (const a of saved[name] ?? []) books[name].add(a);
      books[name].resumeIds();
    }
  }
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    if (!options.file || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      const data = Object.fromEntries(Object.entries(books).map(([k, b]) => [k, [...b.accounts.values()]]));
      writeFileSync(options.file!, JSON.stringify(data), { mode: 0o600 });
    }, 200);
  };

  /** Resting limit orders see every price the replay went through since the last look. */
  const catchUp = () => {
    const t = now();
    if (t <= lastMatch) return;
    for (const symbol of Object.keys(SYMBOLS)) {
      const { low, high } = replay.range(symbol, lastMatch, t);
      books.binance.match(symbol, low, high, t);
      books.wazirx.match(symbol, low, high, t);
    }
    lastMatch = t;
    save();
  };

  const createAccount = (
    exchange: ExchangeName,
    opts: { canWithdraw?: boolean; spot?: Record<string, number>; futuresUsdt?: number } = {},
  ) => {
    const apiKey = randomBytes(24).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    books[exchange].add(newAccount(apiKey, secret, opts));
    save();
    return { apiKey, secret };
  };

  // ---------- Binance ----------
  const symbolFilters = (s: (typeof SYMBOLS)[string]) => [
    {
      filterType: 'PRICE_FILTER',
      minPrice: num(10 ** -s.pricePrecision),
      maxPrice: '1000000.00000000',
      tickSize: num(10 ** -s.pricePrecision),
    },
    {
      filterType: 'LOT_SIZE',
      minQty: num(s.minQty),
      maxQty: '9000000.00000000',
      stepSize: num(10 ** -s.quantityPrecision),
    },
    {
      filterType: 'MARKET_LOT_SIZE',
      minQty: num(s.minQty),
      maxQty: '9000000.00000000',
      stepSize: num(10 ** -s.quantityPrecision),
    },
    {
      filterType: 'NOTIONAL',
      minNotional: num(s.minNotional),
      applyMinToMarket: true,
      maxNotional: '9000000.00000000',
    },
    { filterType: 'MIN_NOTIONAL', notional: num(s.minNotional) },
  ];

  const spotExchangeInfo = () => ({
    timezone: 'UTC',
    serverTime: now(),
    rateLimits: [],
    exchangeFilters: [],
    symbols: Object.values(SYMBOLS).map((s) => ({
      symbol: s.symbol,
      status: 'TRADING',
      baseAsset: s.base,
      baseAssetPrecision: 8,
      quoteAsset: s.quote,
      quotePrecision: 8,
      quoteAssetPrecision: 8,
      baseCommissionPrecision: 8,
      quoteCommissionPrecision: 8,
      orderTypes: ['LIMIT', 'MARKET'],
      icebergAllowed: false,
      ocoAllowed: false,
      quoteOrderQtyMarketAllowed: true,
      isSpotTradingAllowed: true,
      isMarginTradingAllowed: false,
      filters: symbolFilters(s),
      permissions: [],
      permissionSets: [['SPOT']],
      defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
      allowedSelfTradePreventionModes: ['EXPIRE_MAKER'],
    })),
  });

  const futuresExchangeInfo = () => ({
    timezone: 'UTC',
    serverTime: now(),
    rateLimits: [],
    exchangeFilters: [],
    assets: [{ asset: 'USDT', marginAvailable: true, autoAssetExchange: '0' }],
    symbols: Object.values(SYMBOLS).map((s) => ({
      symbol: s.symbol,
      pair: s.symbol,
      contractType: 'PERPETUAL',
      deliveryDate: 4133404800000,
      onboardDate: 1569398400000,
      status: 'TRADING',
      baseAsset: s.base,
      quoteAsset: s.quote,
      marginAsset: 'USDT',
      pricePrecision: s.pricePrecision,
      quantityPrecision: s.quantityPrecision,
      baseAssetPrecision: 8,
      quotePrecision: 8,
      underlyingType: 'COIN',
      underlyingSubType: [],
      triggerProtect: '0.0500',
      liquidationFee: '0.012500',
      marketTakeBound: '0.05',
      maxMoveOrderLimit: 10000,
      orderTypes: ['LIMIT', 'MARKET'],
      timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
      filters: symbolFilters(s),
    })),
  });

  const ticker24 = (symbol: string, futures: boolean) => {
    const s = symbolInfo(symbol);
    const t = now();
    const st = replay.stats24h(symbol, t);
    const d = s.pricePrecision;
    return {
      symbol,
      priceChange: num(st.change, d),
      priceChangePercent: num(st.changePercent, 3),
      weightedAvgPrice: num((st.high + st.low + st.last) / 3, d),
      ...(futures
        ? {}
        : {
            prevClosePrice: num(st.open, d),
            bidPrice: num(st.last, d),
            askPrice: num(st.last, d),
            bidQty: '1.00000000',
            askQty: '1.00000000',
          }),
      lastPrice: num(st.last, d),
      lastQty: '0.01000000',
      openPrice: num(st.open, d),
      highPrice: num(st.high, d),
      lowPrice: num(st.low, d),
      volume: num(st.volume),
      quoteVolume: num(st.volume * st.last),
      openTime: st.openTime,
      closeTime: st.closeTime,
      firstId: 1,
      lastId: 1000,
      count: 1000,
    };
  };

  const symbolsParam = (params: Record<string, string>): string[] | undefined => {
    if (params.symbol) return [params.symbol];
    if (params.symbols) return JSON.parse(params.symbols) as string[];
    return undefined;
  };

  const klines = (params: Record<string, string>) => {
    const symbol = params.symbol;
    symbolInfo(symbol);
    const interval = INTERVALS[params.interval];
    if (!interval) throw new ExchangeError(400, -1120, 'Invalid interval.');
    const limit = Math.min(1500, Number(params.limit ?? 500));
    let rows = replay.klines(symbol, now(), interval, params.endTime || params.startTime ? 1500 : limit);
    if (params.startTime) rows = rows.filter((k) => k.openTime >= Number(params.startTime));
    if (params.endTime) rows = rows.filter((k) => k.openTime <= Number(params.endTime));
    rows = params.startTime ? rows.slice(0, limit) : rows.slice(-limit);
    const d = symbolInfo(symbol).pricePrecision;
    return rows.map((k) => [
      k.openTime,
      num(k.open, d),
      num(k.high, d),
      num(k.low, d),
      num(k.close, d),
      num(k.volume),
      k.closeTime,
      num(k.volume * k.close),
      100,
      num(k.volume / 2),
      num((k.volume / 2) * k.close),
      '0',
    ]);
  };

  const orderStatusOut = (o: Order) => ({
    symbol: o.symbol,
    orderId: o.orderId,
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    price: num(o.price),
    origQty: num(o.origQty),
    executedQty: num(o.executedQty),
    cummulativeQuoteQty: num(o.cumQuote),
    status: o.status,
    timeInForce: o.timeInForce,
    type: o.type,
    side: o.side,
    stopPrice: '0.00000000',
    icebergQty: '0.00000000',
    time: o.time,
    updateTime: o.updateTime,
    workingTime: o.time,
    isWorking: o.status === 'NEW',
    origQuoteOrderQty: '0.00000000',
    selfTradePreventionMode: 'EXPIRE_MAKER',
  });

  const futuresOrderOut = (o: Order) => ({
    orderId: o.orderId,
    symbol: o.symbol,
    status: o.status,
    clientOrderId: o.clientOrderId,
    price: num(o.price),
    avgPrice: num(o.executedQty ? o.cumQuote / o.executedQty : 0),
    origQty: num(o.origQty),
    executedQty: num(o.executedQty),
    cumQty: num(o.executedQty),
    cumQuote: num(o.cumQuote),
    timeInForce: o.timeInForce,
    type: o.type,
    origType: o.type,
    reduceOnly: o.reduceOnly,
    closePosition: false,
    side: o.side,
    positionSide: 'BOTH',
    stopPrice: '0',
    workingType: 'CONTRACT_PRICE',
    priceProtect: false,
    priceMatch: 'NONE',
    selfTradePreventionMode: 'NONE',
    goodTillDate: 0,
    time: o.time,
    updateTime: o.updateTime,
  });

  const spotTradeOut = (t: Trade) => ({
    symbol: t.symbol,
    id: t.id,
    orderId: t.orderId,
    orderListId: -1,
    price: num(t.price),
    qty: num(t.qty),
    quoteQty: num(t.quoteQty),
    commission: num(t.commission),
    commissionAsset: t.commissionAsset,
    time: t.time,
    isBuyer: t.side === 'BUY',
    isMaker: t.maker,
    isBestMatch: true,
  });

  const futuresTradeOut = (t: Trade) => ({
    buyer: t.side === 'BUY',
    commission: num(t.commission),
    commissionAsset: t.commissionAsset,
    id: t.id,
    maker: t.maker,
    orderId: t.orderId,
    price: num(t.price),
    qty: num(t.qty),
    quoteQty: num(t.quoteQty),
    realizedPnl: num(t.realizedPnl),
    side: t.side,
    positionSide: 'BOTH',
    symbol: t.symbol,
    time: t.time,
  });

  const newOrderFrom = (venue: Venue, p: Record<string, string>) => {
    if (!p.side) throw errors.badParam('side');
    if (!p.type) throw errors.badParam('type');
    if (p.type !== 'MARKET' && p.type !== 'LIMIT') throw new ExchangeError(400, -1116, 'Invalid orderType.');
    return {
      venue,
      symbol: p.symbol,
      side: p.side as OrderSide,
      type: p.type as OrderType,
      quantity: p.quantity ? Number(p.quantity) : undefined,
      quoteOrderQty: p.quoteOrderQty ? Number(p.quoteOrderQty) : undefined,
      price: p.price ? Number(p.price) : undefined,
      reduceOnly: p.reduceOnly === 'true',
      timeInForce: p.timeInForce,
      clientOrderId: p.newClientOrderId,
    };
  };

  const orderId = (p: Record<string, string>) => ({
    orderId: p.orderId ? Number(p.orderId) : undefined,
    clientOrderId: p.origClientOrderId,
  });

  const positionOut = (a: Account, symbol: string) => {
    const book = books.binance;
    const p = a.futures.positions[symbol] ?? { symbol, amount: 0, entryPrice: 0, updateTime: 0 };
    const mark = priceOf(symbol);
    const leverage = book.leverageOf(a, symbol);
    const notional = p.amount * mark;
    return {
      symbol,
      positionSide: 'BOTH',
      positionAmt: num(p.amount),
      entryPrice: num(p.entryPrice),
      breakEvenPrice: num(p.entryPrice),
      markPrice: num(mark),
      unRealizedProfit: num(unrealizedPnl(p, mark)),
      unrealizedProfit: num(unrealizedPnl(p, mark)),
      liquidationPrice: '0',
      leverage: String(leverage),
      maxNotionalValue: '1000000',
      marginType: 'cross',
      isolatedMargin: '0.00000000',
      isolatedWallet: '0',
      isAutoAddMargin: 'false',
      notional: num(notional),
      initialMargin: num(Math.abs(notional) / leverage),
      maintMargin: num(Math.abs(notional) * 0.004),
      positionInitialMargin: num(Math.abs(notional) / leverage),
      openOrderInitialMargin: '0',
      marginAsset: 'USDT',
      adl: 0,
      bidNotional: '0',
      askNotional: '0',
      updateTime: p.updateTime,
    };
  };

  const futuresAccount = (a: Account) => {
    const m = books.binance.futuresMargin(a);
    const positions = Object.keys(SYMBOLS).map((s) => positionOut(a, s));
    const totals = {
      totalInitialMargin: num(m.used),
      totalMaintMargin: '0',
      totalWalletBalance: num(m.wallet),
      totalUnrealizedProfit: num(m.unrealized),
      totalMarginBalance: num(m.wallet + m.unrealized),
      totalPositionInitialMargin: num(m.used),
      totalOpenOrderInitialMargin: '0',
      totalCrossWalletBalance: num(m.wallet),
      totalCrossUnPnl: num(m.unrealized),
      availableBalance: num(m.available),
      maxWithdrawAmount: num(m.available),
    };
    const usdt = {
      asset: 'USDT',
      walletBalance: num(m.wallet),
      unrealizedProfit: num(m.unrealized),
      marginBalance: num(m.wallet + m.unrealized),
      maintMargin: '0',
      initialMargin: num(m.used),
      positionInitialMargin: num(m.used),
      openOrderInitialMargin: '0',
      crossWalletBalance: num(m.wallet),
      crossUnPnl: num(m.unrealized),
      availableBalance: num(m.available),
      maxWithdrawAmount: num(m.available),
      marginAvailable: true,
      updateTime: now(),
    };
    return {
      feeTier: 0,
      canTrade: true,
      canDeposit: true,
      canWithdraw: a.canWithdraw,
      updateTime: 0,
      multiAssetsMargin: false,
      tradeGroupId: -1,
      ...totals,
      assets: [usdt],
      positions,
    };
  };

  /** Binance's private routes: [method, path] -> handler. */
  const binancePrivate: Record<string, (r: Request & { account: Account }) => unknown> = {
    'GET /api/v3/account': ({ account }) => ({
      makerCommission: 10,
      takerCommission: 10,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: {
        maker: '0.00100000',
        taker: '0.00100000',
        buyer: '0.00000000',
        seller: '0.00000000',
      },
      canTrade: true,
      canWithdraw: account.canWithdraw,
      canDeposit: true,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: now(),
      accountType: 'SPOT',
      balances: Object.entries(account.spot).map(([asset, b]) => ({
        asset,
        free: num(b.free),
        locked: num(b.locked),
      })),
      permissions: ['SPOT'],
      uid: 1,
    }),
    'GET /sapi/v1/account/apiRestrictions': ({ account }) => ({
      ipRestrict: false,
      createTime: 1_700_000_000_000,
      enableInternalTransfer: false,
      enableFutures: true,
      enablePortfolioMarginTrading: false,
      enableVanillaOptions: false,
      permitsUniversalTransfer: false,
      enableReading: true,
      enableSpotAndMarginTrading: true,
      enableWithdrawals: account.canWithdraw,
      enableMargin: false,
    }),
    'POST /api/v3/order': ({ account, params }) => {
      const o = books.binance.place(account, newOrderFrom('spot', params), now());
      const fills = account.trades
        .filter((t) => t.orderId === o.orderId)
        .map((t) => ({
          price: num(t.price),
          qty: num(t.qty),
          commission: num(t.commission),
          commissionAsset: t.commissionAsset,
          tradeId: t.id,
        }));
      return { ...orderStatusOut(o), transactTime: o.time, fills };
    },
    'DELETE /api/v3/order': ({ account, params }) =>
      orderStatusOut(books.binance.cancel(account, 'spot', params.symbol, orderId(params), now())),
    'GET /api/v3/order': ({ account, params }) =>
      orderStatusOut(books.binance.find(account, 'spot', params.symbol, orderId(params))),
    'GET /api/v3/openOrders': ({ account, params }) =>
      account.orders
        .filter(
          (o) => o.venue === 'spot' && o.status === 'NEW' && (!params.symbol || o.symbol === params.symbol),
        )
        .map(orderStatusOut),
    'DELETE /api/v3/openOrders': ({ account, params }) =>
      account.orders
        .filter((o) => o.venue === 'spot' && o.status === 'NEW' && o.symbol === params.symbol)
        .map((o) =>
          orderStatusOut(books.binance.cancel(account, 'spot', o.symbol, { orderId: o.orderId }, now())),
        ),
    'GET /api/v3/allOrders': ({ account, params }) =>
      account.orders
        .filter((o) => o.venue === 'spot' && o.symbol === params.symbol)
        .slice(-Number(params.limit ?? 500))
        .map(orderStatusOut),
    'GET /api/v3/myTrades': ({ account, params }) =>
      account.trades
        .filter((t) => t.venue === 'spot' && t.symbol === params.symbol)
        .slice(-Number(params.limit ?? 500))
        .map(spotTradeOut),

    'GET /fapi/v2/account': ({ account }) => futuresAccount(account),
    'GET /fapi/v3/account': ({ account }) => futuresAccount(account),
    'GET /fapi/v2/balance': ({ account }) => futuresAccount(account).assets,
    'GET /fapi/v3/balance': ({ account }) => futuresAccount(account).assets,
    'GET /fapi/v2/positionRisk': ({ account, params }) =>
      Object.keys(SYMBOLS)
        .filter((s) => !params.symbol || s === params.symbol)
        .map((s) => positionOut(account, s)),
    'GET /fapi/v3/positionRisk': ({ account, params }) =>
      Object.keys(SYMBOLS)
        .filter(
          (s) =>
            (!params.symbol || s === params.symbol) &&
            (params.symbol || account.futures.positions[s]?.amount),
        )
        .map((s) => positionOut(account, s)),
    'POST /fapi/v1/leverage': ({ account, params }) => ({
      symbol: params.symbol,
      leverage: books.binance.setLeverage(account, params.symbol, Number(params.leverage)),
      maxNotionalValue: '1000000',
    }),
    'POST /fapi/v1/marginType': () => ({ code: 200, msg: 'success' }),
    'GET /fapi/v1/positionSide/dual': () => ({ dualSidePosition: false }),
    'GET /fapi/v1/leverageBracket': ({ params }) =>
      Object.keys(SYMBOLS)
        .filter((s) => !params.symbol || s === params.symbol)
        .map((symbol) => ({
          symbol,
          brackets: [
            {
              bracket: 1,
              initialLeverage: 125,
              notionalCap: 1_000_000,
              notionalFloor: 0,
              maintMarginRatio: 0.004,
              cum: 0,
            },
          ],
        })),
    'GET /fapi/v1/multiAssetsMargin': () => ({ multiAssetsMargin: false }),
    'POST /fapi/v1/order': ({ account, params }) =>
      futuresOrderOut(books.binance.place(account, newOrderFrom('futures', params), now())),
    'DELETE /fapi/v1/order': ({ account, params }) =>
      futuresOrderOut(books.binance.cancel(account, 'futures', params.symbol, orderId(params), now())),
    'GET /fapi/v1/order': ({ account, params }) =>
      futuresOrderOut(books.binance.find(account, 'futures', params.symbol, orderId(params))),
    'GET /fapi/v1/openOrders': ({ account, params }) =>
      account.orders
        .filter(
          (o) =>
            o.venue === 'futures' && o.status === 'NEW' && (!params.symbol || o.symbol === params.symbol),
        )
        .map(futuresOrderOut),
    'DELETE /fapi/v1/allOpenOrders': ({ account, params }) => {
      for (const o of account.orders.filter(
        (x) => x.venue === 'futures' && x.status === 'NEW' && x.symbol === params.symbol,
      ))
        books.binance.cancel(account, 'futures', o.symbol, { orderId: o.orderId }, now());
      return { code: 200, msg: 'The operation of cancel all open order is done.' };
    },
    'GET /fapi/v1/allOrders': ({ account, params }) =>
      account.orders
        .filter((o) => o.venue === 'futures' && o.symbol === params.symbol)
        .slice(-Number(params.limit ?? 500))
        .map(futuresOrderOut),
    'GET /fapi/v1/userTrades': ({ account, params }) =>
      account.trades
        .filter((t) => t.venue === 'futures' && t.symbol === params.symbol)
        .slice(-Number(params.limit ?? 500))
        .map(futuresTradeOut),
  };

  const binancePublic: Record<string, (r: Request) => unknown> = {
    'GET /api/v3/ping': () => ({}),
    'GET /fapi/v1/ping': () => ({}),
    'GET /api/v3/time': () => ({ serverTime: now() }),
    'GET /fapi/v1/time': () => ({ serverTime: now() }),
    'GET /api/v3/exchangeInfo': () => spotExchangeInfo(),
    'GET /fapi/v1/exchangeInfo': () => futuresExchangeInfo(),
    'GET /api/v3/ticker/24hr': ({ params }) => {
      const list = symbolsParam(params);
      return params.symbol
        ? ticker24(params.symbol, false)
        : (list ?? Object.keys(SYMBOLS)).map((s) => ticker24(s, false));
    },
    'GET /fapi/v1/ticker/24hr': ({ params }) =>
      params.symbol ? ticker24(params.symbol, true) : Object.keys(SYMBOLS).map((s) => ticker24(s, true)),
    'GET /api/v3/ticker/price': ({ params }) => {
      const one = (s: string) => ({ symbol: s, price: num(priceOf(s), symbolInfo(s).pricePrecision) });
      return params.symbol ? one(params.symbol) : (symbolsParam(params) ?? Object.keys(SYMBOLS)).map(one);
    },
    'GET /fapi/v1/ticker/price': ({ params }) => {
      const one = (s: string) => ({
        symbol: s,
        price: num(priceOf(s), symbolInfo(s).pricePrecision),
        time: now(),
      });
      return params.symbol ? one(params.symbol) : Object.keys(SYMBOLS).map(one);
    },
    'GET /fapi/v1/premiumIndex': ({ params }) => {
      const one = (s: string) => ({
        symbol: s,
        markPrice: num(priceOf(s)),
        indexPrice: num(priceOf(s)),
        estimatedSettlePrice: num(priceOf(s)),
        lastFundingRate: '0.00010000',
        interestRate: '0.00010000',
        nextFundingTime: Math.ceil(now() / 28_800_000) * 28_800_000,
        time: now(),
      });
      return params.symbol ? one(params.symbol) : Object.keys(SYMBOLS).map(one);
    },
    'GET /api/v3/klines': ({ params }) => klines(params),
    'GET /fapi/v1/klines': ({ params }) => klines(params),
  };

  const checkBinanceSignature = (
    req: IncomingMessage,
    rawQuery: string,
    body: string,
    params: Record<string, string>,
  ) => {
    const apiKey = req.headers['x-mbx-apikey'];
    const account = typeof apiKey === 'string' ? books.binance.accounts.get(apiKey) : undefined;
    if (!account) throw new ExchangeError(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    const q = splitSignature(rawQuery);
    const b = splitSignature(body);
    const signature = q.signature ?? b.signature;
    if (!signature) throw errors.badParam('signature');
    if (!sameHex(hmac(account.secret, q.rest + b.rest), signature))
      throw new ExchangeError(400, -1022, 'Signature for this request is not valid.');
    const timestamp = Number(params.timestamp);
    const recvWindow = Number(params.recvWindow ?? 5000);
    if (!timestamp) throw errors.badParam('timestamp');
    if (timestamp > now() + 1000 || now() - timestamp > recvWindow)
      throw new ExchangeError(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
    return account;
  };

  // ---------- WazirX (tiny subset) ----------
  const wazirxSymbol = (s: string) => s.toUpperCase();
  const wazirxOrderOut = (o: Order) => ({
    id: o.orderId,
    symbol: o.symbol.toLowerCase(),
    price: num(o.price),
    origQty: num(o.origQty),
    executedQty: num(o.executedQty),
    status: o.status === 'NEW' ? 'wait' : o.status === 'FILLED' ? 'done' : 'cancel',
    type: o.type.toLowerCase(),
    side: o.side.toLowerCase(),
    createdTime: o.time,
    updatedTime: o.updateTime,
  });

  const wazirx: Record<string, (r: Request) => unknown> = {
    'GET /sapi/v1/ping': () => ({}),
    'GET /sapi/v1/time': () => ({ serverTime: now() }),
    'GET /sapi/v1/tickers/24hr': () =>
      Object.keys(SYMBOLS).map((s) => {
        const st = replay.stats24h(s, now());
        return {
          symbol: s.toLowerCase(),
          baseAsset: SYMBOLS[s].base.toLowerCase(),
          quoteAsset: 'usdt',
          openPrice: num(st.open),
          lowPrice: num(st.low),
          highPrice: num(st.high),
          lastPrice: num(st.last),
          volume: num(st.volume),
          bidPrice: num(st.last),
          askPrice: num(st.last),
          at: now(),
        };
      }),
    'GET /sapi/v1/funds': ({ account }) =>
      Object.entries(account!.spot).map(([asset, b]) => ({
        asset: asset.toLowerCase(),
        free: num(b.free),
        locked: num(b.locked),
      })),
    'POST /sapi/v1/order': ({ account, params }) =>
      wazirxOrderOut(
        books.wazirx.place(
          account!,
          {
            ...newOrderFrom('spot', {
              ...params,
              side: params.side?.toUpperCase(),
              type: params.type?.toUpperCase(),
            }),
            symbol: wazirxSymbol(params.symbol ?? ''),
          },
          now(),
        ),
      ),
    'DELETE /sapi/v1/order': ({ account, params }) =>
      wazirxOrderOut(
        books.wazirx.cancel(
          account!,
          'spot',
          wazirxSymbol(params.symbol ?? ''),
          { orderId: Number(params.orderId) },
          now(),
        ),
      ),
    'GET /sapi/v1/openOrders': ({ account }) =>
      account!.orders.filter((o) => o.status === 'NEW').map(wazirxOrderOut),
  };
  const wazirxPublic = new Set(['GET /sapi/v1/ping', 'GET /sapi/v1/time', 'GET /sapi/v1/tickers/24hr']);

  const checkWazirxSignature = (
    req: IncomingMessage,
    rawQuery: string,
    body: string,
    params: Record<string, string>,
  ) => {
    const apiKey = req.headers['x-api-key'];
    const account = typeof apiKey === 'string' ? books.wazirx.accounts.get(apiKey) : undefined;
    if (!account) throw new ExchangeError(401, 2112, 'Invalid API Key.');
    const payload = splitSignature(body || rawQuery);
    if (!payload.signature || !sameHex(hmac(account.secret, payload.rest), payload.signature))
      throw new ExchangeError(401, 2005, 'Signature is incorrect.');
    if (Math.abs(now() - Number(params.timestamp)) > Number(params.recvWindow ?? 10_000))
      throw new ExchangeError(400, 2136, 'Timestamp is outside of the recvWindow.');
    return account;
  };

  const page = `<!doctype html><meta charset="utf-8"><title>Paper exchange</title>
<body style="font-family:system-ui;max-width:640px;margin:2rem auto">
<h1>Paper exchange</h1><p>Stands in for Binance (spot and USD-M futures) and WazirX in the local stack.
Make a paper account and paste its key and secret on the Exchange page.</p>
<form id="f"><label>Exchange <select name="exchange"><option>binance</option><option>wazirx</option></select></label>
<label><input type="checkbox" name="canWithdraw"> withdrawals enabled</label> <button>Create API key</button></form>
<pre id="out"></pre><script>
f.onsubmit=async(e)=>{e.preventDefault();const d=new FormData(f);
const r=await fetch('accounts',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({exchange:d.get('exchange'),canWithdraw:d.get('canWithdraw')==='on'})});
out.textContent=JSON.stringify(await r.json(),null,2)};</script></body>`;

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== PAPER_PREFIX && !url.pathname.startsWith(`${PAPER_PREFIX}/`)) return false;
    const rest = url.pathname.slice(PAPER_PREFIX.length) || '/';
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'DELETE' ? '' : await readBody(req);
    const rawQuery = url.search.replace(/^\?/, '');
    try {
      if (rest === '/' || rest === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page.replace("fetch('accounts'", `fetch('${PAPER_PREFIX}/accounts'`));
        return true;
      }
      if (rest === '/accounts' && method === 'POST') {
        const input = (body ? JSON.parse(body) : {}) as {
          exchange?: ExchangeName;
          canWithdraw?: boolean;
          spot?: Record<string, number>;
          futuresUsdt?: number;
        };
        const exchange = input.exchange === 'wazirx' ? 'wazirx' : 'binance';
        send(res, 201, { exchange, ...createAccount(exchange, input) });
        return true;
      }
      const revoke = /^\/accounts\/([^/]+)$/.exec(rest);
      if (revoke && method === 'DELETE') {
        const apiKey = decodeURIComponent(revoke[1]);
        const found = books.binance.accounts.delete(apiKey) || books.wazirx.accounts.delete(apiKey);
        save();
        send(res, found ? 200 : 404, { revoked: found });
        return true;
      }
      const match = /^\/(binance|wazirx)(\/.*)$/.exec(rest);
      if (!match) {
        send(res, 404, { code: -1, msg: 'Not found.' });
        return true;
      }
      const exchange = match[1] as ExchangeName;
      const path = match[2];
      const key = `${method} ${path}`;
      const params: Record<string, string> = Object.fromEntries(new URLSearchParams(rawQuery));
      const contentType = String(req.headers['content-type'] ?? '');
      if (body) {
        const fromBody = contentType.includes('json')
          ? (JSON.parse(body) as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(body));
        Object.assign(params, fromBody);
      }
      catchUp();
      let answer: unknown;
      if (exchange === 'binance') {
        if (binancePublic[key]) answer = binancePublic[key]({ method, path, params });
        else if (binancePrivate[key]) {
          const account = checkBinanceSignature(req, rawQuery, body, params);
          answer = binancePrivate[key]({ method, path, params, account });
          save();
        } else throw new ExchangeError(404, -1, `The paper exchange does not serve ${key}.`);
      } else {
        if (!wazirx[key]) throw new ExchangeError(404, -1, `The paper exchange does not serve ${key}.`);
        const account = wazirxPublic.has(key) ? undefined : checkWazirxSignature(req, rawQuery, body, params);
        answer = wazirx[key]({ method, path, params, account });
        if (account) save();
      }
      send(res, 200, answer);
    } catch (error) {
      if (error instanceof ExchangeError)
        send(
          res,
          error.httpStatus,
          rest.startsWith('/wazirx')
            ? { code: error.code, message: error.message }
            : { code: error.code, msg: error.message },
        );
      else if (error instanceof SyntaxError)
        send(res, 400, { code: -1100, msg: 'Illegal characters found in a parameter.' });
      else send(res, 500, { code: -1000, msg: 'An unknown error occurred while processing the request.' });
    }
    return true;
  };

  return {
    handle,
    createAccount,
    books,
    replay,
    price: priceOf,
    close: () => {
      if (saveTimer) clearTimeout(saveTimer);
    },
  };
};

export type PaperExchange = ReturnType<typeof startPaperExchange>;
