/**
 * THE table of schedule rules. The CDK stack turns each entry into an EventBridge rule and a Lambda
 * function; the local stack's schedule runner fires the same handlers on the same timetable.
 * All times are UTC. No I/O in this folder.
 *
 * The handler of an entry is the export `handlerExport` of `functions/<domain>/schedules.ts`.
 */

/** Every `rateMinutes` minutes, or at a fixed UTC time of day (cron fields as EventBridge reads them). */
export type ScheduleSpec = { rateMinutes: number } | { cron: { minute: string; hour: string } };

export interface ScheduleRule {
  /** Unique, camelCase; used for construct ids and log names. */
  name: string;
  description: string;
  schedule: ScheduleSpec;
  /** The domain folder under functions/ whose schedules.ts serves the rule. */
  domain: string;
  /** The named export of functions/<domain>/schedules.ts. */
  handlerExport: string;
}

export const schedules = [
  {
    name: 'botTick',
    description: 'Dispatch one tick per running bot to the order queue',
    schedule: { rateMinutes: 1 },
    domain: 'bots',
    handlerExport: 'tick',
  },
  {
    name: 'marketTicker',
    description: 'Refresh market prices (polls every few seconds inside one run)',
    schedule: { rateMinutes: 1 },
    domain: 'market',
    handlerExport: 'ticker',
  },
  {
    name: 'botEmailDigests',
    description:
      "Mail each bot's held events (beyond one e-mail per bot and event type an hour) as one digest once its hour is over",
    schedule: { rateMinutes: 5 },
    domain: 'notifications',
    handlerExport: 'botEmailDigests',
  },
  {
    name: 'referralPayout',
    description: 'Daily binary referral bonus at 00:00 UTC',
    schedule: { cron: { minute: '0', hour: '0' } },
    domain: 'team',
    handlerExport: 'dailyPayout',
  },
  {
    name: 'teamSweep',
    description:
      'Drain the team lists every minute: what a burst left beyond its last consumer run (placements, counts, activations)',
    schedule: { rateMinutes: 1 },
    domain: 'team',
    handlerExport: 'sweep',
  },
  {
    name: 'planExpiry',
    description: 'Expire plans whose period ended, daily at 00:05 UTC',
    schedule: { cron: { minute: '5', hour: '0' } },
    domain: 'plans',
    handlerExport: 'expirePlans',
  },
  {
    name: 'depositReconciliation',
    description: 'Reconcile pending deposit invoices with the payment provider',
    schedule: { rateMinutes: 10 },
    domain: 'wallet',
    handlerExport: 'reconcileDeposits',
  },
  {
    name: 'withdrawalSweep',
    description: 'Ask the payment provider about withdrawals still held; settle or release each once',
    schedule: { rateMinutes: 2 },
    domain: 'wallet',
    handlerExport: 'withdrawalSweep',
  },
  {
    name: 'ledgerAudit',
    description:
      'Audit the ledger daily at 02:00 UTC (after the payout and plan expiry): balances against entries, holds, deposits',
    schedule: { cron: { minute: '0', hour: '2' } },
    domain: 'ledger',
    handlerExport: 'audit',
  },
] as const satisfies readonly ScheduleRule[];

export type ScheduleName = (typeof schedules)[number]['name'];
