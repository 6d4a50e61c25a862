/**
 * Binance's user data streams on the paper exchange: every change of a key's orders, conditional
 * orders, balances and positions pushed the moment the exchange makes it, as Binance pushes them,
 * so a client need not ask for fills. On a port of its own, as Binance serves them on hosts of
 * their own:
 *  - spot, through the WebSocket API (wss://ws-api.binance.com/ws-api/v3; the spot listen-key
 *    endpoints were removed on 2026-02-20): `/ws-api/v3`, method `userDataStream.subscribe.signature`
 *    (apiKey, timestamp and signature of the sorted parameters, as a signed REST call), answered
 *    `{ id, status: 200, result: { subscriptionId } }`, then each event as
 *    `{ subscriptionId, event }`: `executionReport` per order change or fill and
 *    `outboundAccountPosition` with the balances that changed. As on Binance a connection may hold
 *    subscriptions for many accounts, one per account (-2035 for a second one);
 *    `userDataStream.unsubscribe` (one `subscriptionId`, or all) ends them with
 *    `eventStreamTerminated`;
 *  - USD-M futures, through a listen key: POST /fapi/v1/listenKey (the account's one active key,
 *    made or extended), PUT (keepalive: valid 60 minutes more), DELETE (closes its streams); an
 *    unknown or expired key is -1125 "This listenKey does not exist."; its stream at
 *    `/ws/<listenKey>`, `/private/ws/<listenKey>` or `/private/ws?listenKey=<listenKey>` (where ccxt
 *    4.5 goes) pushes `ORDER_TRADE_UPDATE` per order change or fill, `ALGO_UPDATE` per change of a
 *    conditional order (NEW, TRIGGERING, TRIGGERED, FINISHED, CANCELED, EXPIRED),
 *    `ACCOUNT_UPDATE` with the wallet and the positions that changed, and `listenKeyExpired` when
 *    the key lapses, after which it pushes nothing more.
 * Every connection is closed 24 hours after it opened, as Binance closes them. Times (key validity,
 * connection lifetime) run on the exchange's clock, so a test moves them by hand.
 *
 * What a stream tells is the difference between an account now and what it last told of it
 * (`Told`), worked out each time the market saves the account (accounts.ts `onChange`): the order
 * engine needs no hook of its own, and an order's NEW, its fills and its end are told in order
 * even when one request made them all. While streams are open the exchange walks the replay every
 * `pushEveryMs` of real time, as Binance's matching engine runs without being asked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PaperMarket } from './accounts';
import {
  ExchangeError,
  algoOrdersOf,
  unrealizedPnl,
  type Account,
  type AlgoOrder,
  type Order,
  type Trade,
  type Venue,
} from './engine';
import { checkSigned } from './binance-common';
import { num } from './wire';

export interface UserStreamOptions {
  /** How long a listen key lives without a keepalive (Binance: 60 minutes). */
  listenKeyValidityMs?: number;
  /** How long a connection stays open (Binance: 24 hours). */
  connectionLifetimeMs?: number;
  /** Real milliseconds between two walks of the replay while streams are open (250). */
  pushEveryMs?: number;
}

const HOUR_MS = 3_600_000;
const EPS = 1e-9;

const noListenKey = () => new ExchangeError(400, -1125, 'This listenKey does not exist.');

/** What the streams last told of an account. */
interface Told {
  orders: Map<number, { status: string; executedQty: number }>;
  algos: Map<number, string>;
  lastTradeId: number;
  /** Per asset, `free/locked` as worded. */
  balances: Map<string, string>;
  wallet: string;
  /** Per symbol, `amount/entry/isolated wallet` as worded. */
  positions: Map<string, string>;
}

interface Connection {
  ws: WebSocket;
  venue: Venue;
  /** Exchange clock when it opened. */
  openedAt: number;
  /** The accounts it follows: spot, by API key, each subscription's id; futures, its listen key's account. */
  follows: Map<string, number | undefined>;
  listenKey?: string;
}

interface ListenKey {
  apiKey: string;
  expiresAt: number;
}

const balanceWording = (b: { free: number; locked: number }) => `${num(b.free)}/${num(b.locked)}`;
const positionWording = (p: { amount: number; entryPrice: number; isolatedWallet?: number }) =>
  `${num(p.amount)}/${num(p.entryPrice)}/${num(p.isolatedWallet ?? 0)}`;

/** Binance's status of an order once `cum` of it has filled. */
const statusAfter = (o: Order, cum: number) =>
  cum >= o.origQty - EPS ? 'FILLED' : cum > EPS ? 'PARTIALLY_FILLED' : 'NEW';

