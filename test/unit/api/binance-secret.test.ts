/**
 * The Binance secret a member pastes: an HMAC secret as before, or an Ed25519 private key in PEM
 * (however its lines were broken on the way), kept in the form ccxt signs with; anything else is
 * refused with a message that says what to paste.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BindBinanceRequest } from '#api/schemas/exchange';

const request = (apisecret: string) =>
  BindBinanceRequest.safeParse({ apikey: 'k'.repeat(64), apisecret, otp: '123456' });
const ed25519Pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const rsaPem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('a Binance API secret', () => {
  it('may be an HMAC secret of 64 characters', () => {
    expect(request('s'.repeat(64)).data?.apisecret).toBe('s'.repeat(64));
    expect(request('s'.repeat(63)).error?.issues[0].message).toBe(
      'A Binance API secret is 64 characters long. Copy it again from Binance.',
    );
  });

  it('may be an Ed25519 private key, pasted with other line breaks and spaces', () => {
    const key = ed25519Pem();
    const body = key.split('\n')[1];
    const pasted = `  ${key.trim().replaceAll('\n', '\r\n   ')}  `;
    expect(request(pasted).data?.apisecret).toBe(
      `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`,
    );
  });

  it('is refused as an RSA or broken private key, saying what to paste', () => {
    const message = expect.stringMatching(
      /^This is not an Ed25519 private key\. Paste the whole private key file/,
    );
    expect(request(rsaPem()).error?.issues[0].message).toEqual(message);
    expect(request(ed25519Pem().slice(0, 60)).error?.issues[0].message).toEqual(message);
  });
});
