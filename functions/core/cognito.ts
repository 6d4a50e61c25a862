/**
 * Cognito's user-pool API (cognito-local in the local stack, the regional Cognito in AWS), called
 * as the signed JSON requests its SDK client sends (./aws-call.ts): the client would bring the whole
 * service's model (35 KB) to the auth and admin functions for the few operations below. The SDK's
 * types describe each operation's input and output; what Cognito answers with a Date the wire
 * carries as epoch seconds, and no caller reads one.
 */
import type * as Idp from '@aws-sdk/client-cognito-identity-provider';
import { jsonService, type Operation } from './aws-call';

/** The operations the functions (and the local seed) make. */
interface Operations {
  SignUp: Operation<Idp.SignUpCommandInput, Idp.SignUpCommandOutput>;
  AdminGetUser: Operation<Idp.AdminGetUserCommandInput, Idp.AdminGetUserCommandOutput>;
  AdminConfirmSignUp: Operation<Idp.AdminConfirmSignUpCommandInput, Idp.AdminConfirmSignUpCommandOutput>;
  AdminUpdateUserAttributes: Operation<
    Idp.AdminUpdateUserAttributesCommandInput,
    Idp.AdminUpdateUserAttributesCommandOutput
  >;
  ForgotPassword: Operation<Idp.ForgotPasswordCommandInput, Idp.ForgotPasswordCommandOutput>;
  ConfirmForgotPassword: Operation<
    Idp.ConfirmForgotPasswordCommandInput,
    Idp.ConfirmForgotPasswordCommandOutput
  >;
  ListUsers: Operation<Idp.ListUsersCommandInput, Idp.ListUsersCommandOutput>;
  AdminCreateUser: Operation<Idp.AdminCreateUserCommandInput, Idp.AdminCreateUserCommandOutput>;
  AdminSetUserPassword: Operation<
    Idp.AdminSetUserPasswordCommandInput,
    Idp.AdminSetUserPasswordCommandOutput
  >;
  AdminListGroupsForUser: Operation<
    Idp.AdminListGroupsForUserCommandInput,
    Idp.AdminListGroupsForUserCommandOutput
  >;
  AdminUserGlobalSignOut: Operation<
    Idp.AdminUserGlobalSignOutCommandInput,
    Idp.AdminUserGlobalSignOutCommandOutput
  >;
}

/** One user-pool operation; a refusal throws an error named as the SDK names it ('UserNotFoundException'). */
export const cognito = jsonService<Operations>({
  service: 'cognito-idp',
  target: 'AWSCognitoIdentityProviderService',
  version: '1.1',
  endpoint: () => process.env.COGNITO_ENDPOINT,
});

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

export const userPoolId = (): string => required('USER_POOL_ID');
export const userPoolClientId = (): string => required('USER_POOL_CLIENT_ID');
