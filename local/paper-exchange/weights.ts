/**
 * Binance's request-weight limits per caller IP, as the paper exchange enforces them: each request
 * to the spot (/api, /sapi) or USD-M futures (/fapi) API costs its documented weight (the table
 * the fleet's budget reserves by: functions/exchange/binance-weights.ts) in the caller's minute (the exchange clock's calendar minute, as X-MBX-USED-WEIGHT-1M counts); past
 * the limit the answer is 429 with Retry-After (seconds to the next minute), and a caller that
 * calls again before then is banned with 418: 2 minutes the first time, doubling for each ban
 * after, up to 3 days (Binance: "from 2 minutes to 3 days" for repeat offenders). Spot and futures
 * are counted apart, as Binance's two systems do. The caller IP is the first X-Forwarded-For
 * address when present (the local stack's simulated egress IPs), else the socket's.
 */
import type { IncomingMessage } from 'node:http';
import { BINANCE_WEIGHT_LIMITS, type WeightMarket } from '#functions/exchange/binance-weights';

export type WeightLimits = Record<WeightMarket, number>;
const MINUTE_MS = 60_000;
const FIRST_BAN_MS = 2 * MINUTE_MS;
const LONGEST_BAN_MS = 3 * 86_400_000;
/** Minutes of history kept per IP for GET /paper/weights. */
const HISTORY_MINUTES = 60;

/** What Binance's exchangeInfo lists under rateLimits. */
export const rateLimitsOf = (family: WeightMarket, limits: WeightLimits) =>
  family === 'spot'
    ? [
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: limits.spot },
        { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
        { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
        { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
      ]
    : [
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: limits.futures },
        { rateLimitType: 'ORDERS', interval: 'MINUTE', intervalNum: 1, limit: 1200 },
        { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 300 },
      ];

/** The caller's IP: the first X-Forwarded-For address, else the socket's (IPv4 without ::ffff:). */
export const callerIp = (req: IncomingMessage): string => {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (first || req.socket.remoteAddress || 'unknown').replace(/^::ffff:/, '');
};

interface Caller {
  /** Weight used per minute (epoch minute → weight), the last HISTORY_MINUTES. */
  minutes: Map<number, number>;
  /** Refused with 429 until then: a request before it is banned. */
  refusedUntil?: number;
  bannedUntil?: number;
  bans: number;
}

export interface Refusal {
  status: 429 | 418;
  retryAfterSeconds: number;
  code: number;
  msg: string;
}

export class RequestWeights {
  private readonly callers = new Map<string, Caller>();
  readonly limits: WeightLimits;

  constructor(
    private readonly now: () => number,
    limits: Partial<WeightLimits> = {},
  ) {
    this.limits = { ...BINANCE_WEIGHT_LIMITS, ...limits };
  }

  private caller(ip: string, family: WeightMarket): Caller {
    const key = `${family} ${ip}`;
    let c = this.callers.get(key);
    if (!c) this.callers.set(key, (c = { minutes: new Map(), bans: 0 }));
    return c;
  }

  /** Counts a request's weight; answers the minute's weight and, past the limit, the refusal. */
  charge(ip: string, family: WeightMarket, weight: number): { used: number; refusal?: Refusal } {
    const t = this.now();
    const minute = Math.floor(t / MINUTE_MS);
    const c = this.caller(ip, family);
    const usedNow = () => c.minutes.get(minute) ?? 0;
    const retryAfter = (until: number) => Math.max(1, Math.ceil((until - t) / 1000));
    const banned = (until: number): Refusal => ({
      status: 418,
      retryAfterSeconds: retryAfter(until),
      code: -1003,
      msg: `Way too much request weight used; IP banned until ${until}. Please use WebSocket Streams for live updates to avoid bans.`,
    });
    if (c.bannedUntil !== undefined && c.bannedUntil > t)
      return { used: usedNow(), refusal: banned(c.bannedUntil) };
    if (c.refusedUntil !== undefined && c.refusedUntil > t) {
      c.bannedUntil = t + Math.min(FIRST_BAN_MS * 2 ** c.bans, LONGEST_BAN_MS);
      c.bans += 1;
      c.refusedUntil = undefined;
      return { used: usedNow(), refusal: banned(c.bannedUntil) };
    }
    c.minutes.set(minute, usedNow() + weight);
    for (const m of c.minutes.keys()) if (m <= minute - HISTORY_MINUTES) c.minutes.delete(m);
    const limit = this.limits[family];
    if (usedNow() <= limit) return { used: usedNow() };
    c.refusedUntil = (minute + 1) * MINUTE_MS;
    return {
      used: usedNow(),
      refusal: {
        status: 429,
        retryAfterSeconds: retryAfter(c.refusedUntil),
        code: -1003,
        msg: `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
      },
    };
  }

  /** Per IP and family: this minute's weight, the limit, the last hour by minute and any ban. */
  report() {
    const t = this.now();
    const minute = Math.floor(t / MINUTE_MS);
    const out: Record<string, Partial<Record<WeightMarket, unknown>>> = {};
    for (const [key, c] of this.callers) {
      const [family, ip] = key.split(' ') as [WeightMarket, string];
      (out[ip] ??= {})[family] = {
        usedWeight1m: c.minutes.get(minute) ?? 0,
        limit: this.limits[family],
        minutes: [...c.minutes].map(([m, weight]) => ({ minute: m * MINUTE_MS, weight })),
        ...(c.bannedUntil !== undefined && c.bannedUntil > t ? { bannedUntil: c.bannedUntil } : {}),
        bans: c.bans,
      };
    }
    return out;
  }
}
