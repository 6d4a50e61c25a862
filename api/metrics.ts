/**
 * THE business figures the functions publish (CloudWatch embedded metric format, Powertools
 * Metrics) and the dashboard and alarms read (lib/constructs/monitoring.ts). No I/O in this folder.
 */
export const METRICS_NAMESPACE = 'Trendex';

export const businessMetrics = {
  /** Deposits credited (count; DepositsUsdt the amount). */
  Deposits: 'Count',
  DepositsUsdt: 'None',
  Withdrawals: 'Count',
  WithdrawalsUsdt: 'None',
  PlanPurchases: 'Count',
  PlanPurchasesUsdt: 'None',
  /** Referral payouts paid by the daily run. */
  Payouts: 'Count',
  OrdersPlaced: 'Count',
  OrdersFailed: 'Count',
  BotsActive: 'Count',
  /** What the daily ledger audit found wrong (0 on a clean day): accounts, and paid invoices without exactly one deposit. */
  LedgerAuditDifferences: 'Count',
  DepositDifferences: 'Count',
} as const;

export type BusinessMetric = keyof typeof businessMetrics;
