/**
 * How the app writes numbers, and reads an amount back. Money is the API's micro-USDT integers,
 * written by the same rules as functions/core/money.ts: every significant digit, at least two.
 */
const MICRO = 1_000_000;

function usdtParts(micro: number) {
  const abs = Math.abs(micro);
  const fraction = String(abs % MICRO)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return { sign: micro < 0 ? '-' : '', whole: Math.floor(abs / MICRO), fraction };
}

/** 1234500000 → '1,234.50': an amount beside its unit (a column headed 'USDT', a label). */
export function formatUsdt(micro: number): string {
  const { sign, whole, fraction } = usdtParts(micro);
  return `${sign}${whole.toLocaleString('en-US')}.${fraction}`;
}

/** 1234500000 → '1,234.50 USDT': an amount on its own. */
export const usdtText = (micro: number): string => `${formatUsdt(micro)} USDT`;

/** 1234500000 → '1234.50': without grouping, as a CSV cell must be for a spreadsheet to read it. */
export function plainUsdt(micro: number): string {
  const { sign, whole, fraction } = usdtParts(micro);
  return `${sign}${whole}.${fraction}`;
}

const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 1234567891 → '1,234.57 USDT': rounded to cents, for a balance read from an exchange (a snapshot
 * of someone else's books, not a ledger amount whose every digit counts).
 */
export const roundedUsdtText = (micro: number): string => `${cents.format(micro / MICRO)} USDT`;

/** The amount field's text to micro-USDT, or null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * MICRO + Number((m[2] ?? '').padEnd(6, '0'));
}

const counts = new Intl.NumberFormat('en');

/** 12345 → '12,345': members, points. */
export const formatCount = (n: number): string => counts.format(n);
