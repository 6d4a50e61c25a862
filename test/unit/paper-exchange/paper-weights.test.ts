/**
 * Binance's request weights per caller IP on the paper exchange: the weight headers, 429 past the
 * minute's limit, 418 bans (2 minutes, then longer) for a caller that does not back off, spot and
 * futures counted apart, every X-Forwarded-For address its own budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestWeight } from '#functions/exchange/weight-budget';
import { MINUTE, handClock, servePaper } from './serve';

const T0 = Date.UTC(2026, 0, 5, 1, 0);
const clock = handClock(T0);
let exchange: Awaited<ReturnType<typeof servePaper>>;

beforeAll(async () => {
  exchange = await servePaper({ now: clock.now, speed: 1 });
});
afterAll(() => exchange.close());

const get = async (path: string, ip: string) => {
  const r = await fetch(`${exchange.base}/binance${path}`, {
    headers: { 'x-forwarded-for': `${ip}, 10.9.9.9` },
  });
  return {
    status: r.status,
    weight: Number(r.headers.get('x-mbx-used-weight-1m')),
    retryAfter: r.headers.get('retry-after'),
    body: (await r.json()) as { code?: number; msg?: string; rateLimits?: unknown[] },
  };
};

/** Spends `count` spot exchangeInfo calls (weight 20 each) from an IP. */
const spend = async (ip: string, count: number) => {
  let last = await get('/api/v3/exchangeInfo', ip);
  for (let n = 1; n < count; n++) last = await get('/api/v3/exchangeInfo', ip);
  return last;
};

describe('request weights on the paper exchange', () => {
  it('lists the limits in exchangeInfo and tells the weight used to ccxt', async () => {
    const info = await get('/api/v3/exchangeInfo', '10.0.0.9');
    expect(info.body.rateLimits).toContainEqual({
      rateLimitType: 'REQUEST_WEIGHT',
      interval: 'MINUTE',
      intervalNum: 1,
      limit: 6000,
    });
    expect((await get('/fapi/v1/exchangeInfo', '10.0.0.9')).body.rateLimits).toContainEqual(
      expect.objectContaining({ rateLimitType: 'REQUEST_WEIGHT', limit: 2400 }),
    );
    const spot = exchange.client(await exchange.account(), 'spot');
    await spot.fetchTicker('BTC/USDT');
    const headers = spot.last_response_headers as Record<string, string>;
    // ccxt's own calls from 127.0.0.1: exchangeInfo (20) then the ticker (2); ccxt capitalizes names
    expect(Number(headers['X-Mbx-Used-Weight-1m'])).toBe(22);

    // an executor leaving through a simulated egress IP says so in X-Forwarded-For
    const egress = exchange.client(await exchange.account(), 'futures');
    egress.headers = { 'X-Forwarded-For': '10.0.0.7' };
    await egress.fetchTicker('BTC/USDT:USDT');
    const report = (await (await fetch(`${exchange.base}/weights`)).json()) as Record<
      string,
      Record<string, unknown>
    >;
    expect(report['10.0.0.7'].futures).toMatchObject({ usedWeight1m: 2, limit: 2400 }); // exchangeInfo 1, ticker 1
  });

  it('answers 429 past 6,000 a minute, bans a caller that keeps calling (418, 2 minutes, then 4), other IPs unaffected', async () => {
    const within = await spend('10.0.0.1', 300);
    expect(within).toMatchObject({ status: 200, weight: 6000 });
    const over = await get('/api/v3/exchangeInfo', '10.0.0.1');
    expect(over).toMatchObject({ status: 429, retryAfter: '60', body: { code: -1003 } });
    expect(over.body.msg).toMatch(/Too much request weight used; current limit is 6000/);
    // another egress IP, and the same IP's futures budget, are their own
    expect(await get('/api/v3/exchangeInfo', '10.0.0.2')).toMatchObject({ status: 200, weight: 20 });
    expect(await get('/fapi/v1/ping', '10.0.0.1')).toMatchObject({ status: 200, weight: 1 });

    const banned = await get('/api/v3/ping', '10.0.0.1');
    expect(banned).toMatchObject({ status: 418, retryAfter: '120', body: { code: -1003 } });
    expect(banned.body.msg).toMatch(/IP banned until/);
    clock.advance(MINUTE);
    expect(await get('/api/v3/ping', '10.0.0.1')).toMatchObject({ status: 418, retryAfter: '60' });
    const report = (await (await fetch(`${exchange.base}/weights`)).json()) as Record<
      string,
      Record<string, unknown>
    >;
    expect(report['10.0.0.1'].spot).toMatchObject({ limit: 6000, bannedUntil: T0 + 2 * MINUTE, bans: 1 });
    expect(report['10.0.0.1'].futures).toMatchObject({ limit: 2400, bans: 0 });
    expect(report['10.0.0.2'].spot).toMatchObject({ usedWeight1m: 0, minutes: [{ minute: T0, weight: 20 }] });

    clock.advance(MINUTE); // the ban is over
    expect(await get('/api/v3/ping', '10.0.0.1')).toMatchObject({ status: 200, weight: 1 });
    expect((await spend('10.0.0.1', 300)).status).toBe(429); // 1 + 300 × 20
    expect(await get('/api/v3/ping', '10.0.0.1')).toMatchObject({ status: 418, retryAfter: '240' });
  });

  it('charges each call what the fleet budget reserves for it: one table for both', async () => {
    clock.set(T0 + 120 * MINUTE);
    // calls whose weights the two used to keep apart, and others; each from a fresh IP, at 0
    const calls = [
      '/fapi/v1/ticker/price',
      '/fapi/v1/ticker/price?symbol=BTCUSDT',
      '/fapi/v1/ticker/24hr',
      '/fapi/v1/premiumIndex',
      '/fapi/v1/klines?symbol=BTCUSDT&interval=1h&limit=1000',
      '/api/v3/ticker/24hr?symbols=%5B%22BTCUSDT%22%5D',
      '/api/v3/exchangeInfo',
      '/sapi/v1/account/apiRestrictions',
    ];
    const charged = await Promise.all(calls.map(async (path, n) => (await get(path, `10.0.1.${n}`)).weight));
    expect(charged).toEqual(calls.map((path) => requestWeight('GET', `https://api.binance.com${path}`)));
    expect(charged.slice(0, 4)).toEqual([2, 1, 40, 10]);
  });

  it('counts futures against 2,400 a minute', async () => {
    clock.set(T0 + 60 * MINUTE);
    for (let n = 0; n < 60; n++) await get('/fapi/v1/ticker/24hr', '10.0.0.3'); // 40 each
    expect(await get('/fapi/v1/ticker/24hr', '10.0.0.3')).toMatchObject({ status: 429, weight: 2440 });
  });
});
