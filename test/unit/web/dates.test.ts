import { describe, expect, it } from 'vitest';
import { dateTimeText, dayText } from '../../../web/src/lib/dates';

describe('the web date format', () => {
  it('writes a time as "26 Nov 2026, 16:12", the year in full', () => {
    expect(dateTimeText('2026-11-26T16:12:00')).toBe('26 Nov 2026, 16:12');
    expect(dateTimeText(new Date(2026, 2, 5, 9, 7).getTime())).toBe('05 Mar 2026, 09:07');
  });

  it("writes an admin report's time in UTC, whatever the browser's zone", () => {
    expect(dateTimeText('2026-11-26T16:12:00.000Z', { utc: true })).toBe('26 Nov 2026, 16:12');
    expect(dateTimeText('2026-07-01T00:30:00.000Z', { utc: true })).toBe('01 Jul 2026, 00:30');
  });

  it('writes a day as "26 Nov 2026"', () => {
    expect(dayText('2026-11-26T16:12:00')).toBe('26 Nov 2026');
  });
});
