/** The local user pool: created once (ids kept in the data folder), with its groups and the seeded admin. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export const cognitoClient = (endpoint: string) =>
  new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** TOTP as the second factor, optional per account (admins must turn it on), as in the CDK stack. */
const requireTotpOption = (client: CognitoIdentityProviderClient, userPoolId: string) =>
  client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );

export const ensureUserPool = async (endpoint: string, idsFile: string): Promise<PoolIds> => {
  const client = cognitoClient(endpoint);
  if (existsSync(idsFile)) {
    const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as PoolIds;
    await requireTotpOption(client, ids.userPoolId); // pools made before MFA was set up
    return ids;
  }
  // Same rules as the CDK stack's pool; no auto-verified attributes: verification is our own token mail.
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'trendex-local',
      UsernameAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 9,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          RequireLowercase: false,
        },
      },
      Schema: [
        { Name: 'sponsor', AttributeDataType: 'String', Mutable: false },
        { Name: 'side', AttributeDataType: 'String', Mutable: false },
      ],
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  await requireTotpOption(client, userPoolId);
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      // USER_PASSWORD_AUTH only here: cognito-local has no SRP (the CDK stack's client is SRP only).
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // As in AWS; cognito-local stores but does not enforce it, so the triggers are the guard here.
      WriteAttributes: ['name'],
    }),
  );
  for (const GroupName of ['admin', 'support'])
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName }));
  const ids = { userPoolId, userPoolClientId: app.UserPoolClient!.ClientId! };
  writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  return ids;
};

export interface SeededAdmin {
  email: string;
  password: string;
  username: string;
  name: string;
}

/**
 * The first account: the admin, root of the referral tree (the sponsor of the first sign-ups).
 * Returns the account's id so the caller can admit it as a member.
 */
export const ensureAdmin = async (endpoint: string, ids: PoolIds, admin: SeededAdmin): Promise<string> => {
  const client = cognitoClient(endpoint);
  const existing = await client
    .send(new AdminGetUserCommand({ UserPoolId: ids.userPoolId, Username: admin.email }))
    .catch(() => null);
  const attribute = (
    user:
      | {
          UserAttributes?: { Name?: string; Value?: string }[];
          Attributes?: { Name?: string; Value?: string }[];
        }
      | null
      | undefined,
  ) => (user?.UserAttributes ?? user?.Attributes ?? []).find((a) => a.Name === 'sub')?.Value;
  if (existing) return attribute(existing)!;
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: ids.userPoolId,
      Username: admin.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: admin.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: admin.name },
        { Name: 'preferred_username', Value: admin.username },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: ids.userPoolId,
      Username: admin.email,
      Password: admin.password,
      Permanent: true,
    }),
  );
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: ids.userPoolId, Username: admin.email, GroupName: 'admin' }),
  );
  return attribute(created.User)!;
};
