/**
 * How the app writes numbers, and reads an amount back. Money is the API's micro-USDT integers,
 * written by the contract's rule (api/money.ts): every significant digit, at least two.
 */
import { formatUsdt as plainUsdt, MICRO_PER_USDT as MICRO, parseUsdt } from '#api/money';

/** 1234500000 → '1,234.50': an amount beside its unit (a column headed 'USDT', a label). */
export function formatUsdt(micro: number): string {
  const [whole, fraction] = plainUsdt(micro).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** 1234500000 → '1,234.50 USDT': an amount on its own. */
export const usdtText = (micro: number): string => `${formatUsdt(micro)} USDT`;

/** 1234500000 → '1234.50': without grouping, as a CSV cell must be for a spreadsheet to read it. */
export { plainUsdt };

const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 1234567891 → '1,234.57 USDT': rounded to cents, for a balance read from an exchange (a snapshot
 * of someone else's books, not a ledger amount whose every digit counts).
 */
export const roundedUsdtText = (micro: number): string => `${cents.format(micro / MICRO)} USDT`;

/** The amount field's text to micro-USDT, or null when it is not an amount (the contract's rule). */
export { parseUsdt };

const counts = new Intl.NumberFormat('en');

/** 12345 → '12,345': members, points. */
export const formatCount = (n: number): string => counts.format(n);
