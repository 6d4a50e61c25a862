/** Transfer email: Cognito and the table move together; the member logs in with the new address only. */
import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, cognito, logIn, stack, uniqueMember } from '../../support/api';
import { placed } from '../../support/team';
import { adminToken, claimsOf, cognitoAttributes, item, joinMember } from '../../support/admin';

let admin: string;

beforeAll(async () => {
  admin = await adminToken();
});

const fresh = () => uniqueMember().email.replace('@', '.new@');
const transfer = (currentEmail: string, newEmail: string, token = admin) =>
  call('transferEmail', { currentEmail, newEmail }, token);
const logInFails = (email: string, password: string) =>
  logIn(email, password).then(
    () => false,
    () => true,
  );

describe('transfer email', () => {
  it('moves the login and every copy of the address; the old address no longer logs in', async () => {
    const sponsor = await joinMember();
    await placed(sponsor.id);
    const m = await joinMember({ sponsor: sponsor.username, side: 'Left' });
    await placed(m.id);
    const newEmail = fresh();

    const r = await transfer(m.email.toUpperCase(), ` ${newEmail} `);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: 'Transfer Successful.', memberId: m.id });

    const token = await logIn(newEmail, m.password);
    expect(claimsOf(token)).toMatchObject({ sub: m.id, email: newEmail });
    expect(await logInFails(m.email, m.password)).toBe(true);
    expect((await cognitoAttributes(newEmail)).email_verified).toBe('true');

    const profile = await call('getProfile', {}, token);
    expect(profile.body).toMatchObject({ id: m.id, email: newEmail });
    // the member's money and data stay with the account
    expect((await call('getWallet', {}, token)).status).toBe(200);

    expect((await call('searchProfiles', { by: 'email', keyword: newEmail }, admin)).body.items).toEqual([
      expect.objectContaining({ id: m.id, email: newEmail }),
    ]);
    expect((await call('searchProfiles', { by: 'email', keyword: m.email }, admin)).body.items).toEqual([]);
    expect((await call('searchProfiles', { by: 'username', keyword: m.username }, admin)).body.items).toEqual(
      [expect.objectContaining({ email: newEmail })],
    );
    const tree = await call('getTree', { email: newEmail }, admin);
    expect(tree.status).toBe(200);
    expect((tree.body.nodes as { id: string; email: string }[])[0]).toMatchObject({
      id: m.id,
      email: newEmail,
    });
    const referrals = await call('listDirectReferrals', { side: 'Left' }, sponsor.idToken);
    expect(referrals.body.items).toEqual([expect.objectContaining({ email: newEmail })]);
    expect(await item(`USERNAME#${m.username}`, 'USERNAME')).toMatchObject({
      email: newEmail,
      memberId: m.id,
    });
    expect(await item(`PLACEMENT#${m.id}`, 'PLACEMENT')).toMatchObject({ email: newEmail });

    // the old address is free again: a new account may sign up with it
    const again = await call('signUp', { ...uniqueMember(), email: m.email });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('refuses an unknown current e-mail, a new e-mail in use and the same e-mail, changing nothing', async () => {
    const m = await joinMember();
    const other = await joinMember();

    const unknown = await transfer(fresh(), fresh());
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^No member has the e-mail /);

    const taken = await transfer(m.email, other.email);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      field: 'newEmail',
      message: `${other.email} is already used by another account. Choose another e-mail.`,
    });

    const same = await transfer(m.email, m.email);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('The new e-mail is the same as the current one.');

    // a sign-up that is not verified yet holds its address in Cognito: not free either
    const pending = uniqueMember();
    expect((await call('signUp', pending)).status).toBe(201);
    const held = await transfer(m.email, pending.email);
    expect(held.status).toBe(409);

    const invalid = await transfer(m.email, 'not-an-email');
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('newEmail');

    for (const member of [m, other]) {
      expect((await call('getProfile', {}, await logIn(member.email, member.password))).body.email).toBe(
        member.email,
      );
    }
  });

  it('finishes a transfer that stopped after Cognito changed (the admin submits it again)', async () => {
    const m = await joinMember();
    const newEmail = fresh();
    // the first attempt got as far as Cognito, then the table write failed
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: stack().userPoolId,
        Username: m.email,
        UserAttributes: [
          { Name: 'email', Value: newEmail },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect((await call('searchProfiles', { by: 'email', keyword: m.email }, admin)).body.items).toHaveLength(
      1,
    );

    const r = await transfer(m.email, newEmail);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Transfer Successful.');
    const token = await logIn(newEmail, m.password);
    expect((await call('getProfile', {}, token)).body.email).toBe(newEmail);
    expect((await call('searchProfiles', { by: 'email', keyword: m.email }, admin)).body.items).toEqual([]);
  });

  it('is for admins only', async () => {
    const m = await joinMember();
    const r = await transfer(m.email, fresh(), m.idToken);
    expect(r.status).toBe(403);
    expect(await logInFails(m.email, m.password)).toBe(false);
  });
});
