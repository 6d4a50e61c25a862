/**
 * A member's account as sign-up and e-mail confirmation leave it, made directly: the username's
 * reservation (what sign-up writes), a Cognito account as an admin creates one (confirmed, e-mail
 * verified, a permanent password, no mail), and the member item that confirmation admits (auth's
 * `admitOwnAccount`, the function the post-confirmation trigger calls); the placement in the tree
 * follows through the team consumer, as after a real sign-up. The demo seed and the tests' member
 * fixture (test/support/api.ts) make their members so; the auth tests go through the real
 * sign-up. Reads the handlers' settings from the environment (TABLE_NAME, COGNITO_ENDPOINT...).
 */
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito, userPoolId } from '#core/cognito';
import { config } from '#core/config';
import { admitOwnAccount } from '#functions/auth/service';
import { reserveUsername } from '#functions/auth/store';
import type { Side } from '#functions/team/tree';

export interface NewAccount {
  email: string;
  password: string;
  name: string;
  username: string;
  /** E.164, as sign-up stores it. */
  phone: string;
  country: string;
  sponsor: string;
  side: Side;
}

/** The reservation and the Cognito account: what a sign-up leaves before the e-mail is confirmed. Answers the member id. */
export const openAccount = async (account: NewAccount): Promise<string> => {
  const reserved = await reserveUsername(
    {
      username: account.username,
      email: account.email,
      name: account.name,
      phone: account.phone,
      country: account.country,
      sponsor: account.sponsor,
      side: account.side,
      status: 'reserved',
    },
    config.auth.reservationTtlHours,
  );
  if (!reserved) throw new Error(`the username ${account.username} is taken`);
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId(),
      Username: account.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: account.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId(),
      Username: account.email,
      Password: account.password,
      Permanent: true,
    }),
  );
  const id = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!id) throw new Error(`no id for ${account.email}`);
  return id;
};

/** Sign-up and confirmation in one: the member exists, verified, and can log in. Answers the member id. */
export const createVerifiedMember = async (account: NewAccount): Promise<string> => {
  const id = await openAccount(account);
  await admitOwnAccount({ id, email: account.email });
  return id;
};
