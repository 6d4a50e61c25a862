/** TOTP for tests: enrol an account as the Security page does, and make its current code. */
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import * as OTPAuth from 'otpauth';

/** The current 6-digit code of a base32 secret (SHA-1, 30 s: what authenticator apps and Cognito use). */
export const totpCode = (secret: string): string =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate();

const client = (endpoint: string) =>
  new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** Turns TOTP on for an account that has none yet (a password sign-in with no challenge), then logs in with a code; returns the secret. */
export const enrolTotp = async (
  endpoint: string,
  clientId: string,
  account: { email: string; password: string },
): Promise<string> => {
  const cognito = client(endpoint);
  const signedIn = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  const AccessToken = signedIn.AuthenticationResult?.AccessToken;
  if (!AccessToken) throw new Error(`${account.email} is already enrolled or cannot sign in`);
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!) }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  // Logs in once with the code, as the Security page asks: the pre-token trigger meets the change
  // here and ends the account's other sessions now, not in the middle of a test's session.
  const started = await cognito.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: started.Session,
      ChallengeResponses: { USERNAME: account.email, SOFTWARE_TOKEN_MFA_CODE: totpCode(SecretCode!) },
    }),
  );
  return SecretCode!;
};
