/**
 * The daily binary payout over the tree (schedule referralPayout, 00:00 UTC). For each node with
 * matched points: the pure rule (payout.ts) gives the bonus and the points consumed; the ledger
 * post (kind `bonus`, key `binary-bonus:<day>:<member>`) and the node's points update with
 * `paidDay` happen in ONE transaction, under the condition that the node was not paid that day.
 * So a second run the same day pays nothing, and a run killed half-way and started again pays
 * each member exactly once. The member's reward row ('Binary Bonus', the matched points) and
 * cumulative reward total are written in the same transaction.
 */
import { nowIso } from '#core/clock';
import { config } from '#core/config';
import { logger } from '#core/logger';
import type { Micro } from '#api/money';
import { getMember } from '#functions/members/service';
import { accounts, transfer } from '#functions/ledger/rules';
import { post } from '#functions/ledger/service';
import { binaryPayout } from './payout';
import { rewardItems } from './rewards/store';
import { consumeMatched, consumeMatchedItem, listNodes, type NodeItem } from './store';

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

/** One pass over every node for `day` (YYYY-MM-DD); safe to run again the same day. */
export const runDailyPayout = async (day: string) => {
  const totals = { paid: 0, consumed: 0, already: 0, nothing: 0, failed: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await listNodes(200, start);
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
    start = page.next;
  } while (start);
  logger.info('daily binary payout', { day, ...totals });
  return totals;
};
