/**
 * Team use cases: a member's team (Team Glance), their direct referrals and rewards (Bonus/Rewards),
 * and the admin's tree view.
 */
import type { z } from 'zod';
import type {
  DirectReferralsQuery,
  RewardsPage,
  RewardsQuery,
  TeamSummary,
  TreeNodeView,
  TreeQuery,
  TreeView,
} from '#api/schemas/team';
import { nowIso } from '#core/clock';
import { notFound } from '#core/errors';
import { formatUsdt } from '#api/money';
import { findMemberByEmail } from '#functions/members/service';
import { hasActivated } from './activations/store';
import { listMemberRewards, rewardsOfDay, rewardTotals, type RewardTab } from './rewards/store';
import { getNode, getRootId, listDirectReferrals, type NodeItem } from './store';

/** What other domains read of the team's items (the admin's profiles, e-mail transfer and reports). */
export { legActivations } from './activations/store';
export { getPlacement, type PlacementItem } from './placements/store';
export { listRewardsByDate, rewardItems, type RewardRow } from './rewards/store';
export { type NodeItem } from './store';
export { getNode };
/** The sign-up's confirmation queues the new member's placement in the tree. */
export { requestPlacement } from './placement';

const teamMessages = {
  noMember: 'There is no member with this e-mail in the tree.',
  notPlaced: 'This member is not in the tree yet. Try again in a moment.',
  noTree: 'The tree is empty: no member has been placed yet.',
} as const;

/** A tab's profit today (the UTC day) and in all: one small Query and one GetItem. */
const profitOf = async (memberId: string, tab: RewardTab) => {
  const [today, totals] = await Promise.all([
    rewardsOfDay(memberId, tab, nowIso().slice(0, 10)),
    rewardTotals(memberId),
  ]);
  return { today, total: totals[tab] };
};

export const getTeam = async (memberId: string): Promise<TeamSummary> => {
  const [node, profit] = await Promise.all([getNode(memberId, false), profitOf(memberId, 'activation')]);
  return {
    placed: node !== null,
    directLeft: node?.directLeft ?? 0,
    directRight: node?.directRight ?? 0,
    leftCount: node?.leftCount ?? 0,
    rightCount: node?.rightCount ?? 0,
    leftPoints: formatUsdt(node?.leftPoints ?? 0),
    rightPoints: formatUsdt(node?.rightPoints ?? 0),
    leftActive: node?.leftActive ?? 0,
    rightActive: node?.rightActive ?? 0,
    activationProfitToday: profit.today,
    activationProfitTotal: profit.total,
  };
};

/** The member's own rewards of a tab, newest first, with the tab's today's and cumulative profit. */
export const rewards = async (
  memberId: string,
  query: z.infer<typeof RewardsQuery>,
): Promise<RewardsPage> => {
  const [page, profit] = await Promise.all([
    listMemberRewards(memberId, query.tab, query.limit, query.cursor),
    profitOf(memberId, query.tab),
  ]);
  return {
    items: page.items.map((row) => ({ date: row.date, type: row.type, amount: row.amount })),
    cursor: page.cursor,
    todayProfit: profit.today,
    cumulativeProfit: profit.total,
  };
};

/**
 * Members who have activated a membership, across the whole tree: the root's two active legs (kept
 * by the activation batches) and the root itself. Two reads, whatever the size of the network.
 */
export const activatedMembers = async (): Promise<number> => {
  const rootId = await getRootId();
  const root = rootId ? await getNode(rootId, false) : null;
  if (!root) return 0;
  return root.leftActive + root.rightActive + ((await hasActivated(root.id)) ? 1 : 0);
};

export const directReferrals = async (memberId: string, query: z.infer<typeof DirectReferralsQuery>) => {
  const page = await listDirectReferrals(memberId, query.side, query.limit, query.cursor);
  return {
    items: page.items.map((row) => ({ email: row.email, name: row.name, joinedAt: row.joinedAt })),
    cursor: page.cursor,
  };
};

const view = (node: NodeItem): TreeNodeView => ({
  id: node.id,
  email: node.email,
  name: node.name,
  username: node.username,
  parentId: node.parentId,
  position: node.position,
  left: node.left,
  right: node.right,
  leftCount: node.leftCount,
  rightCount: node.rightCount,
  directLeft: node.directLeft,
  directRight: node.directRight,
  leftPoints: formatUsdt(node.leftPoints),
  rightPoints: formatUsdt(node.rightPoints),
});

/** Seven reads at most: the shown root, its children and its grandchildren. */
export const getTree = async (query: z.infer<typeof TreeQuery>): Promise<TreeView> => {
  let rootId: string | null;
  if (query.email) {
    const member = await findMemberByEmail(query.email);
    if (!member) throw notFound(teamMessages.noMember);
    rootId = member.id;
  } else rootId = query.memberId ?? (await getRootId());
  if (!rootId) throw notFound(teamMessages.noTree);
  const root = await getNode(rootId, false);
  if (!root) throw notFound(query.memberId || query.email ? teamMessages.notPlaced : teamMessages.noTree);
  const children = (
    await Promise.all([root.left, root.right].map((id) => (id ? getNode(id, false) : null)))
  ).filter((n): n is NodeItem => n !== null);
  const grandchildren = (
    await Promise.all(
      children.flatMap((c) => [c.left, c.right]).map((id) => (id ? getNode(id, false) : null)),
    )
  ).filter((n): n is NodeItem => n !== null);
  return { rootId: root.id, nodes: [root, ...children, ...grandchildren].map(view) };
};
