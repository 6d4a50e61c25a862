/**
 * The paper exchange's Binance: the subset of Binance's spot (/api/v3), wallet (/sapi/v1) and USD-M
 * futures (/fapi/v1..v3) REST API that ccxt uses for the calls Trendex makes. Private calls are
 * checked as Binance checks them (X-MBX-APIKEY, HMAC-SHA256 of query + body, timestamp and
 * recvWindow).
 */
import {
  ExchangeError,
  SYMBOLS,
  errors,
  symbolInfo,
  unrealizedPnl,
  type Account,
  type Order,
  type Trade,
} from './engine';
import type { PaperMarket } from './accounts';
import { CANDLE_MS } from './replay';
import { hmac, newOrderFrom, num, sameHex, splitSignature, type VenueApi } from './wire';

const INTERVALS: Record<string, number> = {
  '15m': CANDLE_MS,
  '30m': 2 * CANDLE_MS,
  '1h': 4 * CANDLE_MS,
  '2h': 8 * CANDLE_MS,
  '4h': 16 * CANDLE_MS,
  '1d': 96 * CANDLE_MS,
};

export const binanceApi = (market: PaperMarket): VenueApi => {
  const { books, now, replay, price: priceOf } = market;

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
  const binancePrivate: VenueApi['private'] = {
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

  const binancePublic: VenueApi['public'] = {
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

  const checkBinanceSignature: VenueApi['authenticate'] = (req, rawQuery, body, params) => {
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

  return { public: binancePublic, private: binancePrivate, authenticate: checkBinanceSignature };
};
