/** The admin reports' date range rules, the same on the page and on the server. */
import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  MAX_REPORT_DAYS,
  rangeProblem,
  RegistrationReportQuery,
  reportMessages,
} from '#api/schemas/admin-reports';

const issue = (input: Record<string, unknown>) => {
  const parsed = RegistrationReportQuery.safeParse(input);
  return parsed.success
    ? null
    : { message: parsed.error.issues[0].message, path: parsed.error.issues[0].path };
};

describe('report date ranges', () => {
  it('count both days, across months, leap days and years', () => {
    expect(daysInRange('2024-03-01', '2024-03-01')).toBe(1);
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysInRange('2023-01-01', '2023-12-31')).toBe(365);
  });

  it('refuse a start after the end and a range over the limit, and nothing else', () => {
    expect(rangeProblem('2024-03-02', '2024-03-01')).toBe(reportMessages.order);
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(daysInRange('2023-01-01', '2024-01-02')).toBe(MAX_REPORT_DAYS + 1);
    expect(rangeProblem('2023-01-01', '2024-01-02')).toBe(reportMessages.tooLong);
  });

  it('parse a query with paging defaults and name the field of each problem', () => {
    expect(RegistrationReportQuery.parse({ from: '2024-03-01', to: '2024-03-31' })).toEqual({
      from: '2024-03-01',
      to: '2024-03-31',
      limit: 20,
    });
    expect(issue({ to: '2024-03-01' })).toEqual({ message: 'Choose a start date.', path: ['from'] });
    expect(issue({ from: '2024-03-01' })).toEqual({ message: 'Choose an end date.', path: ['to'] });
    expect(issue({ from: '2023-02-29', to: '2023-03-01' })).toEqual({
      message: 'Choose a start date.',
      path: ['from'],
    });
    expect(issue({ from: '2024-3-1', to: '2024-03-01' })?.path).toEqual(['from']);
    expect(issue({ from: '2024-03-02', to: '2024-03-01' })).toEqual({
      message: reportMessages.order,
      path: ['to'],
    });
    expect(issue({ from: '2024-03-01', to: '2024-03-01', limit: '101' })?.path).toEqual(['limit']);
  });
});
