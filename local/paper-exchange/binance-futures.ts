/**
 * The paper exchange's Binance USD-M futures routes (/fapi/v1..v3), with conditional orders on
 * Binance's algo endpoints (/fapi/v1/algoOrder, openAlgoOrders, allAlgoOrders, algoOpenOrders),
 * where ccxt 4.5 sends STOP_MARKET and TAKE_PROFIT_MARKET (`triggerPrice`, `clientAlgoId`), the
 * margin type per symbol, the income history (funding, realized PnL, commissions, liquidation
 * clearance) and liquidation orders (forceOrders).
 */
import {
  ExchangeError,
  MAINTENANCE_MARGIN_RATE,
  SYMBOLS,
  algoOrdersOf,
  errors,
  incomeOf,
  symbolInfo,
  unrealizedPnl,
  type Account,
  type AlgoOrder,
  type AlgoOrderType,
  type Income,
  type MarginType,
  type Order,
  type OrderSide,
  type Trade,
} from './engine';
import { FUNDING_RATE, type PaperMarket } from './accounts';
import type { BinanceCommon } from './binance-common';
import { FUNDING_PERIOD_MS } from '#engine/backtest/config';
import { rateLimitsOf } from './weights';
import { newOrderFrom, num, ofOrder, workingStatus, type VenueApi } from './wire';

const WEEK_MS = 7 * 86_400_000;

