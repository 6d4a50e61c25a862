import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usdt } from '#api/money';
import { binaryPayout } from '#functions/team/payout';

const points = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const limit = fc.constantFrom(0, usdt(230), usdt(320));

describe('daily binary payout rule', () => {
  it('pays 10% of the matched points, never above the cap, and consumes what it matched', () => {
    fc.assert(
      fc.property(points, points, limit, (left, right, dailyLimit) => {
        const r = binaryPayout({ leftPoints: left, rightPoints: right, dailyLimit, rate: 0.1 });
        expect(r.matched).toBe(Math.min(left, right));
        expect(r.bonus).toBeLessThanOrEqual(dailyLimit);
        expect(r.bonus).toBeLessThanOrEqual(Number(BigInt(r.matched) / 10n));
        expect(r.bonus).toBe(Math.min(Number(BigInt(r.matched) / 10n), dailyLimit));
        expect(Number.isInteger(r.bonus)).toBe(true);
        // matched points are gone from both legs; the stronger leg keeps its remainder
        expect(Math.min(r.leftPoints, r.rightPoints)).toBe(0);
        expect(r.leftPoints + r.rightPoints).toBe(Math.abs(left - right));
      }),
    );
  });

  it('pays nothing twice: a second run on the carried points of the same day matches nothing', () => {
    fc.assert(
      fc.property(points, points, limit, (left, right, dailyLimit) => {
        const first = binaryPayout({ leftPoints: left, rightPoints: right, dailyLimit, rate: 0.1 });
        const second = binaryPayout({ ...first, dailyLimit, rate: 0.1 });
        expect(second).toEqual({
          matched: 0,
          bonus: 0,
          leftPoints: first.leftPoints,
          rightPoints: first.rightPoints,
        });
      }),
    );
  });

  it('consumes matched points even without a plan (cap 0)', () => {
    expect(binaryPayout({ leftPoints: usdt(500), rightPoints: usdt(200), dailyLimit: 0, rate: 0.1 })).toEqual(
      {
        matched: usdt(200),
        bonus: 0,
        leftPoints: usdt(300),
        rightPoints: 0,
      },
    );
    expect(
      binaryPayout({ leftPoints: usdt(5000), rightPoints: usdt(4000), dailyLimit: usdt(230), rate: 0.1 })
        .bonus,
    ).toBe(usdt(230));
  });
});
