/**
 * The daily binary payout over the tree (schedule referralPayout, 00:00 UTC). For each node with
 * matched points: the pure rule (payout.ts) gives the bonus and the points consumed; the ledger
 * post (kind `bonus`, key `binary-bonus:<day>:<member>`) and the node's points update with
 * `paidDay` happen in ONE transaction, under the condition that the node was not paid that day.
 * So a second run the same day pays nothing, and a run killed half-way and started again pays
 * each member exactly once. The member's reward row ('Binary Bonus', the matched points) and
 * cumulative reward total are written in the same transaction. The pass is sharded by placement
 * time (planPayoutShards, runPayoutShard): each shard is resumable, and shards run in parallel.
 */
import { nowIso } from '#core/clock';
import { config } from '#core/config';
import { logger } from '#core/logger';
import { countMetric } from '#core/metrics';
import type { Micro } from '#api/money';
import { getMember } from '#functions/members/service';
import { accounts, transfer } from '#functions/ledger/rules';
import { post } from '#functions/ledger/service';
import { binaryPayout } from './payout';
import { rewardItems } from './rewards/store';
import {
  consumeMatched,
  consumeMatchedItem,
  firstPlacedAt,
  getPayoutPlan,
  getPayoutShard,
  listNodesInRange,
  putPayoutPlan,
  putPayoutShard,
  type NodeItem,
  type PayoutShard,
} from './store';

/** The member's referral daily limit: Imperial, Executive, or 0 without an active plan. */
export const dailyLimitOf = (
  member: { isActive: boolean; isSilver: boolean; isGold: boolean } | null,
): Micro => {
  if (!member?.isActive) return 0;
  if (member.isGold) return config.plans.imperial.referralDailyLimit;
  if (member.isSilver) return config.plans.executive.referralDailyLimit;
  return 0;
};

type NodePayout = 'paid' | 'consumed' | 'already' | 'nothing';

export const payNode = async (node: NodeItem, day: string): Promise<NodePayout> => {
  const member = await getMember(node.id);
  const result = binaryPayout({
    leftPoints: node.leftPoints,
    rightPoints: node.rightPoints,
    dailyLimit: dailyLimitOf(member),
    rate: config.referral.binaryBonusRate,
  });
  if (result.matched === 0) return 'nothing';
  if (result.bonus > 0) {
    const posted = await post({
      tx: {
        idempotencyKey: `binary-bonus:${day}:${node.id}`,
        kind: 'bonus',
        postings: transfer(accounts.revenue, accounts.member(node.id, 'wallet'), result.bonus),
      },
      memberId: node.id,
      display: { type: 'Binary Bonus', amount: result.bonus, wallet: 'wallet' },
      ref: { day, matched: result.matched },
      extra: [
        consumeMatchedItem(node.id, day, result.matched),
        ...rewardItems({
          memberId: node.id,
          tab: 'activation',
          id: `binary-${day}-${node.id}`,
          date: nowIso(),
          type: 'Binary Bonus',
          amount: result.bonus,
          ownerEmail: node.email,
          matched: result.matched,
          day,
        }),
      ],
    });
    if (posted.status === 'applied') return 'paid';
    if (posted.status === 'replayed' || posted.status === 'refused') return 'already';
    throw new Error(`binary bonus for ${node.id} on ${day}: ${posted.status}`);
  }
  return (await consumeMatched(node.id, day, result.matched)) ? 'consumed' : 'already';
};

type Totals = Record<NodePayout | 'failed', number>;
const noTotals = (): Totals => ({ paid: 0, consumed: 0, already: 0, nothing: 0, failed: 0 });

/**
 * Shards of a day's payout: PAYOUT_SHARDS slices of the nodes by placement time (GSI2SK), equal in
 * time from the first node to the run, the last one open-ended. In AWS each shard is one item of
 * the payout state machine's Distributed Map (docs/decisions/team-and-payout.md, "The payout state
 * machine"); the local stack runs them here.
 */
const shardCount = () => Number(process.env.PAYOUT_SHARDS ?? 16);
/** Shards run at once in one process (the local stack; a Lambda runs one). */
const IN_PROCESS_WIDTH = 4;

/** The day's shard ranges, the same for every run of that day (the first run stores them). */
export const planPayoutShards = async (day: string): Promise<{ day: string; shard: number }[]> => {
  const first = await firstPlacedAt();
  if (!first) return [];
  const count = shardCount();
  const from = new Date(first).getTime();
  const step = Math.max(1, (Date.now() - from) / count);
  const cut = (i: number) => new Date(from + i * step).toISOString();
  const ranges = await putPayoutPlan(
    day,
    Array.from({ length: count }, (_, i) => ({
      // every GSI2SK (an ISO date first) sorts between '0' and '~'
      from: i === 0 ? '0' : cut(i),
      to: i === count - 1 ? '~' : cut(i + 1),
    })),
  );
  return ranges.map((_, shard) => ({ day, shard }));
};

/**
 * Pays one shard of the day: its nodes page by page, the page to resume from recorded after each,
 * so a run that stops goes on where it was; each member is paid once across shards and retries
 * (payNode's ledger key and paidDay condition). A shard with failures stays open and starts over
 * next time (the paid ones answer 'already'); a finished one does nothing again.
 */
export const runPayoutShard = async ({ day, shard }: { day: string; shard: number }): Promise<Totals> => {
  const totals = noTotals();
  const stored = await getPayoutShard(day, shard);
  const range = stored ? null : (await getPayoutPlan(day))?.[shard];
  if (!stored && !range) throw new Error(`payout ${day} has no shard ${shard}`);
  let progress: PayoutShard = stored ?? { day, shard, ...range!, status: 'open' };
  if (progress.status === 'done') return totals;
  let cursor = progress.cursor;
  do {
    const page = await listNodesInRange(progress, 200, cursor);
    for (const node of page.nodes) {
      if (node.paidDay && node.paidDay >= day) {
        totals.already += 1;
        continue;
      }
      try {
        totals[await payNode(node, day)] += 1;
      } catch (error) {
        totals.failed += 1;
        logger.error('binary payout failed', { memberId: node.id, day, error: (error as Error).message });
      }
    }
    cursor = page.next;
    progress = { ...progress, cursor: totals.failed ? undefined : cursor };
    if (cursor) await putPayoutShard(progress);
  } while (cursor);
  await putPayoutShard({ ...progress, cursor: undefined, status: totals.failed ? 'open' : 'done' });
  countMetric('Payouts', totals.paid, { day });
  return totals;
};

/** The whole day's payout in this process: every shard, IN_PROCESS_WIDTH at a time; safe to run again. */
export const runDailyPayout = async (day: string): Promise<Totals> => {
  const shards = await planPayoutShards(day);
  const totals = noTotals();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_PROCESS_WIDTH }, async () => {
      while (next < shards.length)
        for (const [k, v] of Object.entries(await runPayoutShard(shards[next++])))
          totals[k as keyof Totals] += v;
    }),
  );
  logger.info('daily binary payout', { day, shards: shards.length, ...totals });
  return totals;
};
