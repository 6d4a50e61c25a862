/** Orders that rest across candles (functions/bots/resting.ts): what answers a model fill, what stays. */
import { describe, expect, it } from 'vitest';
import {
  ALREADY_FILLED,
  answers,
  diffResting,
  filledAhead,
  streamCovers,
  STREAM_SETTLE_MS,
  STREAM_STALE_MS,
  type WantedLeg,
} from '#functions/bots/resting';
import type { BotOrderItem } from '#functions/bots/store';

const HOUR = 3_600_000;
const T = Date.UTC(2025, 0, 1, 10);

const order = (o: Partial<BotOrderItem>): BotOrderItem => ({
  clientOrderId: `tx${o.candle ?? T}`,
  deploymentId: 'd',
  memberId: 'm',
  symbol: 'BTCUSDT',
  market: 'spot',
  side: 'buy',
  type: 'limit',
  size: 0.001,
  price: 90_000,
  candle: T,
  reason: 'stage 1',
  status: 'open',
  createdAt: '',
  updatedAt: '',
  ...o,
});

const leg = (w: Partial<WantedLeg>): WantedLeg => ({
  leg: 'r0',
  side: 'buy',
  type: 'limit',
  price: 90_000,
  size: 0.001,
  reduceOnly: false,
  ...w,
});

describe('answers: which record answers the model filling its level on a candle', () => {
  it('an order still resting, placed for that candle or any before it', () => {
    expect(answers(order({ candle: T - 5 * HOUR }), T, HOUR)).toBe(true);
    expect(answers(order({ status: 'placing' }), T, HOUR)).toBe(true);
    expect(answers(order({ candle: T + HOUR }), T, HOUR)).toBe(false);
  });

  it('a fill the stream recorded, whichever candle its order was placed for, within a candle of the model’s', () => {
    const filled = (at: number) => order({ candle: T - 7 * HOUR, status: 'filled', filledAt: at });
    // filled during the candle, on its closing boundary, after its close (the executor had not acted)
    for (const at of [T + 20 * 60_000, T + HOUR, T + HOUR + 90_000])
      expect(answers(filled(at), T, HOUR)).toBe(true);
    // a fill days apart is another cycle's
    expect(answers(filled(T - 30 * HOUR), T, HOUR)).toBe(false);
  });

  it('a fill answers one model fill only, again on every attempt at its candle', () => {
    const filled = order({ status: 'filled', filledAt: T + 60_000, modelCandle: T });
    // the candle acted on anew (its last write found the deployment moved): the same answer, not a
    // second order at market, the duplicate a first version of resting orders sent under load
    expect(answers(filled, T, HOUR)).toBe(true);
    expect(answers(filled, T + HOUR, HOUR)).toBe(false);
    expect(answers({ ...filled, modelCandle: T - HOUR }, T, HOUR)).toBe(false);
  });

  it('the record of a level not sent (filled already, past capital, refused), or of an order that ended, on its own candle only', () => {
    const skip = order({ status: 'skipped', error: ALREADY_FILLED, size: 0 });
    expect(answers(skip, T, HOUR)).toBe(true);
    expect(answers(skip, T + HOUR, HOUR)).toBe(false);
    for (const status of ['canceled', 'missed', 'failed', 'skipped'] as const) {
      expect(answers(order({ status }), T, HOUR)).toBe(true);
      expect(answers(order({ status, candle: T - HOUR }), T, HOUR)).toBe(false);
    }
    expect(answers(order({ type: 'market', status: 'filled', filledAt: T }), T, HOUR)).toBe(false);
  });
});

describe('filledAhead: a level the model wants resting that filled after the close it saw', () => {
  const next = T + HOUR;
  it('is not placed again while its fill answers no model fill', () => {
    const filled = order({ status: 'filled', filledAt: next + 60_000 });
    expect(filledAhead([filled], { side: 'buy', type: 'limit', price: 90_000 }, next, HOUR)).toBe(true);
    expect(filledAhead([filled], { side: 'buy', type: 'limit', price: 89_000 }, next, HOUR)).toBe(false);
    expect(
      filledAhead(
        [{ ...filled, modelCandle: next }],
        { side: 'buy', type: 'limit', price: 90_000 },
        next,
        HOUR,
      ),
    ).toBe(false);
  });
  it('an older fill the model never made does not hold the level back', () => {
    const old = order({ status: 'filled', filledAt: T - 3 * HOUR });
    expect(filledAhead([old], { side: 'buy', type: 'limit', price: 90_000 }, next, HOUR)).toBe(false);
  });
});

describe('diffResting', () => {
  it('keeps what the model still wants, and a candle where nothing changed sends nothing', () => {
    const live = [order({ clientOrderId: 'a' }), order({ clientOrderId: 'b', side: 'sell', price: 95_000 })];
    const { keep, cancel, place } = diffResting(
      [leg({}), leg({ leg: 'r1', side: 'sell', price: 95_000 })],
      live,
    );
    expect(keep.map((o) => o.clientOrderId)).toEqual(['a', 'b']);
    expect(cancel).toEqual([]);
    expect(place).toEqual([]);
  });

  it('moves only what changed: a level at another price or size is cancelled and placed anew', () => {
    const live = [
      order({ clientOrderId: 'stage' }),
      order({ clientOrderId: 'tp', side: 'sell', price: 95_000, size: 0.001 }),
    ];
    const { keep, cancel, place } = diffResting(
      [leg({}), leg({ leg: 'r1', side: 'sell', price: 95_000, size: 0.002 })],
      live,
    );
    expect(keep.map((o) => o.clientOrderId)).toEqual(['stage']);
    expect(cancel.map((o) => o.clientOrderId)).toEqual(['tp']);
    expect(place.map((w) => w.leg)).toEqual(['r1']);
  });

  it('one live order stands for one leg: two legs at a level need two orders', () => {
    const { keep, place } = diffResting([leg({}), leg({ leg: 'r0o' })], [order({ clientOrderId: 'a' })]);
    expect(keep).toHaveLength(1);
    expect(place.map((w) => w.leg)).toEqual(['r0o']);
  });

  it('a reduce-only order is not a plain one', () => {
    const { cancel, place } = diffResting(
      [leg({ reduceOnly: true })],
      [order({ clientOrderId: 'a', market: 'futures' })],
    );
    expect(cancel).toHaveLength(1);
    expect(place).toHaveLength(1);
  });
});

describe('streamCovers', () => {
  const now = Date.UTC(2026, 0, 1);
  const placed = now - 10 * 60_000;
  it('vouches for an order placed after its stream connected, while its service is heard from', () => {
    expect(streamCovers({ upSince: placed - STREAM_SETTLE_MS, seenAt: now - 60_000 }, placed, now)).toBe(
      true,
    );
  });
  it('not for one placed before, nor while down, nor on a status gone stale', () => {
    expect(streamCovers({ upSince: placed, seenAt: now }, placed, now)).toBe(false);
    expect(streamCovers({ seenAt: now }, placed, now)).toBe(false);
    expect(streamCovers(null, placed, now)).toBe(false);
    expect(streamCovers({ upSince: placed - HOUR, seenAt: now - STREAM_STALE_MS - 1 }, placed, now)).toBe(
      false,
    );
  });
});
