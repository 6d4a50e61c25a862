/**
 * The user stream service's pure rules (functions/streams/plan.ts): which streams a shard keeps,
 * what to open and close, the reconnection waits, and which order updates are fills to record.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  deploymentOfOrder,
  fillOf,
  heardFillOf,
  keysToRead,
  shardOf,
  streamChanges,
  wantedStreams,
  type OpenStream,
  type RunningBot,
} from '#functions/streams/plan';

const bot = (id: string, memberId: string, market: 'spot' | 'futures'): RunningBot => ({
  id,
  memberId,
  market,
});
const ALL = { index: 0, count: 1 };

describe('the streams a shard keeps', () => {
  it('one stream per member and market, carrying the fills of every running bot on it', () => {
    const wanted = wantedStreams(
      [
        bot('d1', 'ann', 'futures'),
        bot('d2', 'ann', 'futures'),
        bot('d3', 'ann', 'spot'),
        bot('d4', 'bob', 'spot'),
      ],
      ALL,
    );
    expect([...wanted.entries()]).toEqual([
      ['ann|futures', { memberId: 'ann', market: 'futures', deployments: ['d1', 'd2'] }],
      ['ann|spot', { memberId: 'ann', market: 'spot', deployments: ['d3'] }],
      ['bob|spot', { memberId: 'bob', market: 'spot', deployments: ['d4'] }],
    ]);
  });

  it('every member to exactly one shard, the same on every task', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uuid(), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 64 }),
        (members, count) => {
          const bots = members.map((m, i) => bot(`d${i}`, m, 'futures'));
          const held = Array.from({ length: count }, (_, index) => wantedStreams(bots, { index, count }));
          for (const m of new Set(members)) {
            const holders = held.filter((w) => w.has(`${m}|futures`));
            expect(holders).toHaveLength(1);
            expect(held.indexOf(holders[0])).toBe(shardOf(m, count));
          }
        },
      ),
    );
  });
});

describe('what to open and close', () => {
  const open = (entries: [string, string][]) =>
    new Map<string, OpenStream>(entries.map(([id, sealed]) => [id, { sealed }]));

  it("opens a key's stream with its first bot, closes it with its last, and reopens it on a key bound anew", () => {
    const wanted = wantedStreams([bot('d1', 'ann', 'futures'), bot('d2', 'cat', 'spot')], ALL);
    const changes = streamChanges(
      open([
        ['ann|futures', 'key-1'],
        ['bob|spot', 'key-2'],
        ['cat|spot', 'old'],
      ]),
      wanted,
      new Map([
        ['ann', 'key-1'],
        ['cat', 'new'],
      ]),
    );
    expect(changes.close).toEqual(['bob|spot', 'cat|spot']);
    expect(changes.open.map((w) => `${w.memberId}|${w.market}`)).toEqual(['cat|spot']);
  });

  it('closes the stream of a key unbound, and opens none for a member with no key', () => {
    const wanted = wantedStreams([bot('d1', 'ann', 'futures'), bot('d2', 'dan', 'spot')], ALL);
    const changes = streamChanges(
      open([['ann|futures', 'key-1']]),
      wanted,
      new Map([
        ['ann', null],
        ['dan', null],
      ]),
    );
    expect(changes).toEqual({ close: ['ann|futures'], open: [] });
  });

  it('after the changes, exactly the wanted streams of keys bound are open, on the key read last (property)', () => {
    const member = fc.constantFrom('ann', 'bob', 'cat', 'dan');
    const market = fc.constantFrom('spot' as const, 'futures' as const);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(member, market)),
        fc.array(fc.tuple(member, market, fc.constantFrom('k1', 'k2'))),
        fc.dictionary(member, fc.option(fc.constantFrom('k1', 'k2'), { nil: null })),
        fc.boolean(),
        (running, opened, keys, all) => {
          const wanted = wantedStreams(
            running.map(([m, k], i) => bot(`d${i}`, m, k)),
            ALL,
          );
          const before = open(opened.map(([m, k, s]) => [`${m}|${k}`, s]));
          // the pass reads the keys it must; what it reads is whatever is bound now
          const sealed = new Map(keysToRead(before, wanted, all).map((m) => [m, keys[m] ?? null]));
          const { close, open: opening } = streamChanges(before, wanted, sealed);
          const after = new Map(before);
          for (const id of close) after.delete(id);
          for (const w of opening)
            after.set(`${w.memberId}|${w.market}`, { sealed: sealed.get(w.memberId)! });
          const keyOf = (id: string, m: string) => (sealed.has(m) ? sealed.get(m) : before.get(id)?.sealed);
          const expected = [...wanted].filter(([id, w]) => keyOf(id, w.memberId));
          expect([...after.keys()].sort()).toEqual(expected.map(([id]) => id).sort());
          for (const [id, w] of expected) expect(after.get(id)!.sealed).toBe(keyOf(id, w.memberId));
        },
      ),
    );
  });

  it('reads the keys of streams to open on every pass, and of the open ones now and then', () => {
    const wanted = wantedStreams([bot('d1', 'ann', 'futures'), bot('d2', 'bob', 'spot')], ALL);
    const opened = open([['ann|futures', 'k1']]);
    expect(keysToRead(opened, wanted, false)).toEqual(['bob']);
    expect(keysToRead(opened, wanted, true)).toEqual(['ann', 'bob']);
  });
});

describe('reconnection waits', () => {
  it('start at half a second, double, stop at a minute, and spread by up to a fifth', () => {
    expect([0, 1, 2, 3].map((a) => backoffMs(a, 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(backoffMs(20, 0)).toBe(60_000);
    expect(backoffMs(0, 1)).toBe(600);
    expect(backoffMs(20, 1)).toBe(72_000);
  });
});

describe('which order updates are fills to record', () => {
  const ours = 'txRMYZPV0N2Jhnyjcm0o';

  it('a whole fill of one of our orders, at its last trade', () => {
    expect(
      fillOf({ clientOrderId: ours, status: 'closed', filled: 0.01, lastTradeTimestamp: 5, timestamp: 1 }),
    ).toEqual({
      clientOrderId: ours,
      at: 5,
    });
  });

  it('with its trades when the stream told every one of them (their quantities add up to the fill)', () => {
    const buy = (id: string, amount: number, price: number, cost: number) => ({
      id,
      amount,
      price,
      fee: { cost, currency: 'BTC' },
    });
    const trades = [buy('7', 0.004, 100_000, 0.000004), buy('8', 0.006, 99_000, 0.000006)];
    const whole = { id: '42', clientOrderId: ours, status: 'closed', filled: 0.01, lastTradeTimestamp: 5 };
    expect(fillOf({ ...whole, trades })).toEqual({
      clientOrderId: ours,
      at: 5,
      heard: {
        orderId: '42',
        filled: 0.01,
        trades: [
          { qty: 0.004, price: 100_000, fee: { cost: 0.000004, currency: 'BTC' } },
          { qty: 0.006, price: 99_000, fee: { cost: 0.000006, currency: 'BTC' } },
        ],
      },
    });
    // a trade told twice counts once
    expect(heardFillOf({ ...whole, trades: [...trades, trades[1]] })?.trades).toHaveLength(2);
    // a trade missed (told while the stream was down, or before this client heard of the order):
    // the fill is looked up
    expect(fillOf({ ...whole, trades: [trades[1]] })).toEqual({ clientOrderId: ours, at: 5 });
    expect(fillOf({ ...whole, trades: undefined })).toEqual({ clientOrderId: ours, at: 5 });
    expect(heardFillOf({ ...whole, id: undefined, trades })).toBeUndefined();
  });

  it('a futures stop (algo order) once FINISHED, not as it TRIGGERED (its order’s trades come between)', () => {
    const stop = { id: '9', clientOrderId: ours, status: 'closed', filled: 0.01, timestamp: 3 };
    expect(fillOf({ ...stop, info: { aid: 9, X: 'TRIGGERED' } })).toBeNull();
    expect(fillOf({ ...stop, info: { aid: 9, X: 'FINISHED' } })).toEqual({ clientOrderId: ours, at: 3 });
  });

  it('not a partial fill, an order cancelled part-filled, an order not ours, or one not filled', () => {
    expect(fillOf({ clientOrderId: ours, status: 'open', filled: 0.005, timestamp: 1 })).toBeNull();
    expect(fillOf({ clientOrderId: ours, status: 'canceled', filled: 0.005, timestamp: 1 })).toBeNull();
    expect(fillOf({ clientOrderId: 'bought-by-hand', status: 'closed', filled: 1, timestamp: 1 })).toBeNull();
    expect(fillOf({ clientOrderId: ours, status: 'closed', filled: 0, timestamp: 1 })).toBeNull();
  });

  it('finds the deployment by the last ten characters of its id in the client order id', () => {
    const deployments = ['01M8DZS3RT6217ZHV89WKXQ25W', '01M8DZHSX7RRJ01BRMYZPV0N2J'];
    expect(deploymentOfOrder(ours, deployments)).toBe('01M8DZHSX7RRJ01BRMYZPV0N2J');
    expect(deploymentOfOrder('txAAAAAAAAAAhnyjcm0o', deployments)).toBeUndefined();
  });
});
