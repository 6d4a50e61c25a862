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
