/**
 * Cognito's user-pool API through the SDK's own client (cognito-local in the local stack, at
 * COGNITO_ENDPOINT; the regional Cognito in AWS), with the shared timeouts and retries
 * (./aws-clients.ts). Callers send the SDK's commands: `cognito().send(new AdminGetUserCommand(...))`.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { clientOptions, lazyClient } from './aws-clients';

export const cognito = lazyClient(
  (endpoint) => new CognitoIdentityProviderClient(clientOptions(endpoint)),
  'COGNITO_ENDPOINT',
);

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

export const userPoolId = (): string => required('USER_POOL_ID');
export const userPoolClientId = (): string => required('USER_POOL_CLIENT_ID');
