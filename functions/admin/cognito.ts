/**
 * The Cognito side of the admin's profile edits. A member's Cognito user is found by its `sub`
 * (the member id), never by e-mail: the e-mail is what a transfer changes, so a retried transfer
 * still finds the user after Cognito already holds the new address.
 */
import {
  AdminUpdateUserAttributesCommand,
  type AttributeType,
  paginateListUsers,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '#core/cognito';

/** ListUsers filter values are quoted; a quote or backslash in the value would end the filter. */
const filterValue = (value: string): string => value.replace(/["\\]/g, '');

const attribute = (attributes: AttributeType[] | undefined, name: string): string | undefined =>
  attributes?.find((a) => a.Name === name)?.Value;

interface CognitoUser {
  username: string;
  sub: string;
  email: string;
}

/** Every user the filter matches, page after page (Cognito answers at most 60 a page). */
const listUsers = async (filter: string): Promise<CognitoUser[]> => {
  const users: CognitoUser[] = [];
  for await (const page of paginateListUsers(
    { client: cognito() },
    { UserPoolId: userPoolId(), Filter: filter },
  ))
    for (const u of page.Users ?? [])
      users.push({
        username: u.Username ?? '',
        sub: attribute(u.Attributes, 'sub') ?? '',
        email: attribute(u.Attributes, 'email') ?? '',
      });
  return users;
};

/** The member's Cognito user, or null when the pool has none with that sub. */
export const cognitoUserOf = async (memberId: string): Promise<CognitoUser | null> =>
  (await listUsers(`sub = "${filterValue(memberId)}"`))[0] ?? null;

/** Every Cognito user holding this e-mail address (confirmed or not). */
export const cognitoUsersWithEmail = async (email: string): Promise<CognitoUser[]> =>
  listUsers(`email = "${filterValue(email)}"`);

export const updateCognitoAttributes = async (
  username: string,
  attributes: Record<string, string>,
): Promise<void> => {
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId(),
      Username: username,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
};
