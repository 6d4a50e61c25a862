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

/** The e-mailed one-time code that binding and removing a key need. */
const otp = z
  .string({ error: 'Enter the code from your e-mail.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your e-mail.' });

/** Spec "Exchange API form": apikey, apisecret, otp. */
export const BindBinanceRequest = z.object({
  apikey: keyField('binance', 'API key'),
  apisecret: keyField('binance', 'API secret'),
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
