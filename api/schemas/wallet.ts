import * as z from 'zod';
import { OptionalEmail, reportPage, reportQuery } from './admin-reports';
import { PageQuery, RequestId, Timestamp, page } from './common';

/** A USDT amount as typed: a decimal with at most 6 places ("25", "12.5"); the server parses it exactly. */
const AmountText = z
  .string({ error: 'Enter the amount in USDT.' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,6})?$/, { error: 'Enter the amount in USDT, e.g. 25 or 12.5.' });

export const WalletName = z.enum(['wallet', 'wallet1'], {
  error: 'Choose the wallet or the Trendex Core wallet.',
});
export type WalletName = z.infer<typeof WalletName>;

/** Balances in micro-USDT; `held` is money of withdrawals waiting for their payout. */
export const WalletSummary = z.object({
  wallet: z.number().int(),
  wallet1: z.number().int(),
  fuelwallet: z.number().int(),
  held: z.number().int(),
  deposited: z.number().int(),
});

export const TransactionRow = z.object({
  id: z.string(),
  date: Timestamp,
  type: z.string(),
  amount: z.number().int().describe('micro-USDT; negative when money left the wallet'),
  wallet: z.enum(['wallet', 'wallet1', 'fuelwallet']),
});
export type TransactionRow = z.infer<typeof TransactionRow>;

export const TransactionsQuery = PageQuery.extend({ wallet: WalletName.optional() });
export const TransactionsPage = page(TransactionRow);

/** The same requestId again answers the invoice it made (one invoice per request). */
export const InvoiceRequest = z.object({
  amount: AmountText,
  wallet: WalletName.default('wallet'),
  requestId: RequestId,
});

export const Invoice = z.object({
  paymentId: z.string(),
  payAddress: z.string(),
  payAmount: z.string(),
  payCurrency: z.string(),
  amount: z.number().int(),
  wallet: WalletName,
  status: z.enum(['waiting', 'credited', 'expired']),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  payUrl: z.string().optional().describe('local stack only: the payment simulator page for this invoice'),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceQuery = z.object({ paymentId: z.string().min(1).max(64) });

/** The member's invoices still waiting for payment and not expired, newest first. */
export const OpenInvoices = z.object({ items: z.array(Invoice) });

/** NOWPayments-style IPN body; every field is kept because the signature covers all of them. */
export const PaymentCallback = z.looseObject({
  payment_id: z.union([z.string(), z.number()]),
  payment_status: z.string(),
  order_id: z.string().optional(),
  payin_hash: z.string().nullish().describe("the member's payment transaction, once paid"),
});
export const CallbackAnswer = z.object({ status: z.enum(['credited', 'ignored']) });

export const WithdrawRequest = z.object({
  amount: AmountText,
  address: z
    .string({ error: 'Enter the BEP20 address.' })
    .trim()
    .min(1, { error: 'Enter the BEP20 address.' })
    .max(64),
  otp: z
    .string({ error: 'Enter the OTP from your e-mail.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The OTP is the 6-digit code from your e-mail.' }),
  wallet: WalletName.default('wallet'),
  /** The same requestId again answers where that withdrawal stands: one hold, one payout. */
  requestId: RequestId,
});
/**
 * `paid` with the hash when the payout finished at once; `processing` while the amount is held
 * and the provider has not finished (the withdrawals list and a notification tell the end).
 * A payout that certainly failed answers 502 and the amount is back in the wallet.
 */
export const WithdrawAnswer = z.object({
  id: z.string(),
  status: z.enum(['paid', 'processing']),
  message: z.string(),
  hash: z.string().optional(),
  amount: z.number().int(),
});

export const WithdrawalStatus = z.enum(['processing', 'paid', 'refunded']);
export const WithdrawalRow = z.object({
  id: z.string(),
  date: Timestamp,
  updatedAt: Timestamp,
  amount: z.number().int().describe('micro-USDT'),
  wallet: WalletName,
  address: z.string(),
  status: WithdrawalStatus.describe('processing: the amount is held until the payout completes'),
  hash: z.string().optional(),
});
export type WithdrawalRow = z.infer<typeof WithdrawalRow>;
export const WithdrawalsPage = page(WithdrawalRow);

/** NOWPayments-style payout IPN; every field is kept because the signature covers all of them. */
export const PayoutCallback = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  status: z.string().optional(),
  unique_external_id: z.string().nullish(),
});
export const PayoutCallbackAnswer = z.object({
  status: z.enum(['processing', 'paid', 'refunded', 'ignored']),
});

/* ---------- admin reports ---------- */

const ReportKind = z.enum(['deposit', 'withdraw', 'payout']);
/**
 * Deposit, Withdraw and Payout reports: the admin reports' shape (api/schemas/admin-reports.ts).
 * Deposit: credited deposits; Withdraw: withdrawals paid out; Payout: referral bonuses paid.
 */
export const ReportQuery = reportQuery({ kind: ReportKind, email: OptionalEmail });
const ReportRow = z.object({
  id: z.string(),
  date: Timestamp,
  email: z.string().describe("the member's e-mail; a payout's: the member paid"),
  amount: z.number().int(),
  type: z.string().describe('a payout: Direct Bonus or Binary Bonus'),
  paymentId: z.string().optional().describe("a deposit: the provider's payment id"),
  hash: z
    .string()
    .optional()
    .describe("a deposit: the member's payment transaction (payin hash); a withdrawal: the payout's"),
});
export const Report = reportPage(ReportRow, {
  total: z.number().int().describe('micro-USDT, the whole range'),
});

/** The Balance report: every member's wallet and wallet1 (by registration), or one member by e-mail. */
export const BalanceReportQuery = PageQuery.extend({ email: OptionalEmail });
const BalanceRow = z.object({
  memberId: z.string(),
  email: z.string(),
  username: z.string(),
  wallet: z.number().int(),
  wallet1: z.number().int(),
});
export const BalanceReport = reportPage(BalanceRow, {
  wallet: z.number().int().describe('micro-USDT, every member'),
  wallet1: z.number().int().describe('micro-USDT, every member'),
});

const Totals = z.object({ total: z.number().int(), thisMonth: z.number().int(), today: z.number().int() });
export const MoneyTotals = z.object({ deposit: Totals, withdraw: Totals });
