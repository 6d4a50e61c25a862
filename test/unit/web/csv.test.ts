import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../web/src/lib/csv';

const line = (...cells: (string | number)[]) => toCsv(['h'], [cells]).split('\r\n')[1];

describe('toCsv', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(line('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(line('-2+3')).toBe("'-2+3");
    expect(line('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(line('+1-1')).toBe("'+1-1");
    expect(line('\t=1+1')).toBe("'\t=1+1");
    expect(line('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(line('=1+1,=2+2')).toBe(`"'=1+1,=2+2"`);
  });

  it('leaves plain numbers, negative amounts included, and ordinary text as they are', () => {
    expect(line(-12.5, '-12.50', 250, '250.00', 0)).toBe('-12.5,-12.50,250,250.00,0');
    expect(line('Direct Bonus', 'a@b.co', 'Gold (Imperial)', '2026-01-02T03:04:05Z')).toBe(
      'Direct Bonus,a@b.co,Gold (Imperial),2026-01-02T03:04:05Z',
    );
  });

  it('quotes commas, quotes and line breaks (RFC 4180), one row per CRLF line', () => {
    expect(toCsv(['Name', 'Note'], [['Doe, Jane', 'said "hi"\nbye']])).toBe(
      'Name,Note\r\n"Doe, Jane","said ""hi""\nbye"',
    );
  });
});
