import { describe, expect, it } from 'vitest';

// cognito-local says InvalidPasswordException where Cognito says NotAuthorizedException; the web app maps both.
const WRONG_PASSWORD = { name: expect.stringMatching(/^(NotAuthorizedException|InvalidPasswordException)$/) };
import {
  call,
  logIn,
  logInAdmin,
  mailedToken,
  signUpAndVerify,
  outbox,
  stack,
  uniqueMember,
} from '../../support/api';

describe('e-mail verification', () => {
  it('confirms the account from the mailed link and creates the member with sponsor and side', async () => {
    const member = uniqueMember();
    await call('signUp', { ...member, side: 'Right' });
    await expect(logIn(member.email, member.password)).rejects.toMatchObject({
      name: 'UserNotConfirmedException',
    });

    const token = await mailedToken(member.email, '/verify');
    expect(await call('verifyEmail', { token: token! })).toEqual({
      status: 200,
      body: { message: 'Your e-mail address is verified: you can log in now.' },
    });
    const idToken = await logIn(member.email, member.password);
    const profile = await call('getProfile', {}, idToken);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      email: member.email,
      name: member.name,
      username: member.username,
      phone: '+919876543210',
      country: 'IN',
      rank: 1,
      rankName: 'Trendex Champ',
      sponsor: stack().admin.username,
      side: 'Right',
      isAdmin: false,
      plan: { isActive: false, isSilver: false, isGold: false, activatedAt: null, expiresAt: null },
      balances: { wallet: 0, wallet1: 0, fuelwallet: 0 },
    });
  });

  it('a verify link works once; a made-up one is refused', async () => {
    const member = uniqueMember();
    await call('signUp', member);
    const token = (await mailedToken(member.email, '/verify'))!;
    expect((await call('verifyEmail', { token })).status).toBe(200);
    expect(await call('verifyEmail', { token })).toMatchObject({
      status: 400,
      body: { code: 'LINK_INVALID', field: 'token' },
    });
    expect((await call('verifyEmail', { token: 'x'.repeat(43) })).status).toBe(400);
  });

  it('resends a fresh link to an unconfirmed account, and answers the same for unknown addresses', async () => {
    const member = uniqueMember();
    await call('signUp', member);
    const first = await mailedToken(member.email, '/verify');
    const answer = await call('resendVerification', { email: member.email });
    expect(answer).toEqual({ status: 200, body: { message: 'Verify email link send to email.' } });
    const second = await mailedToken(member.email, '/verify');
    expect(second).not.toBe(first);
    expect((await call('verifyEmail', { token: second! })).status).toBe(200);

    const unknown = await call('resendVerification', { email: 'nobody@example.com' });
    expect(unknown.body).toEqual({ message: 'Verify email link send to email.' });
    expect(await outbox('nobody@example.com')).toEqual([]);
  });

  it('a sponsor must be a verified member', async () => {
    const pending = uniqueMember();
    await call('signUp', pending);
    expect((await call('checkSponsor', { userid: pending.username })).body.status).toBe('no');
  });
});

describe('log-in and access', () => {
  it('refuses a wrong password', async () => {
    const member = await signUpAndVerify();
    await expect(logIn(member.email, 'Wr0ng!Password')).rejects.toMatchObject(WRONG_PASSWORD);
  });

  it('needs a valid token for member routes and the admin group for admin routes', async () => {
    const member = await signUpAndVerify();
    expect((await call('getProfile', {})).status).toBe(401);
    expect((await call('getProfile', {}, `${member.idToken}x`)).status).toBe(401);
    expect(await call('getAdminSummary', {}, member.idToken)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });

    const adminToken = await logInAdmin();
    const summary = await call('getAdminSummary', {}, adminToken);
    expect(summary.status).toBe(200);
    expect(summary.body.members).toBeGreaterThanOrEqual(2);
    expect(summary.body.registeredToday).toBeGreaterThanOrEqual(1);
    const adminProfile = await call('getProfile', {}, adminToken);
    expect(adminProfile.body).toMatchObject({ isAdmin: true, username: 'admin', sponsor: null });
  });
});

describe('password reset', () => {
  it('mails a /changepassword link that sets a new password once', async () => {
    const member = await signUpAndVerify();
    expect(await call('requestPasswordReset', { email: member.email })).toEqual({
      status: 200,
      body: { message: 'Reset password link send to email.' },
    });
    const token = (await mailedToken(member.email, '/changepassword'))!;
    expect(await call('resetPassword', { token, password: 'Weakpass' })).toMatchObject({
      status: 400,
      body: { field: 'password' },
    });
    expect(await call('resetPassword', { token, password: 'Brand!New2Pass' })).toEqual({
      status: 200,
      body: { message: 'Password Updated Successfully' },
    });
    await expect(logIn(member.email, member.password)).rejects.toMatchObject(WRONG_PASSWORD);
    expect(await logIn(member.email, 'Brand!New2Pass')).toMatch(/^ey/);
    expect((await call('resetPassword', { token, password: 'Another!New3Pass' })).status).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const answer = await call('requestPasswordReset', { email: 'ghost@example.com' });
    expect(answer.body).toEqual({ message: 'Reset password link send to email.' });
    expect(await outbox('ghost@example.com')).toEqual([]);
  });

  it('refuses a forged token', async () => {
    const answer = await call('resetPassword', {
      token: `${Buffer.from('a@b.co').toString('base64url')}.123456`,
      password: 'Brand!New2Pass',
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'LINK_INVALID' } });
  });
});
