/** Helpers of the admin integration tests: members with their own mobile number, the admin's token. */
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { call, logIn, mailedToken, stack, table, uniqueMember } from '../../support/api';

/** A valid Indian mobile number no other test uses (random 10 digits starting with 9). */
export const uniqueMobile = (): string => {
  for (;;) {
    const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    if (parsePhoneNumberFromString(digits, 'IN')?.isValid()) return digits;
  }
};

/** Signs up and verifies a member (own mobile unless given); returns it with its id and ID token. */
export const joinMember = async (
  options: { sponsor?: string; side?: 'Left' | 'Right'; mobile?: string; name?: string } = {},
) => {
  const member = {
    ...uniqueMember(options.sponsor),
    side: options.side ?? ('Left' as const),
    mobile: options.mobile ?? uniqueMobile(),
    ...(options.name ? { name: options.name } : {}),
  };
  const signUp = await call('signUp', member);
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  const verified = await call('verifyEmail', { token: (await mailedToken(member.email, '/verify'))! });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const idToken = await logIn(member.email, member.password);
  const profile = await call('getProfile', {}, idToken);
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  return { ...member, id: String(profile.body.id), idToken };
};

export const adminToken = () => logIn(stack().admin.email, stack().admin.password);

/** The claims of an ID token (no verification: the test only reads what Cognito put in it). */
export const claimsOf = (idToken: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

export const item = async (PK: string, SK: string) =>
  (
    await table().send(
      new GetCommand({ TableName: stack().tableName, Key: { PK, SK }, ConsistentRead: true }),
    )
  ).Item;

/** Waits until the member is placed in the tree (placement runs off the request path). */
export const placed = (memberId: string) =>
  expect.poll(() => item(`MEMBER#${memberId}`, 'TREE'), { timeout: 15_000, interval: 100 }).toBeTruthy();

export const cognitoAdmin = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack().cognitoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** The Cognito user's attributes, found by one of its usernames or aliases (the e-mail). */
export const cognitoAttributes = async (username: string): Promise<Record<string, string>> => {
  const user = await cognitoAdmin().send(
    new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: username }),
  );
  return Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name!, a.Value!]));
};
