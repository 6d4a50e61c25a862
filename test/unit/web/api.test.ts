import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ token: 'id-token-123' as string | null }));
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({
    tokens: session.token ? { idToken: { toString: () => session.token } } : undefined,
  }),
}));

import { ApiError, callApi } from '../../../web/src/lib/api';
import { loadConfig } from '../../../web/src/lib/config';

const config = {
  apiUrl: 'http://api.test/api/',
  wsUrl: 'ws://api.test/ws',
  cognito: { userPoolId: 'local_x', userPoolClientId: 'c', authFlowType: 'USER_PASSWORD_AUTH' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('web api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    session.token = 'id-token-123';
    fetchMock = vi.fn(async () => json(200, config));
    vi.stubGlobal('fetch', fetchMock);
    // where Amplify keeps the signed-in user's name: the client looks there before it loads Amplify
    const stored = new Map([['CognitoIdentityServiceProvider.c.LastAuthUser', 'member']]);
    vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
    await loadConfig();
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends GET input as a query string with the bearer ID token', async () => {
    fetchMock.mockResolvedValue(json(200, { items: [], unread: 0 }));
    const res = await callApi('listNotifications', { limit: 5, cursor: 'abc' });
    expect(res).toEqual({ items: [], unread: 0 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/api/notifications?limit=5&cursor=abc');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers.Authorization).toBe('Bearer id-token-123');
  });

  it('sends POST input as JSON and no token on public routes', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 'yes', message: 'ok', name: 'Root' }));
    await callApi('checkSponsor', { userid: 'root' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://api.test/api/auth/directid');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ userid: 'root' });
    expect(init.headers.Authorization).toBeUndefined();
  });

  it('throws ApiError carrying the server code, message and field', async () => {
    fetchMock.mockResolvedValue(
      json(409, { code: 'USERNAME_TAKEN', message: 'This username is already taken.', field: 'username' }),
    );
    const err = await callApi('resendVerification', { email: 'a@b.co' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      code: 'USERNAME_TAKEN',
      message: 'This username is already taken.',
      field: 'username',
    });
  });

  it('gives a readable error for a non-JSON failure and for a network failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(callApi('getAdminSummary', {})).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi('getAdminSummary', {})).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('refuses a member call without a session, without calling the server', async () => {
    session.token = null;
    await expect(callApi('getProfile', {})).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
