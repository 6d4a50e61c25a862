/**
 * The team's schedules (api/schedules.ts): referralPayout (00:00 UTC), the daily binary payout for
 * the day that has just begun; teamSweep (every minute), the consumer's own drain, for the work a
 * burst left when no new sign-up or purchase wakes the consumer (a run places within a budget).
 */
import { drainTeamWork } from './consumer';
import { runDailyPayout } from './payoutRun';

export const dailyPayout = async (event: { time?: string }) => {
  const day = (event.time ?? new Date().toISOString()).slice(0, 10);
  return runDailyPayout(day);
};

export const sweep = () => drainTeamWork();
