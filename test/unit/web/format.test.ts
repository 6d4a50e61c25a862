import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsdtCents, groupThousands } from '#api/money';
import {
  formatCount,
  formatUsdt,
  parseUsdt,
  plainUsdt,
  pointsText,
  usdtText,
} from '../../../web/src/lib/format';
import { priceText, usdFigure } from '../../../web/src/bots/format';

describe('the web number formats', () => {
  it('writes money in cents with thousands separators, rounded half away from zero', () => {
    expect(formatUsdt(1_234_500_000)).toBe('1,234.50');
    expect(formatUsdt(1_234_567)).toBe('1.23');
    expect(formatUsdt(1_235_000)).toBe('1.24');
    expect(formatUsdt(-1_235_000)).toBe('-1.24');
    expect(formatUsdt(-12_500_000)).toBe('-12.50');
    expect(formatUsdt(-4_000)).toBe('0.00');
    expect(formatUsdt(0)).toBe('0.00');
    expect(formatUsdt(1_234_567_891_000_000)).toBe('1,234,567,891.00');
    expect(usdtText(15_000_000)).toBe('15.00 USDT');
    expect(usdtText(1_234_567_891)).toBe('1,234.57 USDT');
  });

  it('writes a CSV amount without grouping', () => {
    expect(plainUsdt(1_234_567_891)).toBe('1234.567891');
    expect(plainUsdt(-1_000_000_000)).toBe('-1000.00');
  });

  it('reads an amount field back, or null', () => {
    expect(parseUsdt(' 12.5 ')).toBe(12_500_000);
    expect(parseUsdt('0.000001')).toBe(1);
    expect(parseUsdt('1,000')).toBeNull();
    expect(parseUsdt('1.1234567')).toBeNull();
  });

  it('groups counts and points', () => {
    expect(formatCount(12_345)).toBe('12,345');
    expect(pointsText('12500.00')).toBe('12,500');
    expect(pointsText('1234567.50')).toBe('1,234,567.50');
    expect(pointsText('0.00')).toBe('0');
    expect(formatCount(-1_234)).toBe('-1,234');
  });

  it('groups a count as Intl.NumberFormat does, without loading it', () => {
    const intl = new Intl.NumberFormat('en');
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => formatCount(n) === intl.format(n)));
  });
});

describe('the bot pages number formats', () => {
  it("writes a price to its symbol's tick, with thousands separators", () => {
    expect(priceText(87654.321, 'BTCUSDT')).toBe('87,654.32');
    expect(priceText(0.51234, 'XRPUSDT')).toBe('0.5123');
    expect(priceText(2.5, 'XRPUSDT')).toBe('2.5000');
    expect(priceText(null, 'BTCUSDT')).toBe('—');
    // a pair without a listed tick: cents above 10, more under
    expect(priceText(12345.678)).toBe('12,345.68');
    expect(priceText(0.123456)).toBe('0.123456');
  });

  it('writes a USDT figure (a backtest equity, a chart axis) with separators and cents', () => {
    expect(usdFigure(12345.678)).toBe('12,345.68');
  });
});

describe('money in the members’ messages', () => {
  it('is the same cents the web app shows', () => {
    expect(formatUsdtCents(12_345_678)).toBe(formatUsdt(12_345_678));
    expect(formatUsdtCents(12_345_678)).toBe('12.35');
  });
});

describe('groupThousands', () => {
  it('writes a price with fixed decimals as Intl.NumberFormat en-US does (the ticker, without loading Intl)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), fc.constantFrom(2, 4), (price, digits) => {
        const [whole, fraction] = price.toFixed(digits).split('.');
        const intl = new Intl.NumberFormat('en-US', {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        expect(`${groupThousands(whole)}.${fraction}`).toBe(intl.format(price));
      }),
    );
  });
});
