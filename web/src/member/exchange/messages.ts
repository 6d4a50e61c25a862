import type { ExchangeName } from '#api/schemas/exchange';

export const EXCHANGE_NAMES: Record<ExchangeName, string> = { binance: 'Binance', wazirx: 'WazirX' };

const UNKNOWN_ERROR = 'An unknown error occurred';

/** The server's message, else the spec's 'An unknown error occurred'. */
export const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;
