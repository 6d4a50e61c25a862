/**
 * The paper exchange's WazirX: a tiny subset of WazirX's REST API (funds, tickers, orders) with
 * WazirX's signing (X-API-KEY, HMAC-SHA256 of the body or query, timestamp and recvWindow).
 */
import { ExchangeError, SYMBOLS, type Order } from './engine';
import type { PaperMarket } from './accounts';
import { hmac, newOrderFrom, num, sameHex, splitSignature, type VenueApi } from './wire';

export const wazirxApi = (market: PaperMarket): VenueApi => {
  const { books, now, replay } = market;

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

  const wazirxPublic: VenueApi['public'] = {
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
  };

  const wazirxPrivate: VenueApi['private'] = {
    'GET /sapi/v1/funds': ({ account }) =>
      Object.entries(account.spot).map(([asset, b]) => ({
        asset: asset.toLowerCase(),
        free: num(b.free),
        locked: num(b.locked),
      })),
    'POST /sapi/v1/order': ({ account, params }) =>
      wazirxOrderOut(
        books.wazirx.place(
          account,
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
          account,
          'spot',
          wazirxSymbol(params.symbol ?? ''),
          { orderId: Number(params.orderId) },
          now(),
        ),
      ),
    'GET /sapi/v1/openOrders': ({ account }) =>
      account.orders.filter((o) => o.status === 'NEW').map(wazirxOrderOut),
  };

  const checkWazirxSignature: VenueApi['authenticate'] = (req, rawQuery, body, params) => {
    const apiKey = req.headers['x-api-key'];
    const account = typeof apiKey === 'string' ? books.wazirx.accounts.get(apiKey) : undefined;
    if (!account) throw new ExchangeError(401, 2112, 'Invalid API Key.');
    const payload = splitSignature(body || rawQuery);
    if (!payload.signature || !sameHex(hmac(account.secret, payload.rest), payload.signature))
      throw new ExchangeError(401, 2005, 'Signature is incorrect.');
    // the caller signs with its own clock, which a test's exchange clock need not be
    if (Math.abs(Date.now() - Number(params.timestamp)) > Number(params.recvWindow ?? 10_000))
      throw new ExchangeError(400, 2136, 'Timestamp is outside of the recvWindow.');
    return account;
  };

  return { public: wazirxPublic, private: wazirxPrivate, authenticate: checkWazirxSignature };
};
