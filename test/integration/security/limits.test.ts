/**
 * Abuse limits (config.limits), as an attacker meets them through the API: past the budget a
 * 429 that says when to try again, and nothing else happens.
 */
import { describe, expect, it } from 'vitest';
import { call, callFrom, newVerifiedMember, outbox, uniqueMember } from '../../support/api';
import { bindingCode } from '../../support/exchange';

const tryAgainLater = {
  status: 429,
  body: expect.objectContaining({
    code: 'TOO_MANY_REQUESTS',
    message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ (minutes?|hours)\.$/),
  }),
};

/** A six-digit code that is certainly not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const bind = (otp: string, idToken: string) =>
  call('bindBinance', { apikey: 'k'.repeat(64), apisecret: 's'.repeat(64), otp }, idToken);

describe('one-time codes', () => {
  it('keeps the day’s wrong-code budget across new codes: the right code is refused once it is spent', async () => {
    const member = await newVerifiedMember();
    for (let round = 0; round < 2; round++) {
      const code = await bindingCode(member.email, member.idToken);
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await bind(wrong(code), member.idToken)).body.code).toBe('OTP_WRONG');
    }
    const fresh = await bindingCode(member.email, member.idToken);
    expect(await bind(fresh, member.idToken)).toEqual(tryAgainLater);
  });

  it('mails at most five codes an hour', async () => {
    const member = await newVerifiedMember();
    for (let i = 0; i < 5; i++)
      expect((await call('requestExchangeOtp', {}, member.idToken)).status).toBe(200);
    const mailed = (await outbox(member.email)).length;
    expect(await call('requestExchangeOtp', {}, member.idToken)).toEqual(tryAgainLater);
    expect((await outbox(member.email)).length).toBe(mailed);
  });
});

describe('mails to an address', () => {
  it('sends three verification mails an hour to one address, whether or not it has an account', async () => {
    const email = uniqueMember().email;
    for (let i = 0; i < 3; i++) expect((await call('resendVerification', { email })).status).toBe(200);
    expect(await call('resendVerification', { email })).toEqual(tryAgainLater);
  });

  it('sends three reset mails an hour, and refuses a sixth wrong reset code even if it were right', async () => {
    const member = await newVerifiedMember();
    for (let i = 0; i < 3; i++)
      expect((await call('requestPasswordReset', { email: member.email })).status).toBe(200);
    expect(await call('requestPasswordReset', { email: member.email })).toEqual(tryAgainLater);

    const guess = (code: string) =>
      call('resetPassword', {
        token: `${Buffer.from(member.email).toString('base64url')}.${code}`,
        password: 'N3w!Passw0rd',
      });
    for (let i = 0; i < 5; i++) expect((await guess(String(100000 + i))).body.code).toBe('LINK_INVALID');
    expect(await guess('999999')).toEqual(tryAgainLater);
  });

  it('takes three contact messages an hour from one sender, twenty from one address', async () => {
    const sender = uniqueMember();
    const message = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: sender.email,
      country: 'IN',
      mobile: '9876543210',
      message: 'Hello, I have a question about plans.',
    };
    for (let i = 0; i < 3; i++)
      expect((await callFrom('127.0.0.21', 'sendContactMessage', message)).status).toBe(201);
    expect(await callFrom('127.0.0.21', 'sendContactMessage', message)).toEqual(tryAgainLater);
    // twenty an hour from one address, whoever they say they are
    const fromAnyone = () => ({ ...message, email: uniqueMember().email });
    for (let i = 0; i < 20; i++)
      expect((await callFrom('127.0.0.24', 'sendContactMessage', fromAnyone())).status).toBe(201);
    expect(await callFrom('127.0.0.24', 'sendContactMessage', fromAnyone())).toEqual(tryAgainLater);
  });
});

describe('per caller address', () => {
  it('answers sixty referral-id checks per ten minutes from one address, and others still get theirs', async () => {
    for (let i = 0; i < 60; i++)
      expect((await callFrom('127.0.0.22', 'checkSponsor', { userid: 'admin' })).status).toBe(200);
    expect(await callFrom('127.0.0.22', 'checkSponsor', { userid: 'admin' })).toEqual(tryAgainLater);
    expect((await callFrom('127.0.0.23', 'checkSponsor', { userid: 'admin' })).status).toBe(200);
  });
});
