import { z } from 'zod';
import { BotIdSchema } from '../bots';
import { Email, page, PageQuery, Timestamp } from './common';

export const AdminSummary = z.object({
  members: z.number().int(),
  registeredToday: z.number().int(),
  registeredThisMonth: z.number().int(),
  /** Members who have activated a membership (Executive or Imperial) at least once. */
  activated: z.number().int(),
});

/* ---------- profile search and edit (spec "Search"; /searchprofile) ---------- */

/** The four search keys of the spec's radio buttons: Username, Email, Sponser Id, Mobile No. */
export const ProfileSearchBy = z.enum(['username', 'email', 'sponsor', 'mobile'], {
  error: 'Choose what to search by.',
});
export type ProfileSearchBy = z.infer<typeof ProfileSearchBy>;

export const ProfileSearchQuery = PageQuery.extend({
  by: ProfileSearchBy,
  keyword: z
    .string({ error: 'Enter what to search for.' })
    .trim()
    .min(1, { error: 'Enter what to search for.' })
    .max(254, { error: 'The search text is too long.' }),
});

/** One row of the search table; `wallet` is the ledger balance of the member's `wallet`. */
export const ProfileRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  sponsor: z.string().nullable().describe("the sponsor's username (the referral id)"),
  mobile: z.string(),
  rank: z.number().int().min(1).max(11),
  rankName: z.string(),
  wallet: z.number().int().describe('micro-USDT'),
  grantedBot: BotIdSchema.nullable().describe('a bot the admin granted beyond the plan, or none'),
  registeredAt: Timestamp,
});
export type ProfileRow = z.infer<typeof ProfileRow>;

export const ProfileSearchPage = page(ProfileRow);

/** A signed USDT amount as typed ("25", "-12.5"), at most 6 decimals; empty means no change. */
export const SignedAmountText = z
  .string()
  .trim()
  .regex(/^([+-]?\d{1,7}(\.\d{1,6})?)?$/, {
    error: 'Enter the balance to add in USDT, e.g. 25 or -12.5 (at most 6 decimals).',
  });

/** The largest single adjustment, either way: 1,000,000 USDT. */
export const MAX_ADJUSTMENT_USDT = 1_000_000;

export const ProfileEditRequest = z.object({
  memberId: z.string().min(1).max(64),
  /** Made by the edit modal once per attempt: the same id twice is one balance change. */
  requestId: z
    .string({ error: 'requestId is required.' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'requestId must be 8-64 letters, digits or dashes.' }),
  name: z
    .string()
    .trim()
    .min(2, { error: 'Name must be at least 2 characters.' })
    .max(100, { error: 'Name must be at most 100 characters.' })
    .optional(),
  rank: z.coerce
    .number({ error: 'Choose a rank from 1 to 11.' })
    .int({ error: 'Choose a rank from 1 to 11.' })
    .min(1, { error: 'Choose a rank from 1 to 11.' })
    .max(11, { error: 'Choose a rank from 1 to 11.' })
    .optional(),
  /** null (or '') takes the granted bot away. */
  grantedBot: z
    .union([BotIdSchema, z.literal(''), z.null()])
    .transform((v) => v || null)
    .optional(),
  balanceToAdd: SignedAmountText.optional(),
});
export type ProfileEditRequest = z.infer<typeof ProfileEditRequest>;

export const ProfileEditAnswer = z.object({
  message: z.string(),
  profile: ProfileRow,
  /** 'applied' or 'replayed' (this request id was already applied) when a balance change was asked. */
  balance: z.enum(['applied', 'replayed']).optional(),
});

/* ---------- transfer e-mail (/transferemail) ---------- */

export const TransferEmailRequest = z.object({
  currentEmail: Email,
  newEmail: Email,
});

export const TransferEmailAnswer = z.object({ message: z.string(), memberId: z.string() });
