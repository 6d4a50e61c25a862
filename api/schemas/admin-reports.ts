/**
 * The admin reports' one shape. A query is a date range (Start Date and End Date, whole UTC days,
 * both included), maybe an e-mail, and a page (limit, cursor); an answer is a page of rows, the
 * next page's cursor, and — on the first page only — the totals of the whole range (so paging
 * through a report, or exporting it, reads the range's totals once).
 */
import * as z from 'zod';
import { Side } from './auth';
import { BotIdSchema, Email, page, PageQuery, Timestamp } from './common';

/** The longest range a report reads at once. */
export const MAX_REPORT_DAYS = 366;

export const reportMessages = {
  from: 'Choose a start date.',
  to: 'Choose an end date.',
  order: 'The start date must be on or before the end date.',
  tooLong: `Choose a range of at most ${MAX_REPORT_DAYS} days.`,
  leaderEmail: "Enter the member's e-mail.",
} as const;

const isDay = (s: string) => {
  const d = new Date(`${s}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const Day = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(isDay, { error: message });

/** Days from `from` to `to`, both counted. */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** What is wrong with a range of valid days, or null: start after end, or longer than MAX_REPORT_DAYS. */
export const rangeProblem = (from: string, to: string): string | null =>
  from > to ? reportMessages.order : daysInRange(from, to) > MAX_REPORT_DAYS ? reportMessages.tooLong : null;

const RangeShape = {
  from: Day(reportMessages.from),
  to: Day(reportMessages.to),
  ...PageQuery.shape,
};

/** An optional e-mail filter: empty means everyone. */
export const OptionalEmail = z.union([Email, z.literal('')]).optional();

/** A report query: the range (checked: start <= end, at most MAX_REPORT_DAYS), paging, and `shape`. */
export const reportQuery = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ ...RangeShape, ...shape }).superRefine((value, ctx) => {
    const q = value as { from: string; to: string };
    const problem = rangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });

/** A page of a report: rows, the next page's cursor (none on the last page), totals on the first page. */
export const reportPage = <T extends z.ZodType, S extends z.ZodRawShape>(item: T, totals: S) =>
  z.object({
    items: z.array(item),
    cursor: z.string().optional(),
    totals: z
      .object({ count: z.number().int().describe('rows in the whole range'), ...totals })
      .optional()
      .describe('the whole range; on the first page (no cursor) only'),
  });

/* ---------- Registration Report ---------- */

const MemberReportRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  sponsor: z.string().describe("the sponsor's username (the spec's sponsor id); empty for the root"),
  mobile: z.string(),
  rank: z.number().int(),
});

export const RegistrationReportQuery = reportQuery({});
const RegistrationRow = MemberReportRow.extend({
  registeredAt: Timestamp.describe('when the e-mail was verified and the member made'),
  signedUpAt: Timestamp.nullable().describe('when the sign-up form was sent; unknown for older members'),
});
/** A sign-up in the range whose e-mail is not verified: waiting, or expired (it must sign up again). */
const PendingSignUpRow = z.object({
  email: z.string(),
  name: z.string(),
  username: z.string(),
  sponsor: z.string(),
  mobile: z.string(),
  signedUpAt: Timestamp,
  status: z.enum(['pending', 'expired']),
});
export const RegistrationReport = reportPage(RegistrationRow, {}).extend({
  pending: z
    .array(PendingSignUpRow)
    .optional()
    .describe('unverified sign-ups of the range, oldest first; on the first page (no cursor) only'),
});

/* ---------- Activation Report ---------- */

export const MembershipPlan = z.enum(['executive', 'imperial', 'upgrade']);
export type MembershipPlan = z.infer<typeof MembershipPlan>;

export const ActivationReportQuery = reportQuery({ email: OptionalEmail });
const ActivationRow = MemberReportRow.extend({
  activatedAt: Timestamp,
  plan: MembershipPlan,
  membership: z.enum(['silver', 'gold']),
  amount: z.number().int().describe('micro-USDT paid'),
});
export const ActivationReport = reportPage(ActivationRow, {
  gold: z.number().int(),
  silver: z.number().int(),
  goldAmount: z.number().int(),
  silverAmount: z.number().int(),
});

/* ---------- Referral payout structure ---------- */

export const PayoutStructureQuery = reportQuery({});
const PayoutStructureRow = z.object({
  id: z.string(),
  date: Timestamp,
  type: z.string().describe('Direct Bonus or Binary Bonus'),
  owner: z.string().describe("the paid member's e-mail"),
  side: z
    .union([Side, z.literal('Both')])
    .describe("the owner's leg the bonus came from; Both for a binary match of the two legs"),
  email: z.string().describe('the member whose activation paid it (direct bonus); empty for a binary match'),
  amount: z.number().int(),
});
export const PayoutStructureReport = reportPage(PayoutStructureRow, { amount: z.number().int() });

/* ---------- Leaders activation report ---------- */

export const LeadersReportQuery = reportQuery({
  email: z
    .string({ error: reportMessages.leaderEmail })
    .trim()
    .min(1, { error: reportMessages.leaderEmail })
    .pipe(Email),
});
const LeaderDay = z.object({ day: z.string(), left: z.number().int(), right: z.number().int() });
export const LeadersReport = reportPage(LeaderDay, {
  left: z.number().int().describe('activations in the left leg in the range'),
  right: z.number().int(),
  member: z.object({ id: z.string(), email: z.string(), name: z.string(), username: z.string() }),
});

/* ---------- Master accounts report and a member's trades (Trade Details, profile search) ---------- */

export const MasterReportQuery = reportQuery({});
const MasterRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  mobile: z.string(),
  registeredAt: Timestamp,
});
export const MasterReport = reportPage(MasterRow, {});

export const MemberTradesQuery = PageQuery.extend({ memberId: z.string().min(1).max(64) });
/** One closed trade as the back office shows it (spec trade row: date, symbol, side, prices, profit). */
export const TradeRow = z.object({
  id: z.string(),
  date: Timestamp.describe('when it closed'),
  bot: BotIdSchema,
  botName: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  buyPrice: z.number(),
  sellPrice: z.number(),
  profit: z.number().int().describe('micro-USDT, net of exchange fees'),
  charge: z.number().int().describe('the 20 % profit charge, micro-USDT'),
});
export const MemberTradesPage = page(TradeRow);

/* ---------- Admin Order Report (/adminorder) ---------- */

/** The bots of the report's buttons: Get Zeno, Get Candles, Get Glint. */
export const OrderReportBot = z.enum(['zeno', 'candles', 'glint'], {
  error: 'Choose Zeno, Candles or Glint.',
});
export const OrderReportQuery = reportQuery({ bot: OrderReportBot });
const OrderRow = z.object({
  id: z.string(),
  date: Timestamp,
  email: z.string(),
  symbol: z.string(),
  buyPrice: z.number(),
  sellPrice: z.number(),
  profit: z.number().int(),
  profitPct: z.number().describe('profit over the money put in, percent'),
  actualProfit: z.number().int().describe("the member's profit after the 20 % charge"),
});
export const OrderReport = reportPage(OrderRow, {
  profit: z.number().int().describe('Total Profit'),
  actualProfit: z.number().int().describe('Total actual Profit'),
});

/* ---------- API binding overview (/apibind) ---------- */

export const ApiBindingQuery = z.object({ bot: z.union([BotIdSchema, z.literal('')]).optional() });
export const ApiBindingOverview = z.object({
  bindings: z.number().int().describe('members with a Binance key bound'),
  bots: z.array(
    z.object({
      bot: BotIdSchema,
      name: z.string(),
      total: z.number().int().describe('members who ever deployed it'),
      active: z.number().int().describe('running now'),
    }),
  ),
  /** With `bot`: its members, their Binance balances (as last refreshed) and the bot's position. */
  rows: z.array(
    z.object({
      memberId: z.string(),
      email: z.string(),
      bot: BotIdSchema,
      status: z.string(),
      futureBalance: z.number().int().nullable(),
      futurePosition: z.number().nullable(),
      futureEntryPrice: z.number().nullable(),
      spotPosition: z.number().nullable(),
    }),
  ),
});

/* ---------- API error viewer (/apierror) ---------- */

export const ApiErrorQuery = z.object({ orderId: z.string().max(200).optional() });
export const ApiErrorRow = z.object({
  id: z.string().describe("the client order id, or the dead letter's message id"),
  owner: z.string().describe("the member's e-mail"),
  bot: z.string().describe("the bot's name ('' when the message named no bot)"),
  symbol: z.string(),
  reason: z.string().describe("the exchange's refusal, or the executor's own error on the message"),
  unique: z.string().describe('where it was seen: failed, missed, or dead-letter'),
  at: Timestamp,
});
export const ApiErrors = z.object({
  /** Every order id with an error (the dropdown 'Select an OrderId'). */
  orderIds: z.array(z.string()),
  items: z.array(ApiErrorRow),
});
