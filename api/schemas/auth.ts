import * as z from 'zod';
import { BotIdSchema, Email, Timestamp } from './common';

/** The live checklist of the sign-up and reset pages; the server applies the same rules. */
export const passwordRules = [
  { id: 'length', label: 'Minimum 9 characters', test: (p: string) => p.length > 8 },
  { id: 'upper', label: 'One upper-case letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'One special character', test: (p: string) => /[^A-Za-z0-9\s]/.test(p) },
] as const;

const WEAK_PASSWORD_MESSAGE =
  'Password must have more than 8 characters, an upper-case letter, a number and a special character.';

export const Password = z
  .string({ error: 'Password is required.' })
  .max(128, { error: 'Password is too long.' })
  .refine((p) => passwordRules.every((r) => r.test(p)), { error: WEAK_PASSWORD_MESSAGE });

export const Side = z.enum(['Left', 'Right'], { error: 'Choose the Left or Right team.' });
export type Side = z.infer<typeof Side>;

export const Username = z
  .string({ error: 'Username is required.' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{3,30}$/, { error: 'Username must be 3-30 letters, digits or underscores.' });

export const SignUpRequest = z.object({
  email: Email,
  password: Password,
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(2, { error: 'Name is required.' })
    .max(100, { error: 'Name can be at most 100 characters.' }),
  username: Username,
  country: z
    .string({ error: 'Country code is required.' })
    .regex(/^[A-Z]{2}$/, { error: 'Choose a country code.' }),
  mobile: z
    .string({ error: 'Mobile number is required.' })
    .trim()
    .regex(/^[0-9 ]{4,17}$/, { error: 'Enter a valid mobile number.' }),
  sponsor: Username.describe('the referral id: the sponsor member username'),
  side: Side,
  acceptTerms: z.literal(true, { error: 'Accept the Terms and Conditions to continue.' }),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SponsorCheckRequest = z.object({ userid: z.string().trim().toLowerCase().min(1).max(64) });
export const SponsorCheckResponse = z.object({
  status: z.enum(['yes', 'no']),
  message: z.string(),
  name: z.string().optional(),
});

/** A link's token: anything else than one we mailed reads as a bad link, in words for people. */
const LINK_INVALID = 'This link is invalid or has expired. Ask for a new one.';
const LinkToken = z
  .string({ error: LINK_INVALID })
  .min(10, { error: LINK_INVALID })
  .max(2048, { error: LINK_INVALID });

export const TokenRequest = z.object({ token: LinkToken });
export const EmailRequest = z.object({ email: Email });
export const ResetPasswordRequest = z.object({ token: LinkToken, password: Password });

export const RANK_NAMES = [
  'Trendex Champ',
  'Trendex Atlas',
  'Trendex Monarch',
  'Trendex Archer',
  'Trendex Prime',
  'Trendex Titan',
  'Trendex Captain',
  'Trendex Apex',
  'Trendex Master',
  'Trendex Crown',
  'Trendex Pro',
] as const;

/** The member's own profile: spec section 3 "User", with money as micro-USDT integers. */
export const Profile = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  phone: z.string(),
  country: z.string(),
  rank: z.number().int().min(1).max(11),
  rankName: z.string(),
  sponsor: z.string().nullable(),
  side: Side.nullable(),
  registeredAt: Timestamp,
  isAdmin: z.boolean(),
  plan: z.object({
    isActive: z.boolean(),
    isSilver: z.boolean(),
    isGold: z.boolean(),
    activatedAt: Timestamp.nullable(),
    expiresAt: Timestamp.nullable(),
  }),
  balances: z.object({ wallet: z.number().int(), wallet1: z.number().int(), fuelwallet: z.number().int() }),
  bots: z.record(z.string(), z.boolean()),
  grantedBot: BotIdSchema.nullable().describe(
    'a bot an admin granted beyond the plan (profile edit), or none',
  ),
  proxy: z.string().describe('the IP address a member whitelists on the exchange'),
});
export type Profile = z.infer<typeof Profile>;
