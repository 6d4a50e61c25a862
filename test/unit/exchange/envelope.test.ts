import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localKeyProvider, open, seal, type KeyProvider } from '#functions/exchange/envelope';

const provider = () => localKeyProvider(randomBytes(32).toString('base64'));
const context = { memberId: 'm1', exchange: 'binance', purpose: 'exchange-key' };
const secret = JSON.stringify({ apiKey: 'AKIA-example-key', secret: 's3cr3t-value-0123456789' });

describe('envelope encryption of exchange keys', () => {
  it('seals with a fresh data key and opens to the same text; nothing readable is stored', async () => {
    const keys = provider();
    const sealed = await seal(secret, context, keys);
    expect(JSON.stringify(sealed)).not.toContain('s3cr3t');
    expect(JSON.stringify(sealed)).not.toContain('AKIA');
    expect(await open(sealed, context, keys)).toBe(secret);
    const again = await seal(secret, context, keys);
    expect(again.dataKey).not.toBe(sealed.dataKey);
    expect(again.ciphertext).not.toBe(sealed.ciphertext);
  });

  it("does not open under another member's context, another master key, or a changed byte", async () => {
    const keys = provider();
    const sealed = await seal(secret, context, keys);
    await expect(open(sealed, { ...context, memberId: 'm2' }, keys)).rejects.toThrow();
    await expect(open(sealed, context, provider())).rejects.toThrow();
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] ^= 1;
    await expect(open({ ...sealed, ciphertext: bytes.toString('base64') }, context, keys)).rejects.toThrow();
  });

  it('asks the provider (KMS in AWS) for one data key per seal, with the encryption context', async () => {
    const local = provider();
    const calls: Record<string, string>[] = [];
    const spy: KeyProvider = {
      generateDataKey: (c) => (calls.push(c), local.generateDataKey(c)),
      decryptDataKey: (e, c) => (calls.push(c), local.decryptDataKey(e, c)),
    };
    await open(await seal(secret, context, spy), context, spy);
    expect(calls).toEqual([context, context]);
  });

  it('refuses a local master key of the wrong size', () => {
    expect(() => localKeyProvider(randomBytes(16).toString('base64'))).toThrow('32 bytes');
  });
});
