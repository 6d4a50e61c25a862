/** Secrets Manager through the SDK's own client, with the shared timeouts and retries (./aws-clients.ts). */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientOptions, lazyClient } from './aws-clients';

const secretsManager = lazyClient(() => new SecretsManagerClient(clientOptions()));

/** The secret's current string value (undefined for a binary secret). */
export const secretString = async (secretId: string): Promise<string | undefined> =>
  (await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
