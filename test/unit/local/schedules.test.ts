import { describe, expect, it } from 'vitest';
import { nextRun } from '#local/schedules';

describe('local schedule timetable', () => {
  it('fires rate rules on the next multiple of the period', () => {
    expect(nextRun({ rateMinutes: 10 }, new Date('2026-11-21T10:03:20Z')).toISOString()).toBe('2026-11-21T10:10:00.000Z');
    expect(nextRun({ rateMinutes: 1 }, new Date('2026-11-21T10:03:00Z')).toISOString()).toBe('2026-11-21T10:04:00.000Z');
  });

  it('fires daily cron rules at the UTC time, tomorrow once today has passed', () => {
    const midnight = { cron: { minute: '0', hour: '0' } };
    expect(nextRun(midnight, new Date('2026-11-21T23:59:59Z')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(nextRun(midnight, new Date('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextRun({ cron: { minute: '5', hour: '0' } }, new Date('2026-11-22T00:01:00Z')).toISOString()).toBe(
      '2026-11-22T00:05:00.000Z',
    );
  });
});
