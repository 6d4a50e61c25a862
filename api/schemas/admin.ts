import * as z from 'zod';
import { BotIdSchema, Email, page, PageQuery, RequestId, Timestamp } from './common';

/** One difference the ledger audit found: what is wrong where, expected against found. */
export const LedgerAuditDifference = z.object({
  check: z.enum(['entries', 'total', 'negative', 'hold', 'deposit']),
  /** An account (`member:<id>:wallet`, `platform:revenue`), `ledger`, or `invoice:<payment id>`. */
  subject: z.string(),
  /** Micro-USDT; a number of deposits for the `deposit` check. */
  expected: z.number().int(),
  found: z.number().int(),
  detail: z.string(),
});

export const LedgerAuditResult = z.object({
  at: Timestamp,
  ok: z.boolean(),
  /** All differences; `differences` lists the first 100. */
  differenceCount: z.number().int(),
  differences: z.array(LedgerAuditDifference),
});

export const AdminSummary = z.object({
  members: z.number().int(),
  registeredToday: z.number().int(),
  registeredThisMonth: z.number().int(),
  /** Members who have activated a membership (Executive or Imperial) at least once. */
  activated: z.number().int(),
  /** Members with a Binance API key bound (the spec's "API Binding (Binance)"). */
  apiBindings: z.number().int(),
  /** Running deployments per bot, every bot listed (0 when none runs). */
  botsActive: z.array(z.object({ bot: BotIdSchema, name: z.string(), count: z.number().int() })),
  /** Members per rank, ranks 1 to 6 (the spec's counters Rank V1 to V6). */
  ranks: z.array(z.object({ rank: z.number().int(), count: z.number().int() })),
  /** The last daily ledger audit (functions/ledger/audit), null before the first run. */
  ledgerAudit: LedgerAuditResult.nullable(),
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

/* ---------- trading profit: the Core pool's distribution (/tradingprofit) ---------- */

/** A USDT amount as typed ("120", "12.5"), at most 6 decimals; empty or 0 means none. */
const IncomeText = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{1,7}(\.\d{1,6})?)?$/, { error: `Enter the ${what} in USDT, e.g. 120 or 12.5.` });

export const DistributeProfitRequest = z.object({
  /** Made when the form opens: the same id again (a retry, a resume) is the same distribution. */
  requestId: RequestId,
  coreIncome: IncomeText('Trendex Income'),
  premiumIncome: IncomeText('Premium Trendex Income'),
});
export type DistributeProfitRequest = z.infer<typeof DistributeProfitRequest>;

export const CoreIncomeType = z.enum(['Trendex Core Income', 'Premium Trendex Core Income']);

export const DistributeProfitAnswer = z.object({
  message: z.string(),
  distributionId: z.string(),
  /** Shares paid by this call; shares already paid by an earlier call are not counted again. */
  paid: z.number().int(),
  holders: z.object({ core: z.number().int(), premium: z.number().int() }),
  /** Each holder's share, micro-USDT. */
  share: z.object({ core: z.number().int(), premium: z.number().int() }),
});

export const ProfitShareTab = z.enum(['pending', 'success']);
export const ProfitSharesQuery = PageQuery.extend({ tab: ProfitShareTab.default('pending') });
/** One holder's share of a distribution: pending until paid, then success. */
export const ProfitShareRow = z.object({
  id: z.string(),
  distributionId: z.string(),
  email: z.string(),
  type: CoreIncomeType,
  profit: z.number().int().describe('the share, micro-USDT'),
  profitTaken: z.number().int().describe('credited to the member so far: 0 while pending'),
  date: Timestamp,
  status: z.enum(['pending', 'success']),
});
export const ProfitSharesPage = page(ProfitShareRow).extend({
  /** On the first page: the pool now, and the sum of this tab's rows (the spec's "total to distribute"). */
  pool: z.number().int().optional(),
  total: z.number().int().optional(),
  holders: z.object({ core: z.number().int(), premium: z.number().int() }).optional(),
});

export const ProfitHistoryRow = z.object({
  distributionId: z.string(),
  date: Timestamp,
  amount: z.number().int(),
  type: CoreIncomeType,
  status: z.enum(['running', 'done']),
});
export const ProfitHistoryPage = page(ProfitHistoryRow);

/* ---------- the audit log (/auditlog) ---------- */

export const AuditAction = z.enum([
  'profile-edit',
  'balance-credit',
  'email-transfer',
  'profit-distribution',
  'complaint-close',
  'dead-letter-redrive',
]);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditQuery = PageQuery.extend({
  action: z.union([AuditAction, z.literal('')]).optional(),
  /** The admin's or the member's e-mail, exact; empty means everyone. */
  email: z.union([Email, z.literal('')]).optional(),
});
export const AuditRow = z.object({
  id: z.string(),
  at: Timestamp,
  action: AuditAction,
  adminEmail: z.string(),
  /** Who or what the action was about: a member's e-mail, a distribution, a complaint. */
  target: z.string(),
  summary: z.string(),
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditPage = page(AuditRow);
