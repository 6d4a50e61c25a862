/** Micro-USDT integers (the API's money) as text; the same rules as functions/core/money.ts. */
const MICRO = 1_000_000;

export function formatUsdt(micro: number): string {
  const sign = micro < 0 ? '-' : '';
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / MICRO);
  const fraction = String(abs % MICRO)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${sign}${whole.toLocaleString('en-US')}.${fraction}`;
}

/** The amount field's text to micro-USDT, or null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * MICRO + Number((m[2] ?? '').padEnd(6, '0'));
}

export const MIN_WITHDRAW = 10 * MICRO;
