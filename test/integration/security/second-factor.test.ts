/**
 * The second factor is a fact of the sign-in, not a setting of the account: an attacker who calls
 * Cognito directly and keeps a refresh token from a password-only sign-in (or from before being
 * made an admin) never refreshes it into an admin token, whatever the account turns on later.
 * Changing TOTP or the staff groups revokes the account's refresh tokens.
 */
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { call, cognito, newVerifiedMember, stack } from '../../support/api';
import { totpCode } from '../../support/totp';

interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
}

const client = () => ({ ClientId: stack().userPoolClientId });

const passwordSignIn = async (email: string, password: string) => {
  const answer = await cognito().send(
    new InitiateAuthCommand({
      ...client(),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return answer;
};

/** A password-only sign-in of an account without TOTP: its tokens. */
const signInWithoutCode = async (email: string, password: string) =>
  (await passwordSignIn(email, password)).AuthenticationResult as Tokens;

/** A sign-in answering the TOTP challenge: its tokens. */
const signInWithCode = async (email: string, password: string, secret: string) => {
  const started = await passwordSignIn(email, password);
  expect(started.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const answered = await cognito().send(
    new RespondToAuthChallengeCommand({
      ...client(),
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
    }),
  );
  return answered.AuthenticationResult as Tokens;
};

/** REFRESH_TOKEN_AUTH straight at Cognito: the new ID token, or the error's name. */
const refresh = async (refreshToken: string): Promise<string> => {
  try {
    const answer = await cognito().send(
      new InitiateAuthCommand({
        ...client(),
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    return answer.AuthenticationResult!.IdToken!;
  } catch (error) {
    return (error as Error).name;
  }
};

/** Enrols TOTP with a session's access token, straight at Cognito as the Security page does. */
const enrol = async (accessToken: string) => {
  const { SecretCode } = await cognito().send(
    new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
  );
  await cognito().send(
    new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode!) }),
  );
  await cognito().send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return SecretCode!;
};

const group = (email: string, add: boolean) =>
  cognito().send(
    new (add ? AdminAddUserToGroupCommand : AdminRemoveUserFromGroupCommand)({
      UserPoolId: stack().userPoolId,
      Username: email,
      GroupName: 'admin',
    }),
  );

/** What the admin API answers a token (an error name instead of a token: Cognito refused it). */
const adminStatus = async (idToken: string) =>
  /^[\w-]+\.[\w-]+\.[\w-]+$/.test(idToken) ? (await call('getAdminSummary', {}, idToken)).status : idToken;

describe('the second factor of an admin token', () => {
  it('is never given to a refresh token kept from a password-only sign-in before TOTP was enrolled', async () => {
    const member = await newVerifiedMember();
    await group(member.email, true);
    await signInWithoutCode(member.email, member.password);
    // the attacker's sign-in with the password alone, after the account was made an admin
    const kept = await signInWithoutCode(member.email, member.password);
    const secret = await enrol(kept.AccessToken);

    const refreshed = await refresh(kept.RefreshToken!);
    expect(await adminStatus(refreshed)).toBe(403);
    // and the enrolment revoked it: it yields nothing any more
    expect(await refresh(kept.RefreshToken!)).toBe('NotAuthorizedException');

    // the admin's own sign-in with the code is an admin token, and so are its refreshes
    const admin = await signInWithCode(member.email, member.password, secret);
    expect(await adminStatus(admin.IdToken)).toBe(200);
    expect(await adminStatus(await refresh(admin.RefreshToken!))).toBe(200);
  });

  it('is never given to a refresh token from before the account was made an admin', async () => {
    const member = await newVerifiedMember();
    const secret = await enrol((await signInWithoutCode(member.email, member.password)).AccessToken);
    const asMember = await signInWithCode(member.email, member.password, secret);
    await group(member.email, true);

    expect(await adminStatus(await refresh(asMember.RefreshToken!))).toBe(403);
    expect(await refresh(asMember.RefreshToken!)).toBe('NotAuthorizedException');
    expect(await adminStatus((await signInWithCode(member.email, member.password, secret)).IdToken)).toBe(
      200,
    );
  });

  it('ends with TOTP turned off, and leaving the admin group revokes the sessions', async () => {
    const member = await newVerifiedMember();
    await group(member.email, true);
    const secret = await enrol((await signInWithoutCode(member.email, member.password)).AccessToken);
    const admin = await signInWithCode(member.email, member.password, secret);
    const other = await signInWithCode(member.email, member.password, secret);
    expect(await adminStatus(admin.IdToken)).toBe(200);

    await cognito().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: admin.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    expect(await adminStatus(await refresh(admin.RefreshToken!))).toBe(403);
    expect(await refresh(other.RefreshToken!)).toBe('NotAuthorizedException');

    // turned on again (a reset): only a new sign-in with the new code is an admin token
    const password = await signInWithoutCode(member.email, member.password);
    const newSecret = await enrol(password.AccessToken);
    expect(await adminStatus(await refresh(password.RefreshToken!))).toBe(403);
    const again = await signInWithCode(member.email, member.password, newSecret);
    expect(await adminStatus(again.IdToken)).toBe(200);

    await group(member.email, false);
    expect(await adminStatus(await refresh(again.RefreshToken!))).toBe(403);
    expect(await refresh(again.RefreshToken!)).toBe('NotAuthorizedException');
  });
});
