/**
 * How the app writes numbers, and reads an amount back. Money is the API's micro-USDT integers,
 * written as people read money: cents, with thousands separators, everywhere on screen. A CSV
 * cell and an amount field keep every digit (`plainUsdt`, the contract's rule in api/money.ts).
 */
import { formatUsdt as plainUsdt, formatUsdtCents, groupThousands, parseUsdt } from '#api/money';

/**
 * 1234500000 → '1,234.50', 1234567 → '1.23': an amount beside its unit (a column headed 'USDT', a
 * label), in cents with thousands separators (api/money.ts, as the members' messages write it).
 */
export const formatUsdt = formatUsdtCents;

/** 1234500000 → '1,234.50 USDT': an amount on its own. */
export const usdtText = (micro: number): string => `${formatUsdt(micro)} USDT`;

/** 1234500000 → '1234.50': without grouping, every digit, as a CSV cell must be for a spreadsheet to read it. */
export { plainUsdt };

/** The amount field's text to micro-USDT, or null when it is not an amount (the contract's rule). */
export { parseUsdt };

/**
 * 12345 → '12,345': members, points, a bot's minimum (whole numbers). Grouped by hand, not with
 * Intl.NumberFormat, which writes the same for an integer: a page's first Intl.NumberFormat loads
 * the browser's number-formatting data (~130–160 ms at a phone's pace), and this module is in the
 * dashboard's first load, where it was made on evaluation (docs/decisions/web-performance.md).
 */
export const formatCount = (n: number): string => groupThousands(String(n));

/** '12500.00' → '12,500', '12500.50' → '12,500.50': activation points (a decimal string from the API). */
export const pointsText = (points: string): string => {
  const [whole, fraction = ''] = points.split('.');
  return `${formatCount(Number(whole))}${/^0*$/.test(fraction) ? '' : `.${fraction}`}`;
};
