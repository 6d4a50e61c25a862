/**
 * What the paper exchange's Binance spot and USD-M futures APIs share: the symbols' filters, the
 * 24-hour ticker, candles, order ids in parameters, and the check of a private call as Binance
 * does it (X-MBX-APIKEY, an HMAC-SHA256 or, for an Ed25519 key, an Ed25519 signature of the
 * query + body as sent, timestamp and recvWindow).
 */
import type { IncomingMessage } from 'node:http';
import { ExchangeError, SYMBOLS, errors, symbolInfo, type Account } from './engine';
import type { PaperMarket } from './accounts';
import { CANDLE_MS } from './replay';
import { ed25519Signed, hmac, num, sameHex, splitSignature, type VenueApi } from './wire';

const INTERVALS: Record<string, number> = {
  '15m': CANDLE_MS,
  '30m': 2 * CANDLE_MS,
  '1h': 4 * CANDLE_MS,
  '2h': 8 * CANDLE_MS,
  '4h': 16 * CANDLE_MS,
  '1d': 96 * CANDLE_MS,
};

/**
 * A signed request's check, REST or WebSocket API: `payload` signed by the account's HMAC secret
 * or Ed25519 key, and its timestamp within recvWindow (5 s by default).
 */
export const checkSigned = (
  account: Account,
  payload: string,
  signature: string,
  params: Record<string, unknown>,
): Account => {
  const valid = account.publicKey
    ? ed25519Signed(account.publicKey, payload, signature)
    : sameHex(hmac(account.secret, payload), signature);
  if (!valid) throw new ExchangeError(400, -1022, 'Signature for this request is not valid.');
  const timestamp = Number(params.timestamp);
  const recvWindow = Number(params.recvWindow ?? 5000);
  if (!timestamp) throw errors.badParam('timestamp');
  // the caller signs with its own clock, which a test's exchange clock need not be
  if (timestamp > Date.now() + 1000 || Date.now() - timestamp > recvWindow)
    throw new ExchangeError(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
  return account;
};

export const binanceCommon = (market: PaperMarket) => {
  const { books, now, replay } = market;

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
    // As Binance: from startTime, the first `limit` candles that open at or after it (the
    // intervals are aligned, so exactly those opening before startTime + limit intervals); else
    // the last `limit` up to endTime, or up to now. Any stretch of the replayed history, not only
    // its last page: a client reads a long warm-up back page by page.
    const from = params.startTime ? Number(params.startTime) : undefined;
    const until = Math.min(
      params.endTime ? Number(params.endTime) : Infinity,
      from !== undefined ? from + limit * interval - 1 : Infinity,
    );
    let rows = replay.klines(symbol, now(), interval, limit, until);
    if (from !== undefined) rows = rows.filter((k) => k.openTime >= from);
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

  const orderId = (p: Record<string, string>) => ({
    orderId: p.orderId ? Number(p.orderId) : undefined,
    clientOrderId: p.origClientOrderId,
  });

  /** The account of the request's X-MBX-APIKEY (all a USER_STREAM call needs). */
  const accountOfKey = (req: IncomingMessage): Account => {
    const apiKey = req.headers['x-mbx-apikey'];
    const account = typeof apiKey === 'string' ? books.binance.accounts.get(apiKey) : undefined;
    if (!account) throw new ExchangeError(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    return account;
  };

  const checkBinanceSignature: VenueApi['authenticate'] = (req, rawQuery, body, params) => {
    const account = accountOfKey(req);
    const q = splitSignature(rawQuery);
    const b = splitSignature(body);
    const signature = q.signature ?? b.signature;
    if (!signature) throw errors.badParam('signature');
    // signed as sent: the percent-encoded query and body, as Binance's current rules have it
    return checkSigned(account, q.rest + b.rest, signature, params);
  };

  return {
    symbolFilters,
    ticker24,
    symbolsParam,
    klines,
    orderId,
    accountOfKey,
    authenticate: checkBinanceSignature,
  };
};

export type BinanceCommon = ReturnType<typeof binanceCommon>;
