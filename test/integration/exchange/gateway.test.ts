/**
 * The exchange gateway is reached only as Lambda lets it be: by a call signed with the stack's key
 * (in AWS, IAM allows only the exchange and bots functions). Someone on the machine who skips the
 * API and posts to the local Invoke stand-in directly, unsigned or signed with another key, is
 * refused, and a member's balances are not read for them.
 */
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack } from '../../support/api';
import { signedPost } from '../../support/signed';

const invocation = () => new URL(`${stack().webUrl}/2015-03-31/functions/exchangeGateway/invocations`);

/** A POST to the local Invoke signed with `secret` (the stack's own is 'local'). */
const signedInvoke = (body: string, secret: string) =>
  signedPost(invocation(), {
    service: 'lambda',
    secret,
    body,
    headers: { 'content-type': 'application/json' },
  });

describe('the exchange gateway', () => {
  it('answers only calls signed with the stack key', async () => {
    const member = await newVerifiedMember();
    const memberId = String((await call('getProfile', {}, member.idToken)).body.id);
    const body = JSON.stringify({ op: 'freeQuote', memberId, market: 'spot', quote: 'USDT' });

    const unsigned = await fetch(invocation(), { method: 'POST', body });
    expect(unsigned.status).toBe(403);
    const forged = await signedInvoke(body, 'not-the-key');
    expect(forged.status).toBe(403);
    expect(forged.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');

    // the same call, signed as the API functions sign it, is answered (no Binance key: null)
    const genuine = await signedInvoke(body, 'local');
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toEqual({ ok: true, value: null });
  });
});
