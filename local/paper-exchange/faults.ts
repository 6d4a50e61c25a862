/**
 * The paper exchange's fault switches: one per behaviour of the real Binance that the bots'
 * executor must survive, each answering with Binance's own HTTP status, code and message. A test
 * (or the admin of a local stack) turns them on for one account (POST /paper/accounts/<key>/faults),
 * for one order of it (`clientOrderId`), or for the whole exchange (POST /paper/faults, e.g. a
 * maintenance), for a number of requests (`times`) or a window of the exchange's clock (`from`,
 * `until`: a schedule). docs/decisions/exchange-faults.md has the executor's answer to each.
 *
 * Where a fault strikes:
 *  - refused unrun (`before`): recvWindow, busy, maintenance, rateLimit, ban, keyRejected, and on
 *    an order placement insufficientBalance and filter;
 *  - after the exchange acted on an order placement (`after`): unknownOutcome (a 503 whose
 *    execution status is unknown) and lostAnswer (the connection drops);
 *  - in the book (server.ts asks `bookFault` and the engine acts): cancelRace (the order fills
 *    just before the cancel arrives, which then meets -2011), selfTrade (an order of the account
 *    crossing its own resting order on the other side expires that maker order, EXPIRED_IN_MATCH,
 *    as Binance's default EXPIRE_MAKER prevention does) and partialFill (engine.ts: a resting limit
 *    the price reaches fills half and rests on for the rest).
 */

export const FAULTS = [
  'partialFill',
  'cancelRace',
  'recvWindow',
  'busy',
  'unknownOutcome',
  'lostAnswer',
  'rateLimit',
  'ban',
  'keyRejected',
  'insufficientBalance',
  'filter',
  'selfTrade',
  'maintenance',
] as const;
export type FaultName = (typeof FAULTS)[number];

export const FILTERS = [
  'LOT_SIZE',
  'MIN_NOTIONAL',
  'NOTIONAL',
  'PRICE_FILTER',
  'PERCENT_PRICE_BY_SIDE',
] as const;
export type FilterName = (typeof FILTERS)[number];

export interface FaultRule {
  fault: FaultName;
  /** How many times it strikes; without it, once, or every time inside a schedule (`until`). */
  times?: number;
  /** Only requests about this order (our client order id); any order when absent. */
  clientOrderId?: string;
  /** Only requests about this symbol. */
  symbol?: string;
  /** Only requests of this method (GET: lookups only, say). */
  method?: 'GET' | 'POST' | 'DELETE';
  /** A schedule on the exchange's clock (epoch ms): on from `from` until `until`. */
  from?: number;
  until?: number;
  /** filter: the filter that refuses the order. */
  filter?: FilterName;
  /** rateLimit, ban: the Retry-After seconds (60 by default). */
  retryAfter?: number;
}

/**
 * An account's switches. `dropOrderAnswers` and `partialFills` are the older counters (each is a
 * lostAnswer / partialFill rule with `times`), kept as tests set them.
 */
export interface AccountFaults {
  dropOrderAnswers?: number;
  partialFills?: number;
  rules?: FaultRule[];
}

/** Binance's answer to a refused request. */
export interface BinanceRefusal {
  status: number;
  code: number;
  msg: string;
  retryAfter?: number;
}

/** What a request is: enough for a rule to know whether it applies. */
export interface FaultRequest {
  method: string;
  /** Binance's path: /api/v3/order, /fapi/v1/order, ... */
  path: string;
  params: Record<string, string>;
  /** The exchange's clock. */
  now: number;
}

const MAINTENANCE = 'System is under maintenance.';

const isFutures = (r: FaultRequest) => r.path.startsWith('/fapi/');
export const placesOrder = (r: Pick<FaultRequest, 'method' | 'path'>) =>
  r.method === 'POST' && /\/(order|algoOrder)$/.test(r.path);
