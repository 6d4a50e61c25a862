/**
 * How the paper exchange checks a signed request, as Binance does: over the query and body as
 * sent (percent-encoded), with the key's HMAC secret or, for an Ed25519 key, its public key; and
 * ccxt signs both kinds so.
 */
import { createHmac, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePaper } from './serve';

let exchange: Awaited<ReturnType<typeof servePaper>>;
beforeAll(async () => {
  exchange = await servePaper({ speed: 1 });
});
afterAll(() => exchange.close());

const keyOf = async (keyType: 'hmac' | 'ed25519') => {
  const response = await fetch(`${exchange.base}/accounts`, {
    method: 'POST',
    body: JSON.stringify({ keyType, spot: { USDT: 1_000 } }),
  });
  return (await response.json()) as { apiKey: string; secret: string };
};

/** Signs a payload as the key's owner would: HMAC hex, or Ed25519 base64. */
const signatureOf = (secret: string, payload: string) =>
  secret.includes('PRIVATE KEY')
    ? sign(null, Buffer.from(payload), createPrivateKey(secret)).toString('base64')
    : createHmac('sha256', secret).update(payload).digest('hex');

/** GET /api/v3/order by a client order id, signed over the query as sent or over it decoded. */
const orderBy = async (
  key: { apiKey: string; secret: string },
  clientOrderId: string,
  signEncoded: boolean,
) => {
  const query = new URLSearchParams({
    symbol: 'BTCUSDT',
    origClientOrderId: clientOrderId,
    timestamp: String(Date.now()),
  }).toString();
  const payload = signEncoded ? query : decodeURIComponent(query);
  const signature = encodeURIComponent(signatureOf(key.secret, payload));
  const response = await fetch(`${exchange.base}/binance/api/v3/order?${query}&signature=${signature}`, {
    headers: { 'x-mbx-apikey': key.apiKey },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe.each(['hmac', 'ed25519'] as const)('a %s key', (keyType) => {
  it('signs over the percent-encoded payload: ccxt is answered, a signature over the decoded one refused', async () => {
    const key = await keyOf(keyType);
    const spot = exchange.client(key, 'spot');
    // ':' and '/' are percent-encoded in the payload (%3A, %2F)
    const id = 'dca:1/a';
    await spot.createOrder('BTC/USDT', 'market', 'buy', 0.001, undefined, { clientOrderId: id });
    expect((await orderBy(key, id, true)).body).toMatchObject({ clientOrderId: id, status: 'FILLED' });
    expect(await orderBy(key, id, false)).toEqual({
      status: 400,
      body: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
  });
});

describe('an Ed25519 public key registered, as on Binance', () => {
  it('answers the API key alone, and takes requests signed with the private key kept by its owner', async () => {
    const pair = generateKeyPairSync('ed25519');
    const register = (publicKey: string) =>
      fetch(`${exchange.base}/accounts`, {
        method: 'POST',
        body: JSON.stringify({ keyType: 'ed25519', publicKey, spot: { USDT: 50 } }),
      });
    const answer = await register(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const registered = (await answer.json()) as Record<string, string>;
    expect(Object.keys(registered).sort()).toEqual(['apiKey', 'exchange']);
    const secret = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const spot = exchange.client({ apiKey: registered.apiKey, secret }, 'spot');
    expect((await spot.fetchBalance()).USDT.free).toBe(50);

    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const refused = await register(rsa.export({ type: 'spki', format: 'pem' }).toString());
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: -1102,
      msg: "Mandatory parameter 'publicKey' was not sent, was empty/null, or malformed.",
    });
  });
});
