/** The paper exchange's Binance spot (/api/v3) and wallet (/sapi/v1) routes. */
import { SYMBOLS, symbolInfo, type Order, type Trade } from './engine';
import type { PaperMarket } from './accounts';
import type { BinanceCommon } from './binance-common';
import { newOrderFrom, num, ofOrder, workingStatus, type VenueApi } from './wire';
import { rateLimitsOf } from './weights';

export const binanceSpotRoutes = (
  market: PaperMarket,
  { symbolFilters, ticker24, symbolsParam, klines, orderId }: BinanceCommon,
): Pick<VenueApi, 'public' | 'private'> => {
  const { books, now, price: priceOf, weights } = market;

  const spotExchangeInfo = () => ({
    timezone: 'UTC',
    serverTime: now(),
    rateLimits: rateLimitsOf('spot', weights.limits),
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
      orderTypes: ['LIMIT', 'MARKET', 'STOP_LOSS', 'TAKE_PROFIT'],
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

  const orderStatusOut = (o: Order) => ({
    symbol: o.symbol,
    orderId: o.orderId,
    orderListId: -1,
    clientOrderId: o.clientOrderId,
    price: num(o.price),
    origQty: num(o.origQty),
    executedQty: num(o.executedQty),
    cummulativeQuoteQty: num(o.cumQuote),
    status: workingStatus(o),
    timeInForce: o.timeInForce,
    type: o.type,
    side: o.side,
    stopPrice: num(o.stopPrice ?? 0),
    icebergQty: '0.00000000',
    time: o.time,
    updateTime: o.updateTime,
    workingTime: o.time,
    isWorking: o.status === 'NEW',
    origQuoteOrderQty: '0.00000000',
    selfTradePreventionMode: 'EXPIRE_MAKER',
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

  const spotPublic: VenueApi['public'] = {
    'GET /api/v3/ping': () => ({}),
    'GET /api/v3/time': () => ({ serverTime: now() }),
    'GET /api/v3/exchangeInfo': () => spotExchangeInfo(),
    'GET /api/v3/ticker/24hr': ({ params }) => {
      const list = symbolsParam(params);
      return params.symbol
        ? ticker24(params.symbol, false)
        : (list ?? Object.keys(SYMBOLS)).map((s) => ticker24(s, false));
    },
    'GET /api/v3/ticker/price': ({ params }) => {
      const one = (s: string) => ({ symbol: s, price: num(priceOf(s), symbolInfo(s).pricePrecision) });
      return params.symbol ? one(params.symbol) : (symbolsParam(params) ?? Object.keys(SYMBOLS)).map(one);
    },
    'GET /api/v3/klines': ({ params }) => klines(params),
  };

  const spotPrivate: VenueApi['private'] = {
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
      ipRestrict: account.ipRestrict === true,
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
      const o = books.binance.place(
        account,
        newOrderFrom('spot', params, ['MARKET', 'LIMIT', 'STOP_LOSS', 'TAKE_PROFIT']),
        now(),
      );
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
        .filter((t) => t.venue === 'spot' && t.symbol === params.symbol && ofOrder(t, params))
        .slice(-Number(params.limit ?? 500))
        .map(spotTradeOut),
  };

  return { public: spotPublic, private: spotPrivate };
};
