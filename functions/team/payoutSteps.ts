/**
 * The daily payout's two steps in AWS (lib/constructs/payout.ts): the schedule starts a state
 * machine whose first task plans the day's shards and whose Distributed Map pays each one. The
 * local stack runs the same two functions in-process (runDailyPayout, schedule referralPayout).
 */
import { planPayoutShards, runPayoutShard } from './payoutRun';

/** The first task: the EventBridge event that started the execution in, the day's shards out. */
export const planShards = (event: { time?: string }) =>
  planPayoutShards((event.time ?? new Date().toISOString()).slice(0, 10));

/**
 * One item of the Map: pays the shard, and fails when a member of it could not be paid, so the
 * Map tries the shard again (it resumes; the members paid answer 'already') and, past its tries,
 * the execution fails and the payout alarm goes off.
 */
export const runShard = async (item: { day: string; shard: number }) => {
  const totals = await runPayoutShard(item);
  if (totals.failed) throw new Error(`payout ${item.day} shard ${item.shard}: ${totals.failed} not paid`);
  return totals;
};
