/** referralPayout (00:00 UTC): the daily binary payout for the day that has just begun. */
import { runDailyPayout } from './payoutRun';

export const dailyPayout = async (event: { time?: string }) => {
  const day = (event.time ?? new Date().toISOString()).slice(0, 10);
  return runDailyPayout(day);
};
