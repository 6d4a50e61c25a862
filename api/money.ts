/**
 * Money is an integer number of micro-USDT (1 USDT = 1_000_000). Never a float: floats cannot
 * hold 0.1 exactly, and a ledger that loses a micro-cent per transfer does not balance.
 */
export type Micro = number;

export const MICRO_PER_USDT = 1_000_000;

/** Whole (or exactly representable) USDT to micro-USDT, for constants such as prices. */
export const usdt = (amount: number): Micro => {
  const micro = Math.round(amount * MICRO_PER_USDT);
  if (!Number.isSafeInteger(micro)) throw new RangeError(`amount out of range: ${amount}`);
  return micro;
};

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

/** Parses a decimal string such as "12.5" exactly; null when it is not a non-negative amount with at most 6 decimals. */
export const parseUsdt = (text: string): Micro | null => {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? '').padEnd(6, '0'));
  return whole * MICRO_PER_USDT + fraction;
};

/** "1234.5" style, trailing zeros trimmed but at least two decimals: 1234.50. */
export const formatUsdt = (micro: Micro): string => {
  if (!Number.isSafeInteger(micro)) throw new RangeError(`not an integer amount: ${micro}`);
  const sign = micro < 0 ? '-' : '';
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / MICRO_PER_USDT);
  const fraction = String(abs % MICRO_PER_USDT)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${sign}${whole}.${fraction}`;
};

/** '1234567' → '1,234,567': a string of digits with thousands separators, as en-US writes them. */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * 1234500000 → '1,234.50', 1234567 → '1.23': money as people read it (the web app's figures, the
 * messages members get), rounded to the cent half away from zero in integers, with thousands
 * separators. A CSV cell or a form's amount keeps every digit (formatUsdt).
 */
export const formatUsdtCents = (micro: Micro): string => {
  if (!Number.isSafeInteger(micro)) throw new RangeError(`not an integer amount: ${micro}`);
  const cents = Math.round(Math.abs(micro) / (MICRO_PER_USDT / 100));
  const sign = micro < 0 && cents > 0 ? '-' : '';
  const whole = groupThousands(String(Math.floor(cents / 100)));
  return `${sign}${whole}.${String(cents % 100).padStart(2, '0')}`;
};

/** rate x amount rounded down to a micro-USDT: the platform never pays a fraction it does not hold. */
export const applyRate = (micro: Micro, rate: number): Micro => {
  // BigInt: amount x rate can pass 2^53 (a million USDT is 1e12 micro), where a float product rounds.
  const product = BigInt(micro) * BigInt(Math.round(rate * 1e6));
  const share = product / 1_000_000n;
  // BigInt division truncates toward zero; floor it for negative amounts too.
  return Number(product < 0n && share * 1_000_000n !== product ? share - 1n : share);
};