export const binanceFuturesRoutes = (
  market: PaperMarket,
  { symbolFilters, ticker24, klines, orderId }: BinanceCommon,
): Pick<VenueApi, 'public' | 'private'> => {
  const { books, now, price: priceOf, weights } = market;

  const futuresExchangeInfo = () => ({
    timezone: 'UTC',
    serverTime: now(),
    rateLimits: rateLimitsOf('futures', weights.limits),
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
      orderTypes: ['LIMIT', 'MARKET', 'STOP_MARKET', 'TAKE_PROFIT_MARKET'],
      timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
      filters: symbolFilters(s),
    })),
  });

  const futuresOrderOut = (o: Order) => ({
    orderId: o.orderId,
    symbol: o.symbol,
    status: workingStatus(o),
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

  const algoOrderOut = (o: AlgoOrder) => {
    const d = symbolInfo(o.symbol).pricePrecision;
    return {
      algoId: o.algoId,
      clientAlgoId: o.clientAlgoId,
      algoType: 'CONDITIONAL',
      orderType: o.orderType,
      symbol: o.symbol,
      side: o.side,
      positionSide: 'BOTH',
      timeInForce: 'GTC',
      quantity: num(o.quantity, symbolInfo(o.symbol).quantityPrecision),
      algoStatus: o.status,
      actualOrderId: o.actualOrderId === undefined ? '' : String(o.actualOrderId),
      actualPrice: num(o.actualPrice ?? 0, d),
      triggerPrice: num(o.triggerPrice, d),
      price: num(0, d),
      icebergQuantity: null,
      selfTradePreventionMode: 'EXPIRE_MAKER',
      workingType: 'CONTRACT_PRICE',
      priceMatch: 'NONE',
      closePosition: o.closePosition,
      priceProtect: false,
      reduceOnly: o.reduceOnly,
      createTime: o.createTime,
      updateTime: o.updateTime,
      triggerTime: o.triggerTime,
      goodTillDate: 0,
    };
  };

  const incomeOut = (i: Income) => ({
    symbol: i.symbol,
    incomeType: i.incomeType,
    income: num(i.income),
    asset: 'USDT',
    info: i.incomeType,
    time: i.time,
    tranId: i.tranId,
    tradeId: i.tradeId === undefined ? '' : String(i.tradeId),
  });

  const algoId = (p: Record<string, string>) => {
    if (!p.algoId && !p.clientAlgoId) throw errors.badParam('algoId');
    return { algoId: p.algoId ? Number(p.algoId) : undefined, clientAlgoId: p.clientAlgoId };
  };

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

  const positionOut = (a: Account, symbol: string) => {
    const book = books.binance;
    const p = a.futures.positions[symbol] ?? { symbol, amount: 0, entryPrice: 0, updateTime: 0 };
    const mark = priceOf(symbol);
    const leverage = book.leverageOf(a, symbol);
    const notional = p.amount * mark;
    const isolated = book.marginTypeOf(a, symbol) === 'ISOLATED';
    const isolatedWallet = isolated ? (p.isolatedWallet ?? 0) : 0;
    return {
      symbol,
      positionSide: 'BOTH',
      positionAmt: num(p.amount),
      entryPrice: num(p.entryPrice),
      breakEvenPrice: num(p.entryPrice),
      markPrice: num(mark),
      unRealizedProfit: num(unrealizedPnl(p, mark)),
      unrealizedProfit: num(unrealizedPnl(p, mark)),
      liquidationPrice: num(book.liquidationPriceOf(a, symbol) ?? 0),
      leverage: String(leverage),
      maxNotionalValue: '1000000',
      marginType: isolated ? 'isolated' : 'cross',
      isolatedMargin: num(isolated ? isolatedWallet + unrealizedPnl(p, mark) : 0),
      isolatedWallet: num(isolatedWallet),
      isAutoAddMargin: 'false',
      notional: num(notional),
      initialMargin: num(Math.abs(notional) / leverage),
      maintMargin: num(Math.abs(notional) * MAINTENANCE_MARGIN_RATE),
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
      totalCrossWalletBalance: num(m.crossWallet),
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
      crossWalletBalance: num(m.crossWallet),
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

  const futuresPublic: VenueApi['public'] = {
    'GET /fapi/v1/ping': () => ({}),
    'GET /fapi/v1/time': () => ({ serverTime: now() }),
    'GET /fapi/v1/exchangeInfo': () => futuresExchangeInfo(),
    'GET /fapi/v1/ticker/24hr': ({ params }) =>
      params.symbol ? ticker24(params.symbol, true) : Object.keys(SYMBOLS).map((s) => ticker24(s, true)),
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
        lastFundingRate: num(FUNDING_RATE),
        interestRate: '0.00010000',
        nextFundingTime: (Math.floor(now() / FUNDING_PERIOD_MS) + 1) * FUNDING_PERIOD_MS,
        time: now(),
      });
      return params.symbol ? one(params.symbol) : Object.keys(SYMBOLS).map(one);
    },
    'GET /fapi/v1/klines': ({ params }) => klines(params),
  };

  const futuresPrivate: VenueApi['private'] = {
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
    'POST /fapi/v1/marginType': ({ account, params }) => {
      books.binance.setMarginType(account, params.symbol, params.marginType as MarginType);
      return { code: 200, msg: 'success' };
    },
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
              maintMarginRatio: MAINTENANCE_MARGIN_RATE,
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
    'POST /fapi/v1/algoOrder': ({ account, params }) => {
      if (params.algoType !== 'CONDITIONAL') throw errors.badParam('algoType');
      if (params.type !== 'STOP_MARKET' && params.type !== 'TAKE_PROFIT_MARKET')
        throw new ExchangeError(400, -1116, 'Invalid orderType.');
      if (!params.side) throw errors.badParam('side');
      const order = books.binance.placeAlgo(
        account,
        {
          symbol: params.symbol,
          side: params.side as OrderSide,
          orderType: params.type as AlgoOrderType,
          quantity: params.quantity ? Number(params.quantity) : undefined,
          triggerPrice: params.triggerPrice ? Number(params.triggerPrice) : undefined,
          reduceOnly: params.reduceOnly === 'true',
          closePosition: params.closePosition === 'true',
          clientAlgoId: params.clientAlgoId,
        },
        now(),
      );
      return algoOrderOut(order);
    },
    'GET /fapi/v1/algoOrder': ({ account, params }) =>
      algoOrderOut(books.binance.findAlgo(account, algoId(params))),
    'DELETE /fapi/v1/algoOrder': ({ account, params }) => {
      const order = books.binance.cancelAlgo(account, algoId(params), now());
      return { algoId: order.algoId, clientAlgoId: order.clientAlgoId, code: '200', msg: 'success' };
    },
    'GET /fapi/v1/openAlgoOrders': ({ account, params }) =>
      algoOrdersOf(account)
        .filter((o) => o.status === 'NEW' && (!params.symbol || o.symbol === params.symbol))
        .map(algoOrderOut),
    'GET /fapi/v1/allAlgoOrders': ({ account, params }) =>
      algoOrdersOf(account)
        .filter((o) => o.symbol === params.symbol)
        .slice(-Number(params.limit ?? 500))
        .map(algoOrderOut),
    'DELETE /fapi/v1/algoOpenOrders': ({ account, params }) => {
      for (const o of algoOrdersOf(account))
        if (o.status === 'NEW' && o.symbol === params.symbol)
          books.binance.cancelAlgo(account, { algoId: o.algoId }, now());
      return { code: 200, msg: 'The operation of cancel all open order is done.' };
    },
    // As Binance: the last 7 days when neither startTime nor endTime is sent; 100 lines by default.
    'GET /fapi/v1/income': ({ account, params }) => {
      const end = params.endTime ? Number(params.endTime) : Infinity;
      const start = params.startTime ? Number(params.startTime) : params.endTime ? 0 : now() - WEEK_MS;
      const limit = Math.min(1000, Number(params.limit ?? 100));
      const rows = incomeOf(account).filter(
        (i) =>
          i.time >= start &&
          i.time <= end &&
          (!params.symbol || i.symbol === params.symbol) &&
          (!params.incomeType || i.incomeType === params.incomeType),
      );
      return (params.startTime ? rows.slice(0, limit) : rows.slice(-limit)).map(incomeOut);
    },
    'GET /fapi/v1/forceOrders': ({ account, params }) =>
      account.orders
        .filter(
          (o: Order) =>
            o.venue === 'futures' &&
            o.clientOrderId.startsWith('autoclose-') &&
            (!params.symbol || o.symbol === params.symbol),
        )
        .slice(-Number(params.limit ?? 50))
        .map(futuresOrderOut),
    'GET /fapi/v1/userTrades': ({ account, params }) =>
      account.trades
        .filter((t) => t.venue === 'futures' && t.symbol === params.symbol && ofOrder(t, params))
        .slice(-Number(params.limit ?? 500))
        .map(futuresTradeOut),
  };

  return { public: futuresPublic, private: futuresPrivate };
};
