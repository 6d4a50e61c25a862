/**
 * Idempotency keys of money requests (plan purchase, Top Up, Withdraw, the admin's balance change).
 * One id per intent: made when the form or dialog opens, sent again on every retry of it — the
 * app's own retry below, the member pressing the button again after an error, a double click — so
 * a request that was answered with an error but carried out is never carried out twice. A new id is
 * made once the outcome is known (success, or an answer that says what happened) or when the form
 * is reset; an answer that leaves the outcome unknown (no answer, 503, 500) keeps it.
 */
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api';

/** A v4 UUID (crypto.randomUUID needs a secure context: https or localhost; the fallback does not). */
export const newRequestId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * True when an error leaves it unknown whether the request was carried out: no answer reached us,
 * or the server failed (500, 503 …). A refunded payout (502 PAYOUT_FAILED) and every 4xx say what
 * happened.
 */
export const outcomeUnknown = (error: unknown): boolean =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  (error.status >= 500 && error.code !== 'PAYOUT_FAILED');

/** No answer, or the service said it is briefly unavailable: worth one automatic retry. */
const worthRetrying = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 0 || error.status === 503);

/**
 * Mutation options for a money request whose variables carry its request id: one automatic retry
 * (with the same variables, so the same id) when there was no answer or the service was briefly
 * unavailable, after the server's Retry-After (at most 5 s).
 */
export const moneyRetry = {
  retry: (failures: number, error: Error) => failures < 1 && worthRetrying(error),
  retryDelay: (_failures: number, error: Error) =>
    Math.min(5, error instanceof ApiError && error.retryAfterSeconds ? error.retryAfterSeconds : 2) * 1000,
};

/**
 * The request id of the form's current intent. `settled(error)` after each answer makes a new one
 * unless the outcome is unknown; `renew()` when the form is reset.
 */
export function useRequestId() {
  const [requestId, setRequestId] = useState(newRequestId);
  const renew = useCallback(() => setRequestId(newRequestId()), []);
  const settled = useCallback(
    (error?: unknown) => {
      if (!error || !outcomeUnknown(error)) renew();
    },
    [renew],
  );
  return { requestId, renew, settled };
}

/**
 * The mutation's `mutate`, ignoring calls while its request is in flight: one click, one request.
 * The button shows its loading (disabled) state only once React renders again, and the second
 * click of a double click can come before that; this ref closes the gap.
 */
export function useSingleFlight<TData, TVariables>(mutation: UseMutationResult<TData, Error, TVariables>) {
  const inFlight = useRef(false);
  const { mutate } = mutation;
  return useCallback(
    (variables: TVariables, options?: MutateOptions<TData, Error, TVariables>) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(variables, {
        ...options,
        onSettled: (...args) => {
          inFlight.current = false;
          return options?.onSettled?.(...args);
        },
      });
    },
    [mutate],
  );
}
