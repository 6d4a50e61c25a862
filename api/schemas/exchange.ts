import { z } from 'zod';

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

/** Spec "Exchange API form": apikey, apisecret, otp (Binance); WazirX asks key and secret only. */
export const BindBinanceRequest = z.object({
  apikey: apiKey,
  apisecret: apiSecret,
  otp: z
    .string({ error: 'Enter the code from your email.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your email.' }),
});
export type BindBinanceRequest = z.infer<typeof BindBinanceRequest>;

export const BindWazirxRequest = z.object({ apikey: apiKey, apisecret: apiSecret });
export type BindWazirxRequest = z.infer<typeof BindWazirxRequest>;

export const ExchangeRequest = z.object({ exchange: ExchangeName });

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
  whitelistIp: z.string(),
  exchanges: z.array(ExchangeCard),
});
export type ExchangesView = z.infer<typeof ExchangesView>;

export const BindResponse = z.object({ message: z.string(), exchange: ExchangeCard });
