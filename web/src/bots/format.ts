/** How the bot pages write exchange prices, quantities and percentages (money goes through lib/format). */
import { PRICE_DECIMALS } from '#api/markets';

const fixed = new Map<number, Intl.NumberFormat>();
/** Thousands separators and exactly `decimals` decimals. */
const grouped = (decimals: number) => {
  let f = fixed.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    fixed.set(decimals, f);
  }
  return f;
};
const smallPrice = new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 6 });
const qty = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/**
 * An exchange price (a float from the exchange, not a ledger amount), with thousands separators:
 * to the symbol's tick ('87,654.32' on BTCUSDT, '0.5123' on XRPUSDT), or, for a symbol not listed,
 * cents above 10 and up to six decimals under.
 */
export const priceText = (p: number | null | undefined, symbol?: string): string => {
  if (p === null || p === undefined) return '—';
  const decimals = symbol === undefined ? undefined : PRICE_DECIMALS[symbol];
  if (decimals !== undefined) return grouped(decimals).format(p);
  return p < 10 ? smallPrice.format(p) : grouped(2).format(p);
};

/** A USDT figure that is not a ledger amount (a backtest's equity, a chart's axis): '12,345.68'. */
export const usdFigure = (x: number): string => grouped(2).format(x);

export const qtyText = (q: number): string => qty.format(q);

export const pctText = (p: number, signed = true): string => `${signed && p > 0 ? '+' : ''}${p.toFixed(2)}%`;

/** '26 Nov 2026, 16:12': the app's one date formatter (lib/dates.ts). */
export { dateTimeText as dateText } from '../lib/dates';
