import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyRate, formatUsdt, parseUsdt, usdt } from '#api/money';

describe('money (integer micro-USDT)', () => {
  it('parses decimal strings exactly', () => {
    expect(parseUsdt('180')).toBe(180_000_000);
    expect(parseUsdt('0.1')).toBe(100_000);
    expect(parseUsdt('10.000001')).toBe(10_000_001);
    expect(parseUsdt(' 2.50 ')).toBe(2_500_000);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.0000001', 'abc', '1e6', '1,5', '.5', '12.']) expect(parseUsdt(bad)).toBeNull();
  });

  it('formats with at least two decimals and no trailing noise', () => {
    expect(formatUsdt(usdt(180))).toBe('180.00');
    expect(formatUsdt(2_500_000)).toBe('2.50');
    expect(formatUsdt(10_000_001)).toBe('10.000001');
    expect(formatUsdt(-1_230_000)).toBe('-1.23');
  });

  it('round-trips every amount: parse(format(x)) = x', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (micro) => {
        expect(parseUsdt(formatUsdt(micro))).toBe(micro);
      }),
    );
  });

  it('a rate never pays more than the exact share, and loses less than one micro', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 100 }), (micro, percent) => {
        const share = applyRate(micro, percent / 100);
        const exact = (BigInt(micro) * BigInt(percent)) / 100n;
        expect(BigInt(share)).toBe(exact);
      }),
    );
  });

  it('refuses non-integer amounts when formatting', () => {
    expect(() => formatUsdt(0.5)).toThrow(RangeError);
  });
});
