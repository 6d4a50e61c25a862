/** The registration report: when members signed up and were verified, and the sign-ups still pending. */
import { describe, expect, it } from 'vitest';
import { call, logInAdmin, mailedToken, uniqueMember } from '../../support/api';

const today = new Date().toISOString().slice(0, 10);

describe('registration report', () => {
  it('lists an unverified sign-up as pending, and once verified the member with both times', async () => {
    const admin = await logInAdmin();
    const member = uniqueMember();
    expect((await call('signUp', member)).status).toBe(201);

    const before = await call('registrationReport', { from: today, to: today, limit: 100 }, admin);
    expect(before.status).toBe(200);
    expect(before.body.pending).toContainEqual(
      expect.objectContaining({ email: member.email, username: member.username, status: 'pending' }),
    );

    const token = await mailedToken(member.email, '/verify');
    expect((await call('verifyEmail', { token: token! })).status).toBe(200);
    const after = await call('registrationReport', { from: today, to: today, limit: 100 }, admin);
    expect(after.body.pending?.map((p) => p.email)).not.toContain(member.email);
    let row = after.body.items.find((r) => r.email === member.email);
    for (let cursor = after.body.cursor; !row && cursor;) {
      const next = await call('registrationReport', { from: today, to: today, limit: 100, cursor }, admin);
      row = next.body.items.find((r) => r.email === member.email);
      cursor = next.body.cursor;
    }
    expect(row?.signedUpAt).toBeTruthy();
    expect(row!.signedUpAt! <= row!.registeredAt).toBe(true);
  });
});