const cancelsOrder = (r: Pick<FaultRequest, 'method' | 'path'>) =>
  r.method === 'DELETE' && /\/(api\/v3|fapi\/v1)\/order$/.test(r.path);
const clientOrderIdOf = (r: FaultRequest) =>
  r.params.newClientOrderId ?? r.params.clientAlgoId ?? r.params.origClientOrderId ?? r.params.clientOrderId;

/**
 * A filter's refusal as each market words it: spot's generic -1013 "Filter failure: <FILTER>",
 * USD-M futures' own codes.
 */
const filterRefusal = (filter: FilterName, futures: boolean): BinanceRefusal => {
  if (!futures) return { status: 400, code: -1013, msg: `Filter failure: ${filter}` };
  switch (filter) {
    case 'LOT_SIZE':
      return { status: 400, code: -4023, msg: 'Qty not increased by step size.' };
    case 'PRICE_FILTER':
      return { status: 400, code: -4014, msg: 'Price not increased by tick size.' };
    case 'PERCENT_PRICE_BY_SIDE':
      return {
        status: 400,
        code: -4131,
        msg: "The counterparty's best price does not meet the PERCENT_PRICE filter limit.",
      };
    default:
      return {
        status: 400,
        code: -4164,
        msg: "Order's notional must be no smaller than 5 (unless you choose reduce only).",
      };
  }
};