export const paperUserStreams = (market: PaperMarket, options: UserStreamOptions = {}) => {
  const validity = options.listenKeyValidityMs ?? HOUR_MS;
  const lifetime = options.connectionLifetimeMs ?? 24 * HOUR_MS;
  const { books, now } = market;
  const listenKeys = new Map<string, ListenKey>();
  const connections = new Set<Connection>();
  const told = new Map<string, Told>();
  /** Keys whose streams are out (outage): each connection dropped the moment it would follow them. */
  const outages = new Set<string>();

  /** Connections that hear of an account now: subscribed, with a live key. */
  const listeners = (apiKey: string) =>
    [...connections].filter(
      (c) => c.follows.has(apiKey) && (c.venue === 'spot' || listenKeys.has(c.listenKey ?? '')),
    );

  const tellNothingYet = (account: Account): Told => ({
    orders: new Map(account.orders.map((o) => [o.orderId, { status: o.status, executedQty: o.executedQty }])),
    algos: new Map(algoOrdersOf(account).map((o) => [o.algoId, o.status])),
    lastTradeId: Math.max(0, ...account.trades.map((t) => t.id)),
    balances: new Map(Object.entries(account.spot).map(([asset, b]) => [asset, balanceWording(b)])),
    wallet: num(account.futures.wallet),
    positions: new Map(Object.values(account.futures.positions).map((p) => [p.symbol, positionWording(p)])),
  });

  const executionReport = (
    o: Order,
    x: string,
    X: string,
    cum: { qty: number; quote: number },
    fill?: Trade,
  ) => ({
    e: 'executionReport',
    E: now(),
    s: o.symbol,
    c: o.clientOrderId,
    S: o.side,
    o: o.type,
    f: o.timeInForce,
    q: num(o.origQty),
    p: num(o.price),
    P: num(o.stopPrice ?? 0),
    F: '0.00000000',
    g: -1,
    C: x === 'CANCELED' ? o.clientOrderId : '',
    x,
    X,
    r: 'NONE',
    i: o.orderId,
    l: num(fill?.qty ?? 0),
    z: num(cum.qty),
    L: num(fill?.price ?? 0),
    n: num(fill?.commission ?? 0),
    N: fill?.commissionAsset ?? null,
    T: fill?.time ?? o.updateTime,
    t: fill?.id ?? -1,
    I: fill?.id ?? 0,
    w: X === 'NEW' || X === 'PARTIALLY_FILLED',
    m: fill?.maker ?? false,
    M: false,
    O: o.time,
    Z: num(cum.quote),
    Y: num(fill ? fill.qty * fill.price : 0),
    Q: '0.00000000',
    W: o.time,
    V: 'EXPIRE_MAKER',
  });

  const orderTradeUpdate = (
    o: Order,
    x: string,
    X: string,
    cum: { qty: number; quote: number },
    fill?: Trade,
  ) => {
    const time = fill?.time ?? o.updateTime;
    return {
      e: 'ORDER_TRADE_UPDATE',
      E: now(),
      T: time,
      o: {
        s: o.symbol,
        c: o.clientOrderId,
        S: o.side,
        o: o.type,
        f: o.timeInForce,
        q: num(o.origQty),
        p: num(o.price),
        ap: num(cum.qty > EPS ? cum.quote / cum.qty : 0),
        sp: '0',
        x,
        X,
        i: o.orderId,
        l: num(fill?.qty ?? 0),
        z: num(cum.qty),
        L: num(fill?.price ?? 0),
        ...(fill ? { N: fill.commissionAsset, n: num(fill.commission) } : {}),
        T: time,
        t: fill?.id ?? 0,
        b: '0',
        a: '0',
        m: fill?.maker ?? false,
        R: o.reduceOnly,
        wt: 'CONTRACT_PRICE',
        ot: o.type,
        ps: 'BOTH',
        cp: false,
        rp: num(fill?.realizedPnl ?? 0),
        pP: false,
        si: 0,
        ss: 0,
        V: 'EXPIRE_MAKER',
        pm: 'NONE',
        gtd: 0,
      },
    };
  };

  const algoUpdate = (account: Account, a: AlgoOrder, X: string) => {
    const actual = account.orders.find((o) => o.orderId === a.actualOrderId);
    return {
      e: 'ALGO_UPDATE',
      E: now(),
      T: a.updateTime,
      o: {
        caid: a.clientAlgoId,
        aid: a.algoId,
        at: 'CONDITIONAL',
        o: a.orderType,
        s: a.symbol,
        S: a.side,
        ps: 'BOTH',
        f: 'GTC',
        q: num(a.quantity),
        X,
        ai: actual ? String(actual.orderId) : '',
        ap: num(actual && actual.executedQty > EPS ? actual.cumQuote / actual.executedQty : 0),
        aq: num(actual?.executedQty ?? 0),
        act: actual ? actual.type : '0',
        tp: num(a.triggerPrice),
        p: '0',
        V: 'EXPIRE_MAKER',
        wt: 'CONTRACT_PRICE',
        pm: 'NONE',
        cp: a.closePosition,
        pP: false,
        R: a.reduceOnly,
        tt: a.triggerTime,
        gtd: 0,
      },
    };
  };

  /** The events an account's change makes, per venue, in the order Binance sends them; `t` is updated. */
  const eventsOf = (account: Account, t: Told) => {
    const events: Record<Venue, unknown[]> = { spot: [], futures: [] };
    const toldThrough = t.lastTradeId;
    const newTrades = account.trades.filter((x) => x.id > toldThrough);
    t.lastTradeId = Math.max(toldThrough, ...newTrades.map((x) => x.id));

    // a conditional order that triggered: TRIGGERING and TRIGGERED come before its order's events
    const algoEnds: AlgoOrder[] = [];
    for (const a of algoOrdersOf(account)) {
      const before = t.algos.get(a.algoId);
      if (before === a.status) continue;
      if (before === undefined) events.futures.push(algoUpdate(account, a, 'NEW'));
      if (a.actualOrderId !== undefined)
        events.futures.push(algoUpdate(account, a, 'TRIGGERING'), algoUpdate(account, a, 'TRIGGERED'));
      if (a.status !== 'NEW') algoEnds.push(a);
      t.algos.set(a.algoId, a.status);
    }

    for (const o of account.orders) {
      const before = t.orders.get(o.orderId);
      if (before && before.status === o.status && before.executedQty === o.executedQty) continue;
      const event = o.venue === 'spot' ? executionReport : orderTradeUpdate;
      const toldFills = account.trades.filter((x) => x.orderId === o.orderId && x.id <= toldThrough);
      const cum = {
        qty: toldFills.reduce((sum, x) => sum + x.qty, 0),
        quote: toldFills.reduce((sum, x) => sum + x.quoteQty, 0),
      };
      if (!before) events[o.venue].push(event(o, 'NEW', 'NEW', cum));
      for (const fill of newTrades.filter((x) => x.orderId === o.orderId)) {
        cum.qty += fill.qty;
        cum.quote += fill.quoteQty;
        events[o.venue].push(event(o, 'TRADE', statusAfter(o, cum.qty), cum, fill));
      }
      if (o.status === 'CANCELED' || o.status === 'EXPIRED')
        events[o.venue].push(event(o, o.status, o.status, cum));
      t.orders.set(o.orderId, { status: o.status, executedQty: o.executedQty });
    }

    for (const a of algoEnds) events.futures.push(algoUpdate(account, a, a.status));

    const changedAssets = Object.entries(account.spot).filter(
      ([asset, b]) => t.balances.get(asset) !== balanceWording(b),
    );
    if (changedAssets.length > 0) {
      events.spot.push({
        e: 'outboundAccountPosition',
        E: now(),
        u: now(),
        B: changedAssets.map(([asset, b]) => ({ a: asset, f: num(b.free), l: num(b.locked) })),
      });
      for (const [asset, b] of changedAssets) t.balances.set(asset, balanceWording(b));
    }

    const positions = Object.values(account.futures.positions).filter(
      (p) => t.positions.get(p.symbol) !== positionWording(p),
    );
    const wallet = num(account.futures.wallet);
    if (positions.length > 0 || wallet !== t.wallet) {
      const book = books.binance;
      const fundingOnly = !newTrades.some((x) => x.venue === 'futures');
      events.futures.push({
        e: 'ACCOUNT_UPDATE',
        E: now(),
        T: now(),
        a: {
          m: fundingOnly ? 'FUNDING_FEE' : 'ORDER',
          B: [{ a: 'USDT', wb: wallet, cw: num(book.futuresMargin(account).crossWallet), bc: '0' }],
          P: positions.map((p) => ({
            s: p.symbol,
            pa: num(p.amount),
            ep: num(p.entryPrice),
            bep: num(p.entryPrice),
            cr: '0',
            up: num(unrealizedPnl(p, market.price(p.symbol))),
            mt: book.marginTypeOf(account, p.symbol) === 'ISOLATED' ? 'isolated' : 'cross',
            iw: num(p.isolatedWallet ?? 0),
            ps: 'BOTH',
          })),
        },
      });
      t.wallet = wallet;
      for (const p of positions) t.positions.set(p.symbol, positionWording(p));
    }
    return events;
  };

  /** Spot events come wrapped with the subscription they belong to. */
  const send = (c: Connection, apiKey: string, event: unknown) => {
    c.ws.send(JSON.stringify(c.venue === 'spot' ? { subscriptionId: c.follows.get(apiKey), event } : event));
  };

  market.onChange((changed) => {
    for (const account of changed) {
      const t = told.get(account.apiKey);
      if (!t) continue;
      const events = eventsOf(account, t);
      for (const c of listeners(account.apiKey))
        for (const event of events[c.venue]) send(c, account.apiKey, event);
    }
  });

  /** An account starts being told of from its state now, and stops once nobody listens. */
  const follow = (c: Connection, account: Account, subscriptionId?: number) => {
    c.follows.set(account.apiKey, subscriptionId);
    if (!told.has(account.apiKey)) told.set(account.apiKey, tellNothingYet(account));
  };
  const unfollow = (c: Connection, apiKey: string) => {
    c.follows.delete(apiKey);
    if (![...connections].some((o) => o.follows.has(apiKey))) told.delete(apiKey);
  };
  const forget = (c: Connection) => {
    connections.delete(c);
    for (const apiKey of [...c.follows.keys()]) unfollow(c, apiKey);
  };

  // ---- USD-M futures: listen keys over REST (Binance's USER_STREAM security: the API key alone)

  const liveKeyOf = (account: Account) =>
    [...listenKeys].find(([, k]) => k.apiKey === account.apiKey && k.expiresAt > now())?.[0];

  const listenKeyRoutes: Record<string, (account: Account) => unknown> = {
    'POST /fapi/v1/listenKey': (account) => {
      const listenKey = liveKeyOf(account) ?? randomBytes(48).toString('base64url').slice(0, 64);
      listenKeys.set(listenKey, { apiKey: account.apiKey, expiresAt: now() + validity });
      return { listenKey };
    },
    'PUT /fapi/v1/listenKey': (account) => {
      const listenKey = liveKeyOf(account);
      if (!listenKey) throw noListenKey();
      listenKeys.get(listenKey)!.expiresAt = now() + validity;
      return { listenKey };
    },
    'DELETE /fapi/v1/listenKey': (account) => {
      const listenKey = liveKeyOf(account);
      if (listenKey) {
        listenKeys.delete(listenKey);
        for (const c of connections) if (c.listenKey === listenKey) c.ws.close(1000, 'listenKey deleted');
      }
      return {};
    },
  };

  // ---- spot: the WebSocket API's user data subscription

  /** A WebSocket API request signed as a REST call: its parameters sorted, without the signature. */
  const signedBy = (params: Record<string, unknown>): Account => {
    const account = books.binance.accounts.get(String(params.apiKey ?? ''));
    if (!account) throw new ExchangeError(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    const payload = Object.keys(params)
      .filter((k) => k !== 'signature')
      .sort()
      .map((k) => `${k}=${String(params[k])}`)
      .join('&');
    return checkSigned(account, payload, String(params.signature ?? ''), params);
  };

  let nextSubscriptionId = 0;
  const wsApiMethods: Record<string, (c: Connection, params: Record<string, unknown>) => unknown> = {
    'userDataStream.subscribe.signature': (c, params) => {
      const account = signedBy(params);
      // an outage: the connection fails before the subscription is answered
      if (outages.has(account.apiKey)) return c.ws.terminate();
      if (c.follows.has(account.apiKey))
        throw new ExchangeError(400, -2035, 'User Data Stream subscription already active.');
      const subscriptionId = nextSubscriptionId++;
      follow(c, account, subscriptionId);
      return { subscriptionId };
    },
    'userDataStream.unsubscribe': (c, params) => {
      const ending = [...c.follows].filter(
        ([, id]) => params.subscriptionId === undefined || id === Number(params.subscriptionId),
      );
      if (ending.length === 0)
        throw new ExchangeError(400, -2036, 'User Data Stream subscription not active.');
      for (const [apiKey] of ending) {
        send(c, apiKey, { e: 'eventStreamTerminated', E: now() });
        unfollow(c, apiKey);
      }
      return {};
    },
    ping: () => ({}),
  };

  const onWsApiMessage = (c: Connection, raw: string) => {
    let request: { id?: unknown; method?: string; params?: Record<string, unknown> };
    try {
      request = JSON.parse(raw) as typeof request;
    } catch {
      c.ws.send(JSON.stringify({ id: null, status: 400, error: { code: -1000, msg: 'Malformed request.' } }));
      return;
    }
    const id = request.id ?? null;
    try {
      const method = wsApiMethods[request.method ?? ''];
      if (!method) throw new ExchangeError(400, -1020, 'This operation is not supported.');
      c.ws.send(JSON.stringify({ id, status: 200, result: method(c, request.params ?? {}), rateLimits: [] }));
    } catch (error) {
      const e =
        error instanceof ExchangeError ? error : new ExchangeError(500, -1000, 'An unknown error occurred.');
      c.ws.send(JSON.stringify({ id, status: e.httpStatus, error: { code: e.code, msg: e.message } }));
    }
  };

  // ---- the clock: keys lapse, connections reach their end, the replay walks while anyone listens

  const tick = () => {
    const t = now();
    for (const [listenKey, k] of listenKeys)
      if (k.expiresAt <= t) {
        for (const c of connections)
          if (c.listenKey === listenKey)
            c.ws.send(JSON.stringify({ e: 'listenKeyExpired', E: t, listenKey }));
        listenKeys.delete(listenKey);
      }
    for (const c of connections) {
      if (t - c.openedAt >= lifetime) {
        c.ws.close(1000, 'Connection lifetime reached.');
        continue;
      }
      // a key deleted on the exchange ends its subscriptions and streams, and its listen keys
      for (const apiKey of [...c.follows.keys()])
        if (!books.binance.accounts.has(apiKey)) {
          if (c.venue === 'futures') c.ws.close(1008, 'API-key revoked.');
          else {
            send(c, apiKey, { e: 'eventStreamTerminated', E: t });
            unfollow(c, apiKey);
          }
        }
    }
    for (const [listenKey, k] of listenKeys)
      if (!books.binance.accounts.has(k.apiKey)) listenKeys.delete(listenKey);
    if (told.size > 0) market.catchUp();
  };

  /** Serves the streams on `port` (0: any free port) of the loopback interface. */
  const serve = async (port = 0) => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: -1, msg: 'User data streams are WebSocket only.' }));
    });
    const wss = new WebSocketServer({ server });
    wss.on('connection', (ws, req) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const c: Connection = { ws, venue: 'spot', openedAt: now(), follows: new Map() };
      ws.on('close', () => forget(c));
      if (url.pathname === '/ws-api/v3') {
        connections.add(c);
        ws.on('message', (data: Buffer) => onWsApiMessage(c, data.toString('utf8')));
        return;
      }
      const listenKey =
        /^(?:\/private)?\/ws\/([^/]+)$/.exec(url.pathname)?.[1] ??
        (url.pathname === '/private/ws' ? url.searchParams.get('listenKey') : null);
      const key = listenKey ? listenKeys.get(listenKey) : undefined;
      if (!listenKey || !key || key.expiresAt <= now()) return ws.close(1008, noListenKey().message);
      const account = books.binance.accounts.get(key.apiKey);
      if (!account) return ws.close(1008, noListenKey().message);
      if (outages.has(account.apiKey)) return ws.terminate();
      Object.assign(c, { venue: 'futures', listenKey });
      connections.add(c);
      follow(c, account);
    });
    const timer = setInterval(tick, options.pushEveryMs ?? 250);
    timer.unref();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const { port: bound } = server.address() as AddressInfo;
    return {
      /** e.g. ws://localhost:41235: spot at /ws-api/v3, futures at /ws/<listenKey>. */
      url: `ws://localhost:${bound}`,
      close: async () => {
        clearInterval(timer);
        for (const c of connections) c.ws.terminate();
        await new Promise((resolve) => wss.close(resolve));
        await new Promise((resolve) => server.close(resolve));
      },
    };
  };

  /**
   * Drops every connection that follows the account, as a network failure does (no close frame):
   * the way a test takes a key's streams down. Answers how many connections it dropped.
   */
  const drop = (apiKey: string): number => {
    const dropped = [...connections].filter((c) => c.follows.has(apiKey));
    for (const c of dropped) c.ws.terminate();
    return dropped.length;
  };

  /**
   * An outage of the key's streams: its connections dropped now, and every new one dropped once it
   * opens, until the outage ends (`on` false). Whatever changes meanwhile is told to no stream.
   * Answers how many connections it dropped.
   */
  const outage = (apiKey: string, on: boolean): number => {
    if (!on) {
      outages.delete(apiKey);
      return 0;
    }
    outages.add(apiKey);
    return drop(apiKey);
  };

  return {
    listenKeyRoutes,
    serve,
    drop,
    outage,
    /** Whether a key's account is being told of now (subscribed spot, or a futures stream on a live key). */
    listening: (apiKey: string) => listeners(apiKey).length > 0,
  };
};

export type PaperUserStreams = ReturnType<typeof paperUserStreams>;
