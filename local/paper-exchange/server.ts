/**
 * The paper exchange's HTTP face, served on the local gateway's port under /paper; this file only
 * routes:
 *  - /paper/binance/...  Binance's spot, wallet and USD-M futures subset (binance.ts);
 *  - /paper/wazirx/...   a tiny WazirX subset (wazirx.ts);
 *  - POST /paper/accounts  makes a paper account ({ exchange, keyType?, publicKey?, canWithdraw?,
 *    ipRestrict?, spot?, futuresUsdt? }) and answers its API key and secret (for keyType ed25519
 *    the private key in PEM, or nothing but the API key for a publicKey registered); GET /paper is
 *    a small page that does the same (page.ts);
 *    DELETE /paper/accounts/<apiKey> revokes a key (as deleting it on the exchange would);
 *    DELETE /paper/accounts/<apiKey>/streams drops the key's user data stream connections, as a
 *    network failure would (user-stream.ts); POST /paper/accounts/<apiKey>/streams/outage drops them
 *    and drops each new one as it opens, until DELETE /paper/accounts/<apiKey>/streams/outage;
 *    POST /paper/accounts/<apiKey>/faults sets a Binance account's fault switches, POST /paper/faults
 *    the whole exchange's (a maintenance, say); both take faults.ts AccountFaults and answer what
 *    is set (400 with why for a body that is not one);
 *  - GET /paper/weights  the Binance request weight used per caller IP (this minute, the last
 *    hour by minute, bans), for tests and benches (weights.ts).
 * Binance answers carry X-MBX-USED-WEIGHT-1M and are refused with 429 / 418 past the limits.
 * Its public market streams (Binance's mini ticker) are on a port of their own: stream.ts; the
 * user data streams (spot WebSocket API subscription, USD-M listen keys) too: user-stream.ts,
 * served by `userStreams.serve()`.
 * The prices, books and accounts (kept in `<dataDir>/paper-exchange.json` and its journal, so a
 * restart, even after a crash, goes on where it stopped) are accounts.ts; startPaperExchange's
 * options are PaperExchangeOptions there. It has nothing to close: what it is told is on disk.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  openPaperMarket,
  type ExchangeName,
  type NewAccountOptions,
  type PaperExchangeOptions,
} from './accounts';
import { binanceApi } from './binance';
import { ExchangeError, type Account } from './engine';
import {
  answerAfter,
  parseFaults,
  placesOrder,
  refusalBefore,
  systemStatus,
  takeFault,
  type AccountFaults,
  type BinanceRefusal,
  type FaultRequest,
} from './faults';
import { paperPage } from './page';
import { paperUserStreams } from './user-stream';
import { wazirxApi } from './wazirx';
import { binanceWeight } from '#functions/exchange/binance-weights';
import { callerIp } from './weights';
import type { VenueApi } from './wire';

const PAPER_PREFIX = '/paper';
export type { PaperExchangeOptions };

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    ...headers,
  });
  res.end(JSON.stringify(body));
};

export const startPaperExchange = (options: PaperExchangeOptions = {}) => {
  const market = openPaperMarket(options);
  const userStreams = paperUserStreams(market, options.userStreams);
  const venues: Record<ExchangeName, VenueApi> = {
    binance: binanceApi(market, userStreams),
    wazirx: wazirxApi(market),
  };

  /** The whole exchange's fault switches (a maintenance): kept in memory only. */
  let exchangeFaults: AccountFaults = {};

  /**
   * The faults the order book itself plays (faults.ts): a cancel that loses the race with a fill,
   * and an order that crosses the account's own resting orders (self-trade prevention).
   */
  const bookFaults = (account: Account, asked: FaultRequest) => {
    const venue = asked.path.startsWith('/fapi/') ? 'futures' : 'spot';
    const { symbol, orderId, origClientOrderId, side } = asked.params;
    // A cancel by order id still meets a rule set for its client order id.
    const target = account.orders.find(
      (o) =>
        o.venue === venue &&
        o.symbol === symbol &&
        (orderId ? o.orderId === Number(orderId) : o.clientOrderId === origClientOrderId),
    );
    const about = target
      ? { ...asked, params: { ...asked.params, origClientOrderId: target.clientOrderId } }
      : asked;
    const rule = takeFault(account.faults?.rules, ['cancelRace', 'selfTrade'], about);
    if (rule?.fault === 'cancelRace' && target) market.books.binance.fillNow(account, target, asked.now);
    else if (rule?.fault === 'selfTrade' && placesOrder(asked) && side)
      market.books.binance.expireInMatch(account, { venue, symbol, side: side as 'BUY' | 'SELL' }, asked.now);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname !== PAPER_PREFIX && !url.pathname.startsWith(`${PAPER_PREFIX}/`)) return false;
    const rest = url.pathname.slice(PAPER_PREFIX.length) || '/';
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'DELETE' ? '' : await readBody(req);
    const rawQuery = url.search.replace(/^\?/, '');
    const headers: Record<string, string> = {};
    try {
      if (rest === '/' || rest === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(paperPage(`${PAPER_PREFIX}/accounts`));
        return true;
      }
      if (rest === '/accounts' && method === 'POST') {
        const input = (body ? JSON.parse(body) : {}) as NewAccountOptions & { exchange?: ExchangeName };
        const exchange = input.exchange === 'wazirx' ? 'wazirx' : 'binance';
        send(res, 201, { exchange, ...market.createAccount(exchange, input) });
        return true;
      }
      const revoke = /^\/accounts\/([^/]+)$/.exec(rest);
      if (revoke && method === 'DELETE') {
        const found = market.revoke(decodeURIComponent(revoke[1]));
        send(res, found ? 200 : 404, { revoked: found });
        return true;
      }
      const streams = /^\/accounts\/([^/]+)\/streams$/.exec(rest);
      if (streams && method === 'DELETE') {
        send(res, 200, { dropped: userStreams.drop(decodeURIComponent(streams[1])) });
        return true;
      }
      const outage = /^\/accounts\/([^/]+)\/streams\/outage$/.exec(rest);
      if (outage && (method === 'POST' || method === 'DELETE')) {
        send(res, 200, { dropped: userStreams.outage(decodeURIComponent(outage[1]), method === 'POST') });
        return true;
      }
      const faults = /^\/accounts\/([^/]+)\/faults$/.exec(rest);
      if ((faults || rest === '/faults') && method === 'POST') {
        let parsed: AccountFaults;
        try {
          parsed = parseFaults(body);
        } catch (error) {
          send(res, 400, { error: (error as Error).message });
          return true;
        }
        if (!faults) {
          exchangeFaults = parsed;
          send(res, 200, { faults: exchangeFaults });
          return true;
        }
        const account = market.books.binance.accounts.get(decodeURIComponent(faults[1]));
        if (account) {
          account.faults = parsed;
          market.save(account);
        }
        send(res, account ? 200 : 404, { faults: account?.faults ?? null });
        return true;
      }
      if (rest === '/weights' && method === 'GET') {
        send(res, 200, market.weights.report());
        return true;
      }
      const match = /^\/(binance|wazirx)(\/.*)$/.exec(rest);
      if (!match) {
        send(res, 404, { code: -1, msg: 'Not found.' });
        return true;
      }
      const venue = venues[match[1] as ExchangeName];
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
      const binance = match[1] === 'binance';
      const cost = binance ? binanceWeight(method, path, new URLSearchParams(params)) : undefined;
      if (cost) {
        const { used, refusal } = market.weights.charge(callerIp(req), cost.market, cost.weight);
        headers['x-mbx-used-weight'] = String(used);
        headers['x-mbx-used-weight-1m'] = String(used);
        if (refusal) {
          headers['retry-after'] = String(refusal.retryAfterSeconds);
          send(res, refusal.status, { code: refusal.code, msg: refusal.msg }, headers);
          return true;
        }
      }
      const asked: FaultRequest = { method, path, params, now: market.now() };
      const refuse = (refusal: BinanceRefusal) => {
        if (refusal.retryAfter) headers['retry-after'] = String(refusal.retryAfter);
        send(res, refusal.status, { code: refusal.code, msg: refusal.msg }, headers);
        return true;
      };
      if (binance && key === 'GET /sapi/v1/system/status') {
        send(res, 200, systemStatus(exchangeFaults.rules, asked.now), headers);
        return true;
      }
      const everyone = binance ? refusalBefore(exchangeFaults.rules, asked) : undefined;
      if (everyone) return refuse(everyone);
      market.catchUp();
      let answer: unknown;
      if (venue.public[key]) answer = venue.public[key]({ method, path, params });
      else if (venue.private[key]) {
        const account = venue.authenticate(req, rawQuery, body, params);
        const refusal = binance ? refusalBefore(account.faults?.rules, asked) : undefined;
        if (refusal) return refuse(refusal);
        if (binance) bookFaults(account, asked);
        answer = venue.private[key]({ method, path, params, account });
        // on disk before the caller hears of it (a read changes nothing)
        if (method !== 'GET') market.save(account);
        const after = binance ? answerAfter(account.faults, asked) : undefined;
        if (after === 'lost') {
          res.destroy();
          return true;
        }
        if (after) return refuse(after);
      } else if (venue.keyed?.[key]) answer = venue.keyed[key](req);
      else throw new ExchangeError(404, -1, `The paper exchange does not serve ${key}.`);
      send(res, 200, answer, headers);
    } catch (error) {
      if (error instanceof ExchangeError)
        send(
          res,
          error.httpStatus,
          rest.startsWith('/wazirx')
            ? { code: error.code, message: error.message }
            : { code: error.code, msg: error.message },
          headers,
        );
      else if (error instanceof SyntaxError)
        send(res, 400, { code: -1100, msg: 'Illegal characters found in a parameter.' }, headers);
      else
        send(
          res,
          500,
          { code: -1000, msg: 'An unknown error occurred while processing the request.' },
          headers,
        );
    }
    return true;
  };

  return {
    handle,
    createAccount: market.createAccount,
    books: market.books,
    replay: market.replay,
    now: market.now,
    price: market.price,
    weights: market.weights,
    userStreams,
  };
};
