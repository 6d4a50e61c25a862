/**
 * "This sign-in used the second factor" as a fact the pre-token trigger can stand behind, for every
 * token it makes, refreshed ones included (docs/decisions/auth-and-security.md, "The second factor
 * is a fact of the sign-in"). Cognito asks for the TOTP code at every sign-in of an account with
 * TOTP on, but a refresh token outlives changes: one from a password-only sign-in made before TOTP
 * was turned on would otherwise refresh into a token that looks like a TOTP sign-in. Cognito does
 * not tell a trigger which sign-in a refresh token descends from, so the rule makes sure no refresh
 * token from before a change survives it:
 * - the account's state that matters (TOTP on or off, staff groups) is kept in the table as last
 *   seen by this trigger, which runs at every sign-in and every refresh;
 * - when it differs from what is seen now (TOTP enrolled or removed, added to or removed from
 *   `admin` or `support`), every refresh token of the account is revoked (AdminUserGlobalSignOut)
 *   before the new state is stored, and a refresh that met the change gets no second-factor claim;
 * - so a refresh token that still works was made after the latest change, by a sign-in that, with
 *   TOTP on, answered the TOTP challenge.
 */
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { STAFF_GROUPS } from '#core/admin-access';
import { cognito } from '#core/cognito';
import { getSignInState, putSignInState, type SignInState } from './store';

const sameState = (a: SignInState, b: SignInState) =>
  a.totp === b.totp && a.staffGroups.join() === b.staffGroups.join();

/** The groups whose members reach staff routes. */
const staffGroupsOf = (groups: string[]) => STAFF_GROUPS.staff.filter((g) => groups.includes(g));

/**
 * Cognito tells a trigger the account's groups (`groupsToOverride`); cognito-local does not, so
 * there they are asked for.
 */
const groupsOf = async (userPoolId: string, username: string, told: string[] | undefined) => {
  if (told) return told;
  const answer = await cognito().send(
    new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username }),
  );
  return (answer.Groups ?? []).map((g) => g.GroupName!);
};

const totpOn = async (userPoolId: string, username: string) => {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
  return user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false;
};

export interface TokenRequest {
  userPoolId: string;
  username: string;
  memberId: string;
  /** The groups Cognito names in the trigger's event, if it does. */
  groups: string[] | undefined;
  /** True for a sign-in (Cognito asked for every factor the account has), false for a refresh. */
  signIn: boolean;
}

/**
 * Whether the token being made descends from a sign-in that answered a TOTP challenge after the
 * account's latest change; revokes the account's refresh tokens when it meets a change.
 */
export const usedSecondFactor = async (request: TokenRequest): Promise<boolean> => {
  const staffGroups = staffGroupsOf(await groupsOf(request.userPoolId, request.username, request.groups));
  const stored = await getSignInState(request.memberId);
  // A member who is not and was never staff: the claim opens nothing, nothing to keep.
  if (!staffGroups.length && !stored?.staffGroups.length) return false;
  const now: SignInState = { staffGroups, totp: await totpOn(request.userPoolId, request.username) };
  if (stored && sameState(stored, now)) return now.totp;
  // Revoked before the new state is kept: should revoking fail, the next token meets the change again.
  await cognito().send(
    new AdminUserGlobalSignOutCommand({ UserPoolId: request.userPoolId, Username: request.username }),
  );
  await putSignInState(request.memberId, now);
  // This very sign-in answered the challenge; a refresh token from before the change did not.
  return now.totp && request.signIn;
};