/** Binance's answer for a fault that refuses the request unrun. */
const refusalOf = (rule: FaultRule, r: FaultRequest): BinanceRefusal | undefined => {
  switch (rule.fault) {
    case 'recvWindow':
      return { status: 400, code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' };
    case 'busy':
      return isFutures(r)
        ? {
            status: 503,
            code: -1008,
            msg: 'Request throttled by system-level protection. Reduce-only/close-position orders are exempt. Please try again.',
          }
        : {
            status: 503,
            code: -1008,
            msg: 'Server is currently overloaded with other requests. Please try again in a few minutes.',
          };
    case 'maintenance':
      return { status: 503, code: 1, msg: MAINTENANCE };
    case 'rateLimit':
      return {
        status: 429,
        code: -1003,
        msg: `Too much request weight used; current limit is ${isFutures(r) ? 2400 : 6000} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
        retryAfter: rule.retryAfter ?? 60,
      };
    case 'ban': {
      const retryAfter = rule.retryAfter ?? 60;
      return {
        status: 418,
        code: -1003,
        msg: `Way too much request weight used; IP banned until ${r.now + retryAfter * 1000}. Please use WebSocket Streams for live updates to avoid bans.`,
        retryAfter,
      };
    }
    case 'keyRejected':
      return { status: 401, code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' };
    case 'insufficientBalance':
      return isFutures(r)
        ? { status: 400, code: -2019, msg: 'Margin is insufficient.' }
        : { status: 400, code: -2010, msg: 'Account has insufficient balance for requested action.' };
    case 'filter':
      return filterRefusal(rule.filter ?? 'NOTIONAL', isFutures(r));
    default:
      return undefined;
  }
};

/** The faults that only an order placement meets. */
const ON_PLACEMENT: readonly FaultName[] = [
  'insufficientBalance',
  'filter',
  'unknownOutcome',
  'lostAnswer',
  'selfTrade',
];

const applies = (rule: FaultRule, r: FaultRequest) => {
  if (rule.from !== undefined && r.now < rule.from) return false;
  if (rule.until !== undefined && r.now >= rule.until) return false;
  if (rule.times !== undefined && rule.times <= 0) return false;
  if (rule.symbol && r.params.symbol && rule.symbol !== r.params.symbol) return false;
  if (rule.method && rule.method !== r.method) return false;
  if (rule.clientOrderId && clientOrderIdOf(r) !== rule.clientOrderId) return false;
  if (ON_PLACEMENT.includes(rule.fault) && !placesOrder(r)) return false;
  if (rule.fault === 'cancelRace' && !cancelsOrder(r)) return false;
  return true;
};

/** Uses one strike of a rule: counted rules run out; a schedule without a count strikes until it ends. */
const strike = (rule: FaultRule) => {
  if (rule.times !== undefined) rule.times -= 1;
  else if (rule.until === undefined) rule.times = 0;
};

/** The first live rule of `names` this request meets (its strike used), if any. */
export const takeFault = (
  rules: FaultRule[] | undefined,
  names: readonly FaultName[],
  r: FaultRequest,
): FaultRule | undefined => {
  const rule = rules?.find((x) => names.includes(x.fault) && applies(x, r));
  if (rule) strike(rule);
  return rule;
};

const REFUSING: readonly FaultName[] = [
  'maintenance',
  'ban',
  'rateLimit',
  'keyRejected',
  'recvWindow',
  'busy',
  'insufficientBalance',
  'filter',
];

/** A request refused unrun by a switched-on fault, as Binance answers it. */
export const refusalBefore = (
  rules: FaultRule[] | undefined,
  r: FaultRequest,
): BinanceRefusal | undefined => {
  const rule = takeFault(rules, REFUSING, r);
  return rule && refusalOf(rule, r);
};

/**
 * What becomes of the answer to an order placement the exchange carried out: lost (the connection
 * drops) or a 503 whose execution status Binance says is unknown.
 */
export const answerAfter = (
  faults: AccountFaults | undefined,
  r: FaultRequest,
): 'lost' | BinanceRefusal | undefined => {
  if (!faults || !placesOrder(r)) return undefined;
  if ((faults.dropOrderAnswers ?? 0) > 0) {
    faults.dropOrderAnswers! -= 1;
    return 'lost';
  }
  const rule = takeFault(faults.rules, ['lostAnswer', 'unknownOutcome'], r);
  if (!rule) return undefined;
  if (rule.fault === 'lostAnswer') return 'lost';
  return {
    status: 503,
    code: -1007,
    msg: 'Timeout waiting for response from backend server. Send status unknown; execution status unknown.',
  };
};

/** Binance's answer to GET /sapi/v1/system/status, under a maintenance or not. */
export const systemStatus = (rules: FaultRule[] | undefined, now: number) =>
  rules?.some(
    (x) =>
      x.fault === 'maintenance' &&
      (x.from === undefined || now >= x.from) &&
      (x.until === undefined || now < x.until) &&
      (x.times === undefined || x.times > 0),
  )
    ? { status: 1, msg: 'system_maintenance' }
    : { status: 0, msg: 'normal' };

/** Checks a body of switches as a test or an admin sends it; throws a readable error if it is not one. */
export const parseFaults = (body: string): AccountFaults => {
  const input = (body ? JSON.parse(body) : {}) as AccountFaults;
  const counter = (n: unknown, name: string) => {
    if (n !== undefined && !(Number.isInteger(n) && (n as number) >= 0))
      throw new Error(`${name} must be a whole number of 0 or more.`);
  };
  counter(input.dropOrderAnswers, 'dropOrderAnswers');
  counter(input.partialFills, 'partialFills');
  if (input.rules !== undefined && !Array.isArray(input.rules)) throw new Error('rules must be a list.');
  for (const rule of input.rules ?? []) {
    if (!FAULTS.includes(rule.fault))
      throw new Error(`Unknown fault "${String(rule.fault)}": one of ${FAULTS.join(', ')}.`);
    if (rule.filter !== undefined && !FILTERS.includes(rule.filter))
      throw new Error(`Unknown filter "${String(rule.filter)}": one of ${FILTERS.join(', ')}.`);
    if (rule.method !== undefined && !['GET', 'POST', 'DELETE'].includes(rule.method))
      throw new Error('method must be GET, POST or DELETE.');
    counter(rule.times, 'times');
    counter(rule.retryAfter, 'retryAfter');
  }
  return input;
};
