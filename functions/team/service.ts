/** Team use cases: a member's team (Team Glance), their direct referrals, and the admin's tree view. */
import type { z } from 'zod';
import type { DirectReferralsQuery, TeamSummary, TreeNodeView, TreeQuery, TreeView } from '#api/schemas/team';
import { notFound } from '#core/errors';
import { formatUsdt } from '#core/money';
import { findMemberByEmail } from '#functions/auth/store';
import { getNode, getRootId, listDirectReferrals, type NodeItem } from './store';

export const teamMessages = {
  noMember: 'There is no member with this e-mail in the tree.',
  notPlaced: 'This member is not in the tree yet. Try again in a moment.',
  noTree: 'The tree is empty: no member has been placed yet.',
} as const;

export const getTeam = async (memberId: string): Promise<TeamSummary> => {
  const node = await getNode(memberId, false);
  return {
    placed: node !== null,
    directLeft: node?.directLeft ?? 0,
    directRight: node?.directRight ?? 0,
    leftCount: node?.leftCount ?? 0,
    rightCount: node?.rightCount ?? 0,
    leftPoints: formatUsdt(node?.leftPoints ?? 0),
    rightPoints: formatUsdt(node?.rightPoints ?? 0),
  };
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
