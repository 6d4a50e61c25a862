/** Helpers of the admin integration tests: members with their own mobile number, the admin's token. */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { cognito, logInAdmin, stack, table } from './api';
import { register, type Side } from './team';

/** A valid Indian mobile number no other test uses (random 10 digits starting with 9). */
export const uniqueMobile = (): string => {
  for (;;) {
    const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    if (parsePhoneNumberFromString(digits, 'IN')?.isValid()) return digits;
  }
};

/** Signs up and verifies a member (own mobile unless given); returns it with its id and ID token. */
export const joinMember = (options: { sponsor?: string; side?: Side; mobile?: string; name?: string } = {}) =>
  register(options.sponsor, options.side, {
    mobile: options.mobile ?? uniqueMobile(),
    ...(options.name ? { name: options.name } : {}),
  });

export const adminToken = () => logInAdmin();

/** The claims of a Cognito token (no verification: the test only reads what Cognito put in it). */
export const claimsOf = (idToken: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;

export const item = async (PK: string, SK: string) =>
  (
    await table().send(
      new GetCommand({ TableName: stack().tableName, Key: { PK, SK }, ConsistentRead: true }),
    )
  ).Item;

/** The Cognito user's attributes, found by one of its usernames or aliases (the e-mail). */
export const cognitoAttributes = async (username: string): Promise<Record<string, string>> => {
  const user = await cognito().send(
    new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: username }),
  );
  return Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name!, a.Value!]));
};
