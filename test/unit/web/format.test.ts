import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatUsdt,
  parseUsdt,
  plainUsdt,
  roundedUsdtText,
  usdtText,
} from '../../../web/src/lib/format';

describe('the web number formats', () => {
  it('writes a ledger amount with every significant digit and at least two', () => {
    expect(formatUsdt(1_234_500_000)).toBe('1,234.50');
    expect(formatUsdt(1_234_567)).toBe('1.234567');
    expect(formatUsdt(-12_500_000)).toBe('-12.50');
    expect(formatUsdt(0)).toBe('0.00');
    expect(usdtText(15_000_000)).toBe('15.00 USDT');
  });

  it('writes a CSV amount without grouping', () => {
    expect(plainUsdt(1_234_567_891)).toBe('1234.567891');
    expect(plainUsdt(-1_000_000_000)).toBe('-1000.00');
  });

  it("rounds an exchange's balance to cents", () => {
    expect(roundedUsdtText(1_234_567_891)).toBe('1,234.57 USDT');
    expect(roundedUsdtText(0)).toBe('0.00 USDT');
  });

  it('reads an amount field back, or null', () => {
    expect(parseUsdt(' 12.5 ')).toBe(12_500_000);
    expect(parseUsdt('0.000001')).toBe(1);
    expect(parseUsdt('1,000')).toBeNull();
    expect(parseUsdt('1.1234567')).toBeNull();
  });

  it('groups counts', () => {
    expect(formatCount(12_345)).toBe('12,345');
  });
});
