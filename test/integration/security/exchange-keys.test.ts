/**
 * An exchange key or secret holding anything an exchange never issues (non-ASCII, control
 * characters, spaces, a wrong length) is a 400 naming the field, before the mailed code is used
 * or the exchange is called: the same code then binds a real key.
 */
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember } from '../../support/api';
import { bindingCode, paperAccount } from '../../support/exchange';

const valid = 'k'.repeat(64);
/** Each a 64-character value but for what makes it wrong. */
const malformed = {
  Cyrillic: `${'k'.repeat(63)}к`,
  emoji: `${'k'.repeat(62)}🔑`,
  'CR/LF': `${'k'.repeat(31)}\r\n${'k'.repeat(31)}`,
  NUL: `${'k'.repeat(63)}\u0000`,
  'right-to-left override': `${'k'.repeat(63)}\u202e`,
  'a space inside': `${'k'.repeat(32)} ${'k'.repeat(31)}`,
  'too short': 'k'.repeat(63),
  'too long': 'k'.repeat(65),
};

describe('exchange keys', () => {
  it.each(Object.entries(malformed))(
    'a key or secret with %s is a 400 that spends nothing',
    async (_, bad) => {
      const member = await newVerifiedMember();
      const otp = await bindingCode(member.email, member.idToken);
      for (const [field, input] of [
        ['apikey', { apikey: bad, apisecret: valid, otp }],
        ['apisecret', { apikey: valid, apisecret: bad, otp }],
      ] as const) {
        const refused = await call('bindBinance', input, member.idToken);
        expect(refused.status, field).toBe(400);
        expect(refused.body.field).toBe(field);
        expect(refused.body.message).toMatch(
          /^A Binance API (key|secret) (has only letters, digits and symbols|is 64 characters long)/,
        );
      }
      const wazirx = await call(
        'bindWazirx',
        { apikey: `${'k'.repeat(20)}\u202e`, apisecret: valid, otp, confirmNoWithdraw: true },
        member.idToken,
      );
      expect(wazirx).toMatchObject({ status: 400, body: { field: 'apikey' } });

      // the mailed code was not used: it binds a real key now
      const key = await paperAccount();
      const bound = await call(
        'bindBinance',
        { apikey: key.apiKey, apisecret: key.secret, otp },
        member.idToken,
      );
      expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    },
  );
});
