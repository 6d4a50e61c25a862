/**
 * Issue 11's attack, as an attacker who skips the web app: Cognito's public SignUp with the web
 * client id from /config.json and someone else's username in the attributes, then our
 * verification routes. A referral id must keep belonging to the member who confirmed it first.
 */
import { describe, expect, it } from 'vitest';
import {
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { call, cognito, logIn, mailedToken, newVerifiedMember, stack, uniqueMember } from '../../support/api';

/** The sponsor check the sign-up page makes: whose referral id is this? */
const ownerOf = async (username: string) => (await call('checkSponsor', { userid: username })).body.name;

/** Cognito's SignUp as anyone can call it, claiming `username` and a sponsor in the attributes. */
const signUpAroundTheApi = (email: string, password: string, username: string, emailAttribute = email) =>
  cognito().send(
    new SignUpCommand({
      ClientId: stack().userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: emailAttribute },
        { Name: 'preferred_username', Value: username },
        { Name: 'custom:sponsor', Value: stack().admin.username },
        { Name: 'custom:side', Value: 'Left' },
      ],
    }),
  );

/** What the attacker does after the sign-up: ask for a verification mail and follow it. */
const verifyByMail = async (email: string) => {
  await call('resendVerification', { email });
  const token = await mailedToken(email, '/verify');
  return token ? call('verifyEmail', { token }) : null;
};

describe('referral-id takeover through Cognito', () => {
  for (const [who, target] of [
    ['the root', async () => ({ username: stack().admin.username, name: stack().admin.name })],
    ['an ordinary member', async () => newVerifiedMember()],
  ] as const) {
    it(`leaves ${who}'s referral id with its owner`, async () => {
      const victim = await target();
      const attacker = uniqueMember();
      await expect(
        signUpAroundTheApi(attacker.email, attacker.password, victim.username),
      ).rejects.toMatchObject({
        name: 'UserLambdaValidationException',
      });
      const verified = await verifyByMail(attacker.email);
      expect(verified?.status ?? 400).not.toBe(200);
      expect(await ownerOf(victim.username)).toBe(victim.name);
      // no account came of it: the attacker cannot log in
      await expect(logIn(attacker.email, attacker.password)).rejects.toBeTruthy();
    });
  }

  it('does not let a sign-up borrow a pending sign-up’s e-mail to take its username', async () => {
    // The victim has signed up and not verified yet: their reservation is live.
    const victim = uniqueMember();
    expect((await call('signUp', victim)).status).toBe(201);
    // The attacker signs up with their own login but the victim's address as the e-mail attribute.
    const attacker = uniqueMember();
    await signUpAroundTheApi(attacker.email, attacker.password, victim.username, victim.email).catch(
      () => undefined,
    );
    const verified = await verifyByMail(attacker.email);
    expect(verified?.status ?? 400).not.toBe(200);
    // The victim still verifies and owns the username.
    const token = await mailedToken(victim.email, '/verify');
    expect((await call('verifyEmail', { token: token! })).status).toBe(200);
    expect(await ownerOf(victim.username)).toBe(victim.name);
  });

  it('ignores a username a member writes into their own Cognito attributes after sign-up', async () => {
    const attacker = await newVerifiedMember();
    const signedIn = await cognito().send(
      new InitiateAuthCommand({
        ClientId: stack().userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: attacker.email, PASSWORD: attacker.password },
      }),
    );
    // cognito-local does not enforce the client's writeAttributes (AWS does): the write goes through here.
    await cognito()
      .send(
        new UpdateUserAttributesCommand({
          AccessToken: signedIn.AuthenticationResult!.AccessToken!,
          UserAttributes: [{ Name: 'preferred_username', Value: stack().admin.username }],
        }),
      )
      .catch(() => undefined);
    const idToken = await logIn(attacker.email, attacker.password);
    const profile = await call('getProfile', {}, idToken);
    expect(profile.body.username).toBe(attacker.username);
    expect(await ownerOf(stack().admin.username)).toBe(stack().admin.name);
  });
});
