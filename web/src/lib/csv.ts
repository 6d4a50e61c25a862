/**
 * The one way the web app writes CSV: RFC 4180 quoting, cells that a spreadsheet would run as a
 * formula neutralised (OWASP "CSV injection"), and the file downloaded in the browser.
 */

/** A plain number, e.g. the amount -12.5: a spreadsheet reads it as a value, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** What makes a spreadsheet start a formula: =, +, -, @, and (OWASP) a leading tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. A text that begins a formula gets a leading single quote, so Excel, LibreOffice and
 * Google Sheets show it as text: `=HYPERLINK("http://x")` arrives as `'=HYPERLINK("http://x")`.
 * Plain numbers stay as they are, even negative ones: a report's -12.5 USDT is money, and a
 * number cannot carry a formula. `-2+3` is no plain number, so it is neutralised.
 */
const cell = (value: string | number): string => {
  const text = String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
}

export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

interface Paged<Row> {
  items: Row[];
  cursor?: string;
}

/** What an export reads a page at a time: the largest page the admin lists serve. */
const EXPORT_PAGE = 100;

/**
 * A paged list written whole, not just the pages on screen: every page read (`EXPORT_PAGE` rows
 * each), then one file of the columns' CSV values.
 */
export async function downloadAllPages<Row>(
  name: string,
  columns: { header: string; csv: (row: Row) => string | number }[],
  load: (limit: number, cursor?: string) => Promise<Paged<Row>>,
): Promise<void> {
  const all: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await load(EXPORT_PAGE, cursor);
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  downloadCsv(
    name,
    toCsv(
      columns.map((c) => c.header),
      all.map((r) => columns.map((c) => c.csv(r))),
    ),
  );
}
