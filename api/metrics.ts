/**
 * THE business figures the functions publish (CloudWatch embedded metric format, Powertools
 * Metrics) and the dashboard and alarms read (lib/constructs/monitoring.ts). No I/O in this folder.
 */
export const METRICS_NAMESPACE = 'Trendex';
/** Every figure's one dimension (`service`, as Powertools names it): the dashboard and alarms ask for it. */
export const METRICS_SERVICE = 'trendex';

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
  /** Bot ticks put off because the exchange was busy, banning, away or its answer unknown (retried next minute). */
  TicksDeferred: 'Count',
  BotsActive: 'Count',
  /** The user stream service (functions/streams): its streams open, and those wanted but not connected (levels, each pass). */
  StreamsOpen: 'Count',
  StreamsDown: 'Count',
  /** Streams dialled again after they dropped or failed. */
  StreamReconnects: 'Count',
  /** Fills recorded from a stream, and the time from the exchange's fill to its record. */
  StreamFills: 'Count',
  StreamFillDelay: 'Milliseconds',
  /**
   * Resting orders a candle kept without asking the exchange (its user data stream vouched for
   * them), and those it looked up instead (no stream, or one that dropped since).
   */
  RestingKept: 'Count',
  RestingLookedUp: 'Count',
  /** What the daily ledger audit found wrong (0 on a clean day): accounts, and paid invoices without exactly one deposit. */
  LedgerAuditDifferences: 'Count',
  DepositDifferences: 'Count',
} as const;

export type BusinessMetric = keyof typeof businessMetrics;

/** The figures that count money events, each with its amount beside it (`<name>Usdt`, in USDT). */
export type MoneyMetric = {
  [K in BusinessMetric]: `${K}Usdt` extends BusinessMetric ? K : never;
}[BusinessMetric];
