import * as z from 'zod';

export const ExchangeName = z.enum(['binance', 'wazirx'], { error: 'Choose Binance or WazirX.' });
export type ExchangeName = z.infer<typeof ExchangeName>;

/**
 * What each exchange issues, so anything else is refused before a mailed code is used or the
 * exchange is called: printable ASCII without spaces, of the exchange's lengths. Binance's HMAC
 * keys and secrets are 64 characters; WazirX publishes no length, so a generous range.
 */
const KEY_LENGTHS = {
  binance: { min: 64, max: 64 },
  wazirx: { min: 16, max: 128 },
} as const satisfies Record<ExchangeName, { min: number; max: number }>;

const keyField = (exchange: ExchangeName, what: 'API key' | 'API secret') => {
  const { min, max } = KEY_LENGTHS[exchange];
  const name = exchange === 'binance' ? 'Binance' : 'WazirX';
  const length = min === max ? `${min} characters` : `${min} to ${max} characters`;
  return (
    z
      .string({ error: `Enter your ${what}.` })
      // a pasted key often brings a space or a line break at its ends
      .trim()
      .min(1, { error: `Enter your ${what}.` })
      .regex(/^[\x21-\x7E]+$/, {
        error: `A ${name} ${what} has only letters, digits and symbols, with no spaces or other characters. Copy it again from ${name}.`,
      })
      .refine((value) => value.length >= min && value.length <= max, {
        error: `A ${name} ${what} is ${length} long. Copy it again from ${name}.`,
      })
  );
};

/**
 * An Ed25519 private key as Binance's key generator saves it (PKCS #8 in PEM): its base64 body is
 * 64 characters, the 16 bytes that say "Ed25519 private key" and then the 32-byte key.
 */
const ED25519_PEM =
  /^-----BEGIN PRIVATE KEY-----\s*(MC4CAQAwBQYDK2VwBCIEI[A-Za-z0-9+/]{43})\s*-----END PRIVATE KEY-----$/;

/** Whether a Binance secret is an Ed25519 private key (PEM) rather than an HMAC secret. */
export const isPrivateKeyPem = (secret: string) => secret.trim().startsWith('-----BEGIN');

/**
 * Binance's API secret: an HMAC secret, or for an Ed25519 key (which Binance recommends) the
 * private key in PEM, kept in its one-line-body form (what ccxt signs with).
 */
const binanceSecret = z
  .string({ error: 'Enter your API secret.' })
  .trim()
  .superRefine((value, ctx) => {
    if (!isPrivateKeyPem(value)) {
      const hmac = keyField('binance', 'API secret').safeParse(value);
      for (const issue of hmac.error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message });
    } else if (!ED25519_PEM.test(value))
      ctx.addIssue({
        code: 'custom',
        message:
          'This is not an Ed25519 private key. Paste the whole private key file of your Ed25519 key, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY----- (RSA and password-protected keys are not supported).',
      });
  })
  .transform((value) => {
    const pem = ED25519_PEM.exec(value);
    return pem ? `-----BEGIN PRIVATE KEY-----\n${pem[1]}\n-----END PRIVATE KEY-----\n` : value;
  })
  .describe('the HMAC secret (64 characters), or the Ed25519 private key in PEM (PKCS #8)');

/** The e-mailed one-time code that binding and removing a key need. */
const otp = z
  .string({ error: 'Enter the code from your e-mail.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your e-mail.' });

/** Spec "Exchange API form": apikey, apisecret, otp (apisecret: an HMAC secret or an Ed25519 private key). */
export const BindBinanceRequest = z.object({
  apikey: keyField('binance', 'API key'),
  apisecret: binanceSecret,
  otp,
});
export type BindBinanceRequest = z.infer<typeof BindBinanceRequest>;

/**
 * WazirX has no call that reveals a key's permissions, so the member confirms the key was created
 * without withdrawal permission; the server cannot check it.
 */
export const BindWazirxRequest = z.object({
  apikey: keyField('wazirx', 'API key'),
  apisecret: keyField('wazirx', 'API secret'),
  otp,
  confirmNoWithdraw: z.literal(true, {
    error: 'Confirm that you created this WazirX key without withdrawal permission.',
  }),
});
export type BindWazirxRequest = z.infer<typeof BindWazirxRequest>;

export const ExchangeRequest = z.object({ exchange: ExchangeName });

export const RemoveExchangeKeyRequest = z.object({ exchange: ExchangeName, otp });

/** One exchange card. Balances are micro-USDT (USDT total of the account), null until refreshed. */
export const ExchangeCard = z.object({
  exchange: ExchangeName,
  connected: z.boolean(),
  keyHint: z.string().optional().describe('last 4 characters of the API key'),
  boundAt: z.string().optional(),
  spot: z.number().int().nullable(),
  futures: z.number().int().nullable(),
  hasFutures: z.boolean(),
  balancesAt: z.string().optional(),
  balanceError: z.boolean(),
});
export type ExchangeCard = z.infer<typeof ExchangeCard>;

export const ExchangesView = z.object({
  whitelistIp: z
    .string()
    .describe("every IP to whitelist, space-separated (what Binance's trusted-IP box takes)"),
  whitelistIps: z
    .array(z.string())
    .describe('the IPs calls to exchanges leave from; each must be whitelisted'),
  exchanges: z.array(ExchangeCard),
});
export type ExchangesView = z.infer<typeof ExchangesView>;

export const BindResponse = z.object({ message: z.string(), exchange: ExchangeCard });
