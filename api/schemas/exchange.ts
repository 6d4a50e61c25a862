import * as z from 'zod';

export const ExchangeName = z.enum(['binance', 'wazirx'], { error: 'Choose Binance or WazirX.' });
export type ExchangeName = z.infer<typeof ExchangeName>;

const apiKey = z
  .string({ error: 'Enter your API key.' })
  .trim()
  .min(1, { error: 'Enter your API key.' })
  .max(256, { error: 'The API key is too long.' });
const apiSecret = z
  .string({ error: 'Enter your API secret.' })
  .trim()
  .min(1, { error: 'Enter your API secret.' })
  .max(256, { error: 'The API secret is too long.' });

/** The e-mailed one-time code that binding and removing a key need. */
const otp = z
  .string({ error: 'Enter the code from your email.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your email.' });

/** Spec "Exchange API form": apikey, apisecret, otp. */
export const BindBinanceRequest = z.object({ apikey: apiKey, apisecret: apiSecret, otp });
export type BindBinanceRequest = z.infer<typeof BindBinanceRequest>;

/**
 * WazirX has no call that reveals a key's permissions, so the member confirms the key was created
 * without withdrawal permission; the server cannot check it.
 */
export const BindWazirxRequest = z.object({
  apikey: apiKey,
  apisecret: apiSecret,
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
