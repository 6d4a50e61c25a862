/** How the bot pages write exchange prices, quantities and percentages (money goes through lib/format). */

const price = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const smallPrice = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 6 });
const qty = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/** An exchange price (a float from the exchange, not a ledger amount). */
export const priceText = (p: number | null | undefined): string =>
  p === null || p === undefined ? '—' : (p < 10 ? smallPrice : price).format(p);

export const qtyText = (q: number): string => qty.format(q);

export const pctText = (p: number, signed = true): string => `${signed && p > 0 ? '+' : ''}${p.toFixed(2)}%`;

/** '26 Nov 2026, 16:12': the app's one date formatter (lib/dates.ts). */
export { dateTimeText as dateText } from '../lib/dates';
