import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MINUTE_MS,
  carriedWeight,
  closedUntil,
  egressOf,
  ipCap,
  laneCap,
  laneFor,
  leaseSize,
  minuteOf,
  requestWeight,
  spend,
  usedAtLeast,
  usedWeightOf,
  verdict,
  weightLimitOf,
  type Counter,
  type Lease,
} from '#functions/exchange/weight-budget';

const T = Date.UTC(2026, 5, 1, 12, 0, 0);

describe('request weights', () => {
  it("are Binance's documented weights, read through the paper exchange's prefix too", () => {
    expect(
      requestWeight('GET', 'https://api.binance.com/api/v3/order?symbol=BTCUSDT&origClientOrderId=x'),
    ).toBe(4);
    expect(requestWeight('GET', 'http://localhost:7590/paper/binance/api/v3/order?symbol=BTCUSDT')).toBe(4);
    expect(requestWeight('GET', 'http://localhost/paper/binance/api/v3/exchangeInfo')).toBe(20);
    expect(requestWeight('GET', 'https://api.binance.com/api/v3/openOrders')).toBe(80);
    expect(requestWeight('GET', 'https://api.binance.com/api/v3/openOrders?symbol=ETHUSDT')).toBe(6);
    expect(
      requestWeight('GET', 'https://fapi.binance.com/fapi/v1/klines?symbol=BTCUSDT&interval=1h&limit=1001'),
    ).toBe(10);
    expect(
      requestWeight('GET', 'https://fapi.binance.com/fapi/v1/klines?symbol=BTCUSDT&interval=1h&limit=99'),
    ).toBe(1);
    expect(requestWeight('POST', 'https://api.binance.com/api/v3/order', 'symbol=BTCUSDT&side=BUY')).toBe(1);
    // A call the table does not list weighs 1.
    expect(requestWeight('DELETE', 'https://fapi.binance.com/fapi/v1/algoOrder?symbol=BTCUSDT')).toBe(1);
  });

  it("the limit is exchangeInfo's REQUEST_WEIGHT per minute", () => {
    expect(
      weightLimitOf([
        { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 300 },
        { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
      ]),
    ).toBe(300);
    expect(
      weightLimitOf([{ rateLimitType: 'ORDERS', interval: 'MINUTE', intervalNum: 1, limit: 1200 }]),
    ).toBe(undefined);
    expect(weightLimitOf(undefined)).toBe(undefined);
  });

  it('the used weight and Retry-After are read whatever the header case', () => {
    expect(usedWeightOf({ 'X-Mbx-Used-Weight-1m': '123' })).toBe(123);
    expect(usedWeightOf({ 'x-mbx-used-weight-1m': '7' })).toBe(7);
    expect(usedWeightOf({})).toBe(undefined);
    expect(closedUntil(429, '12', T + 48_000)).toBe(T + 60_000);
    expect(closedUntil(418, '120', T)).toBe(T + 120_000);
    // No Retry-After: closed to the next minute.
    expect(closedUntil(429, undefined, T + 5_000)).toBe(T + MINUTE_MS);
    expect(closedUntil(200, '5', T)).toBe(undefined);
    expect(closedUntil(400, undefined, T)).toBe(undefined);
  });
});

describe('egress lanes', () => {
  it('simulated IPs are lanes of one IP each; the NAT gateway is one lane of all its IPs', () => {
    expect(egressOf(['127.0.0.11', '127.0.0.12'], ['127.0.0.1'])).toEqual({
      lanes: ['127.0.0.11', '127.0.0.12'],
      simulated: true,
      ipsPerLane: 1,
    });
    expect(egressOf([], ['3.1.1.1', '3.1.1.2'])).toEqual({ lanes: ['nat'], simulated: false, ipsPerLane: 2 });
    expect(ipCap(6000, 0.8)).toBe(4800);
    expect(laneCap(2400, 0.8, 2)).toBe(3840);
  });

  it('a member keeps the lane their key picks, and members spread over the lanes', () => {
    const lanes = ['127.0.0.11', '127.0.0.12', '127.0.0.13'];
    fc.assert(
      fc.property(fc.string(), (key) => {
        const lane = laneFor(key, lanes);
        expect(lanes).toContain(lane);
        expect(laneFor(key, lanes)).toBe(lane);
      }),
    );
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      const lane = laneFor(`apikey-${i}-${(i * 7919).toString(36)}`, lanes);
      counts.set(lane, (counts.get(lane) ?? 0) + 1);
    }
    for (const lane of lanes) expect(counts.get(lane)).toBeGreaterThan(800);
  });
});

