import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** cognito-local in the local stack, the regional Cognito in AWS. */
export const cognito = new CognitoIdentityProviderClient({
  ...(process.env.COGNITO_ENDPOINT ? { endpoint: process.env.COGNITO_ENDPOINT } : {}),
});

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

export const userPoolId = (): string => required('USER_POOL_ID');
export const userPoolClientId = (): string => required('USER_POOL_CLIENT_ID');
