/**
 * The fleet's Binance request-weight budget, as pure rules (DESIGN.md "What the whole fleet may
 * ask of an exchange"; the trading port, trading.ts, applies them and the exchange store keeps
 * the counters).
 *
 * Binance counts request weight per source IP and calendar minute (spot 6,000, USD-M futures
 * 2,400, each market apart); past it a 429 with Retry-After, and a caller that keeps calling is
 * banned with 418 for minutes to days — every member's bots at once, as they share our IPs. So:
 *  - the weight leaves through lanes: in the local stack each simulated egress IP is a lane (the
 *    port picks it, by a hash of the member's key, and sends it as X-Forwarded-For); in AWS the
 *    NAT gateway picks which of its IPs a connection leaves from, so its IPs are one lane whose
 *    share is theirs together, and a response showing one IP near its limit fills the lane;
 *  - a lane's counter (one table item per lane and market) holds the minute and the weight
 *    reserved in it; a call reserves its weight before it is sent and waits for the next minute
 *    when the reservation would pass `weightShare` (80 %) of the limit;
 *  - every answer's X-MBX-USED-WEIGHT-1M raises the counter to what Binance counted (calls we did
 *    not reserve: the API's balance reads, another process on the IP); a 429 or 418 closes the
 *    lane until its Retry-After.
 * A container reserves weight in small leases, not per call, so that a bot's call costs no extra
 * table write most of the time; a lease left at the minute's end is counted and unused (safe).
 */
import { binanceWeight } from './binance-weights';

export const MINUTE_MS = 60_000;
/** The weight one lease reserves at most: small against 80 % of the limit, large against a call. */
const LEASE_WEIGHT = 40;
/** A closed lane is waited for up to this long; a longer ban fails the call (the message retries later). */
export const LONGEST_WAIT_MS = 2 * MINUTE_MS;

export const minuteOf = (t: number): number => Math.floor(t / MINUTE_MS);

/** The weight of one request: its method, its URL (any host) and its form body, if any. */
export const requestWeight = (method: string, url: string, body?: unknown): number => {
  const parsed = new URL(url, 'http://binance');
  // The local stack reaches the paper exchange under /paper/binance: Binance's own path follows.
  const path = parsed.pathname.replace(/^.*?(?=\/(s?api|fapi)\/)/, '');
  const params = new URLSearchParams(parsed.search);
  if (typeof body === 'string') for (const [k, v] of new URLSearchParams(body)) params.set(k, v);
  return binanceWeight(method, path, params)?.weight ?? 1;
};

/** Whether a URL is exchangeInfo, whose rateLimits say the limit in force. */
export const isExchangeInfo = (url: string): boolean => /\/exchangeInfo(\?|$)/.test(url);

/** The REQUEST_WEIGHT limit per minute that exchangeInfo lists, if it lists one. */
export const weightLimitOf = (rateLimits: unknown): number | undefined => {
  if (!Array.isArray(rateLimits)) return undefined;
  const row = (rateLimits as Record<string, unknown>[]).find(
    (r) => r.rateLimitType === 'REQUEST_WEIGHT' && r.interval === 'MINUTE' && Number(r.intervalNum) === 1,
  );
  const limit = Number(row?.limit);
  return Number.isFinite(limit) && limit > 0 ? limit : undefined;
};

export interface Egress {
  /** The lanes weight is counted in: simulated IPs, or the NAT's IPs as one. */
  lanes: string[];
  /** The lane is an IP the port names (X-Forwarded-For). */
  simulated: boolean;
  /** How many IPs one lane is. */
  ipsPerLane: number;
}

export const egressOf = (simulatedIps: readonly string[], natIps: readonly string[]): Egress =>
  simulatedIps.length > 0
    ? { lanes: [...simulatedIps], simulated: true, ipsPerLane: 1 }
    : { lanes: ['nat'], simulated: false, ipsPerLane: Math.max(1, natIps.length) };

/** FNV-1a: a member (or a market series) keeps its lane from call to call and container to container. */
export const laneFor = (key: string, lanes: readonly string[]): string => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return lanes[hash % lanes.length];
};

