/**
 * The payment provider's credentials, read at run time. In AWS `PAYMENTS_SECRET_ID` names one
 * Secrets Manager secret holding them as JSON, so they never sit in the function's environment
 * (where the console, `GetFunctionConfiguration` and CloudFormation would show them); the value
 * is cached per container for a few minutes, so a rotated secret is picked up without a deploy.
 * The local stack and tests have no Secrets Manager: with no `PAYMENTS_SECRET_ID` the same
 * fields come from PAYMENTS_* environment variables (local/stack.ts sets them).
 */
import * as z from 'zod';
import { secretString } from '#core/secrets-manager';

const Secrets = z.object({
  /** x-api-key of every provider call. */
  apiKey: z.string().min(1),
  /** Signs the provider's callbacks (payments and payouts). */
  ipnSecret: z.string().min(1),
  /** The provider account's login: payouts need its JWT (POST /v1/auth). */
  email: z.string().min(1),
  password: z.string().min(1),
  /** The account's TOTP secret (base32): payouts are confirmed with its code. */
  twoFactorSecret: z.string().min(1),
});
type PaymentSecrets = z.infer<typeof Secrets>;

const CACHE_MS = 5 * 60_000;
let cached: { value: Promise<PaymentSecrets>; until: number } | undefined;

const fromSecretsManager = async (secretId: string): Promise<PaymentSecrets> => {
  const SecretString = await secretString(secretId);
  let parsed: unknown;
  try {
    parsed = JSON.parse(SecretString ?? '');
  } catch {
    parsed = null;
  }
  const result = Secrets.safeParse(parsed);
  // The error names the missing fields only: zod's own message could quote the secret's values.
  if (!result.success)
    throw new Error(
      `the payment secret ${secretId} must be JSON with ${Object.keys(Secrets.shape).join(', ')}`,
    );
  return result.data;
};

const fromEnvironment = (): PaymentSecrets => ({
  apiKey: process.env.PAYMENTS_API_KEY ?? '',
  ipnSecret: process.env.PAYMENTS_IPN_SECRET ?? '',
  email: process.env.PAYMENTS_EMAIL ?? '',
  password: process.env.PAYMENTS_PASSWORD ?? '',
  twoFactorSecret: process.env.PAYMENTS_2FA_SECRET ?? '',
});

/** The credentials; a failed read is not cached, so the next call tries again. */
export const paymentSecrets = (): Promise<PaymentSecrets> => {
  const secretId = process.env.PAYMENTS_SECRET_ID;
  if (!secretId) return Promise.resolve(fromEnvironment());
  if (cached && cached.until > Date.now()) return cached.value;
  const entry = { value: fromSecretsManager(secretId), until: Date.now() + CACHE_MS };
  cached = entry;
  entry.value.catch(() => {
    if (cached === entry) cached = undefined;
  });
  return entry.value;
};
