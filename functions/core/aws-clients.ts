/**
 * What every AWS SDK client of the functions shares besides DynamoDB's (./db.ts has its own,
 * tighter timing): a deadline per attempt, the SDK's standard retries (backoff with jitter on
 * throttling, 5xx and network errors) and an endpoint a local stand-in may take. A throttled or
 * hung Cognito, SES, SQS, Lambda, Step Functions, Secrets Manager or S3 call fails while an API
 * function (10 s, lib/functions.ts) still lives to answer it with a 503 (core/middleware.ts).
 */

/**
 *   one attempt   <= 2.5 s   requestTimeout (connecting included; a connection not made within
 *                            1 s fails sooner: connectionTimeout)
 *   attempts         3       the SDK's standard retry strategy
 *   worst case    ~7.8 s     3 x 2.5 s + backoff, inside the API functions' 10 s
 */
const CALL_TIMING = { connectionTimeoutMs: 1_000, requestTimeoutMs: 2_500, maxAttempts: 3 } as const;

/** The options of one SDK client: `endpoint` when a local stand-in answers for the service. */
export const clientOptions = (endpoint?: string) => ({
  ...(endpoint ? { endpoint } : {}),
  maxAttempts: CALL_TIMING.maxAttempts,
  // options of the SDK's own NodeHttpHandler; without throwOnRequestTimeout it would only warn
  requestHandler: {
    connectionTimeout: CALL_TIMING.connectionTimeoutMs,
    requestTimeout: CALL_TIMING.requestTimeoutMs,
    throwOnRequestTimeout: true,
  },
});

/**
 * One client per endpoint, made at first use: the local stack sets the endpoints after the
 * functions' modules are loaded, and a Lambda container keeps its client warm between requests.
 */
export const lazyClient = <Client>(make: (endpoint?: string) => Client, endpointVariable?: string) => {
  const made = new Map<string, Client>();
  return (): Client => {
    const endpoint = endpointVariable ? process.env[endpointVariable] : undefined;
    const key = endpoint ?? '';
    let client = made.get(key);
    if (!client) {
      client = make(endpoint);
      made.set(key, client);
    }
    return client;
  };
};

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'ThrottlingException',
  'TooManyRequestsException',
  'LimitExceededException',
  'InternalErrorException',
  'InternalServerError',
  'ServiceUnavailable',
  'ServiceUnavailableException',
]);

/**
 * True when an AWS service could not serve a call for now, after the client's retries: a refused,
 * reset or timed-out connection, throttling, a 5xx. Answers (a user not found, a bad parameter)
 * are not: they are the service's word.
 */
export const isServiceUnavailable = (error: unknown): boolean => {
  if (!error || typeof error !== 'object' || !('$metadata' in error || 'code' in error)) return false;
  const e = error as SdkError;
  const status = e.$metadata?.httpStatusCode ?? 0;
  return (
    (!!e.code && UNREACHABLE_CODES.has(e.code)) ||
    UNAVAILABLE_NAMES.has(e.name ?? '') ||
    (status >= 500 && status <= 504)
  );
};