describe('the counter', () => {
  it('adds while there is room, starts a new minute, waits when full, closed or behind another clock', () => {
    const minute = minuteOf(T);
    expect(verdict(null, T, 10, 100)).toEqual({ kind: 'roll' });
    expect(verdict({ minute: minute - 1, used: 100 }, T, 10, 100)).toEqual({ kind: 'roll' });
    expect(verdict({ minute, used: 90 }, T, 10, 100)).toEqual({ kind: 'add' });
    expect(verdict({ minute, used: 91 }, T + 1_000, 10, 100)).toEqual({
      kind: 'wait',
      until: T + MINUTE_MS,
      why: 'full',
    });
    expect(verdict({ minute: minute - 3, used: 0, blockedUntil: T + 5_000 }, T, 1, 100)).toEqual({
      kind: 'wait',
      until: T + 5_000,
      why: 'blocked',
    });
    expect(verdict({ minute: minute + 1, used: 4 }, T + 59_900, 1, 100)).toEqual({
      kind: 'wait',
      until: T + MINUTE_MS,
      why: 'clock',
    });
  });

  it('an answer raises the count, and fills the lane once an IP of it reached its cap', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 4 }),
        (header, cap, ips) => {
          const least = usedAtLeast(header, cap, cap * ips);
          expect(least).toBeGreaterThanOrEqual(header);
          if (header >= cap) expect(least).toBeGreaterThanOrEqual(cap * ips);
          else expect(least).toBe(header);
        },
      ),
    );
  });

  it('a lease pays calls of its minute only, and never below zero', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(50), fc.nat(3), fc.nat(60), (left, weight, later, minute) => {
        const lease: Lease = { minute, left };
        const paid = spend(lease, minute + later, weight);
        if (later > 0 || weight > left) expect(paid).toBeNull();
        else expect(paid).toEqual({ minute, left: left - weight });
      }),
    );
  });

  it('a lease covers the call and, when it can, no more than the room left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 20, max: 6000 }),
        fc.nat(6000),
        (weight, cap, used) => {
          const size = leaseSize(weight, cap, used);
          expect(size).toBeGreaterThanOrEqual(weight);
          expect(size).toBeLessThanOrEqual(Math.max(weight, cap - used));
        },
      ),
    );
  });

  it('calls still in flight from an earlier minute are reserved again in the new one', () => {
    const inFlight = [
      { minute: 10, weight: 4 },
      { minute: 11, weight: 1 },
      { minute: 9, weight: 2 },
    ];
    expect(carriedWeight(inFlight, 11)).toBe(6);
    expect(carriedWeight(inFlight, 12)).toBe(7);
    expect(carriedWeight([], 12)).toBe(0);
  });

  it('containers leasing from one counter never pay more than the cap in a minute', () => {
    // The table's conditions (store.ts addWeight / rollWeight) are the verdict's: add while the
    // minute's count plus the reservation fits, start a new minute from an older one.
    const call = fc.record({
      container: fc.nat(4),
      weight: fc.integer({ min: 1, max: 20 }),
      advanceMs: fc.nat(3_000),
    });
    fc.assert(
      fc.property(
        fc.array(call, { minLength: 1, maxLength: 400 }),
        fc.integer({ min: 20, max: 400 }),
        (calls, cap) => {
          let counter: Counter | null = null;
          const leases = new Map<number, Lease | undefined>();
          const paidPerMinute = new Map<number, number>();
          let t = T;
          for (const c of calls) {
            t += c.advanceMs;
            const minute = minuteOf(t);
            let lease = spend(leases.get(c.container), minute, c.weight);
            if (!lease) {
              const size = leaseSize(c.weight, cap, counter?.minute === minute ? counter.used : 0);
              const next = verdict(counter, t, size, cap);
              if (next.kind === 'wait') continue;
              counter =
                next.kind === 'roll' ? { minute, used: size } : { minute, used: counter!.used + size };
              lease = { minute, left: size - c.weight };
            }
            leases.set(c.container, lease);
            paidPerMinute.set(minute, (paidPerMinute.get(minute) ?? 0) + c.weight);
            expect(counter!.used).toBeLessThanOrEqual(cap);
          }
          for (const paid of paidPerMinute.values()) expect(paid).toBeLessThanOrEqual(cap);
        },
      ),
    );
  });
});
