/**
 * The error vocabulary of exchange calls. A key the exchange refuses shows the exchange's own
 * words (spec: "alert the server's error.response"); anything unreadable (network, timeouts,
 * a body we cannot parse) shows 'An unknown error occurred'. Nothing here ever holds a secret:
 * ccxt's messages carry the exchange's response body only.
 */
import { AuthenticationError, ExchangeError, NetworkError, PermissionDenied } from '#ccxt/base/errors.js';
import { DomainError, messages } from '#core/errors';
import { WazirxError } from './wazirx';

/** The exchange's own readable message and code, when it sent one. */
const exchangeReason = (error: unknown): { code?: number; message: string } | null => {
  if (error instanceof WazirxError)
    return error.message ? { code: error.code, message: error.message } : null;
  if (error instanceof NetworkError) return null;
  if (error instanceof ExchangeError) {
    const json = /\{.*\}/s.exec(error.message)?.[0];
    if (!json) return null;
    try {
      const body = JSON.parse(json) as { code?: number; msg?: string };
      return body.msg ? { code: body.code, message: body.msg } : null;
    } catch {
      return null;
    }
  }
  return null;
};

/** A refused or failed key check, as the member sees it. */
export const bindingError = (error: unknown): DomainError => {
  const reason = exchangeReason(error);
  if (reason) return new DomainError(400, 'EXCHANGE_REJECTED', reason.message, 'apikey');
  return new DomainError(502, 'EXCHANGE_UNKNOWN_ERROR', messages.exchangeUnknownError);
};

/** For logs: what kind of failure, never the request or the key. */
export const errorSummary = (error: unknown) => ({
  errorName: (error as Error | null)?.name ?? typeof error,
  exchangeCode: exchangeReason(error)?.code,
  authentication: error instanceof AuthenticationError || error instanceof PermissionDenied,
});

/**
 * How the bots' executor takes an exchange's failure (docs/decisions/exchange-faults.md):
 *  - `key`: the key is refused (-2015 revoked, IP not whitelisted, permission removed; -1022,
 *    -2014), the member must act. ccxt reports a -2015 that follows a successful call as a
 *    DDoSProtection (a temporary ban can answer it), so the code decides, not the class;
 *  - `funds`: not enough balance (-2010 on spot) or margin (-2019 on futures);
 *  - `refused`: the order is refused for good as sent (filters -1013 and futures' -4xxx,
 *    reduce-only -2022, a stop that would trigger at once): retrying the same order cannot help;
 *  - `later`: nothing the member can do and nothing refused for good: the request was not run
 *    (-1021 recvWindow, -1003 / 429 / 418 bans, -1008 busy, maintenance, our own egress budget
 *    closed) or its outcome is unknown (5xx, -1006 / -1007, a lost answer): try again later,
 *    looking the order up by its client order id before it is ever sent again.
 * null: not the exchange's answer at all (a bug of ours): the message fails and SQS retries it.
 */
export type TradingFault = 'key' | 'funds' | 'refused' | 'later';

const KEY_CODES = [-2015, -2014, -1022, -1002];
const LATER_CODES = [1, -1000, -1001, -1003, -1006, -1007, -1008, -1021];
const REFUSED = /InvalidOrder|BadRequest|OrderImmediatelyFillable|OrderNotFillable|BadSymbol|MarketClosed/;
const LATER =
  /NetworkError|DDoSProtection|RateLimitExceeded|RequestTimeout|ExchangeNotAvailable|OnMaintenance|InvalidNonce|OperationFailed|EgressClosed/;

/** Binance's error code in a ccxt error's message (its response body), if there is one. */
export const exchangeCode = (error: unknown): number | undefined => {
  const match = /"code"\s*:\s*(-?\d+)/.exec(String((error as Error | null)?.message ?? ''));
  return match ? Number(match[1]) : undefined;
};

/** The exchange's own words for a failure, with its code: "Filter failure: LOT_SIZE (-1013)". */
export const exchangeWords = (error: unknown): string => {
  const text = String((error as Error | null)?.message ?? error);
  const msg = /"msg"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
  const code = exchangeCode(error);
  // ccxt names the exchange first ("binance Account has insufficient balance ..."): only Binance's words.
  return msg
    ? `${msg}${code === undefined ? '' : ` (${code})`}`
    : text.replace(/^binance\w* /, '').slice(0, 300);
};

export const tradingFault = (error: unknown): TradingFault | null => {
  const name = (error as { name?: string } | null)?.name ?? '';
  const code = exchangeCode(error);
  if ((code !== undefined && KEY_CODES.includes(code)) || /AuthenticationError|PermissionDenied/.test(name))
    return 'key';
  if (code === -2019 || name === 'InsufficientFunds') return 'funds';
  if (REFUSED.test(name)) return 'refused';
  if ((code !== undefined && LATER_CODES.includes(code)) || LATER.test(name)) return 'later';
  // Any other code of Binance's on an answer (futures' -4xxx filters): a refusal of this order.
  if (code !== undefined && code < 0 && name === 'ExchangeError') return 'refused';
  return null;
};
