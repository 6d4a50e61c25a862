import type { ExchangeName } from '#api/schemas/exchange';

export const EXCHANGE_NAMES: Record<ExchangeName, string> = { binance: 'Binance', wazirx: 'WazirX' };

const UNKNOWN_ERROR = 'An unknown error occurred';

/** The server's message, else the spec's 'An unknown error occurred'. */
export const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : UNKNOWN_ERROR;

/**
 * Why binding a key failed. An exchange that refuses the request's signature ("Signature for this
 * request is not valid.") means the secret does not belong to the key: say what to check instead
 * of the exchange's own words.
 */
export const bindFailureText = (error: unknown) =>
  error instanceof Error && /signature/i.test(error.message)
    ? 'The exchange did not accept this API key and secret. Check that the secret key is copied whole (nothing cut off, no spaces) and that the API key is enabled for trading.'
    : failureText(error);
