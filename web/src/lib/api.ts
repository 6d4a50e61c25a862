/**
 * The one typed client of the Trendex API. Method, path and access come from the contract
 * (api/routes.ts); request and response types are inferred from its zod schemas.
 */
import { routes, type OperationId, type RequestOf, type ResponseOf } from '#api/routes';
import type { ErrorBody } from '#api/schemas/common';
import { getConfig } from './config';
import { hasStoredSession, loadAmplify } from './session';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  /** The answer's Retry-After (seconds), when it said when to try again (503, 429). */
  readonly retryAfterSeconds?: number;

  constructor(status: number, body: ErrorBody, retryAfterSeconds?: number) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.field = body.field;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The Cognito ID token of the signed-in user, refreshed by Amplify when needed. */
export async function getIdToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  try {
    const { fetchAuthSession } = await loadAmplify();
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

function toQuery(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).message === 'string' &&
    typeof (value as ErrorBody).code === 'string'
  );
}

export async function callApi<Op extends OperationId>(op: Op, input: RequestOf<Op>): Promise<ResponseOf<Op>> {
  const route = routes[op];
  const { apiUrl } = getConfig();
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';

  if (route.access !== 'public') {
    const token = await getIdToken();
    if (!token) throw new ApiError(401, { code: 'UNAUTHENTICATED', message: 'Please log in again.' });
    headers.Authorization = `Bearer ${token}`;
  }

  const url = apiUrl + route.path + (hasBody ? '' : toQuery((input ?? {}) as Record<string, unknown>));
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(input ?? {}) : undefined,
    });
  } catch {
    throw new ApiError(0, {
      code: 'NETWORK',
      message: 'Cannot reach the Trendex server. Check your connection and try again.',
    });
  }

  const text = await res.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }

  if (!res.ok) {
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiError(
      res.status,
      isErrorBody(body)
        ? body
        : {
            code: `HTTP_${res.status}`,
            message: `Something went wrong (HTTP ${res.status}). Please try again.`,
          },
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return body as ResponseOf<Op>;
}

/** A readable message for any error thrown by a call or by Amplify. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