/** The weight one IP may use per minute: `share` of its limit. */
export const ipCap = (limit: number, share: number): number => Math.floor(limit * share);
/** The weight one lane may reserve per minute. */
export const laneCap = (limit: number, share: number, ipsPerLane: number): number =>
  ipCap(limit, share) * ipsPerLane;

/**
 * What an answer's X-MBX-USED-WEIGHT-1M says the lane has used at least: the header itself, or
 * the whole lane once the IP it came from reached its cap (in the NAT's lane we cannot choose to
 * avoid that IP, so the lane waits for the next minute).
 */
export const usedAtLeast = (header: number, ipCapacity: number, laneCapacity: number): number =>
  header >= ipCapacity ? Math.max(laneCapacity, header) : header;

/** A container's unspent reservation in a lane: good for its minute only. */
export interface Lease {
  minute: number;
  left: number;
}

/** The lease after a call of `weight` in `minute` is paid from it, or null when it cannot pay. */
export const spend = (lease: Lease | undefined, minute: number, weight: number): Lease | null =>
  lease && lease.minute === minute && lease.left >= weight ? { minute, left: lease.left - weight } : null;

/**
 * How much to reserve for a call of `weight`: a lease, never more than the room the counter last
 * showed (so the lease itself does not close the minute early), never less than the call.
 */
export const leaseSize = (weight: number, cap: number, lastUsed: number): number =>
  Math.max(weight, Math.min(LEASE_WEIGHT, Math.floor(cap / 20), cap - lastUsed));

/** A lane's counter as the table keeps it. */
export interface Counter {
  minute: number;
  used: number;
  blockedUntil?: number;
}

export type Verdict =
  /** The counter is of this minute and has room: add to it. */
  | { kind: 'add' }
  /** The counter is of an earlier minute (or none): start this minute with the reservation. */
  | { kind: 'roll' }
  /** Wait until then and ask again. */
  | { kind: 'wait'; until: number; why: 'full' | 'blocked' | 'clock' };

/** What a reservation of `size` can do against the counter at `now`. */
export const verdict = (counter: Counter | null, now: number, size: number, cap: number): Verdict => {
  const minute = minuteOf(now);
  if (counter?.blockedUntil !== undefined && counter.blockedUntil > now)
    return { kind: 'wait', until: counter.blockedUntil, why: 'blocked' };
  if (!counter || counter.minute < minute) return { kind: 'roll' };
  // Another container's clock is a little ahead: its minute starts soon for us too.
  if (counter.minute > minute) return { kind: 'wait', until: counter.minute * MINUTE_MS, why: 'clock' };
  if (counter.used + size <= cap) return { kind: 'add' };
  return { kind: 'wait', until: (minute + 1) * MINUTE_MS, why: 'full' };
};

/** A 429 or 418: when the lane opens again (Retry-After seconds, else the next minute). */
export const closedUntil = (
  status: number,
  retryAfter: string | undefined,
  now: number,
): number | undefined => {
  if (status !== 429 && status !== 418) return undefined;
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? now + seconds * 1000 : (minuteOf(now) + 1) * MINUTE_MS;
};

/** A response header, whatever its case (ccxt capitalises: X-Mbx-Used-Weight-1m). */
export const headerOf = (headers: Record<string, unknown> | undefined, name: string): string | undefined => {
  if (!headers) return undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers))
    if (key.toLowerCase() === wanted && value !== undefined && value !== null) return String(value);
  return undefined;
};

export const usedWeightOf = (headers: Record<string, unknown> | undefined): number | undefined => {
  const value = Number(headerOf(headers, 'x-mbx-used-weight-1m'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};

/**
 * Calls reserved in an earlier minute and still in flight land in this one at the exchange: the
 * first reservation of a new minute reserves their weight again.
 */
export const carriedWeight = (inFlight: Iterable<{ minute: number; weight: number }>, minute: number) => {
  let sum = 0;
  for (const call of inFlight) if (call.minute < minute) sum += call.weight;
  return sum;
};
