import { DirectReferralPage, DirectReferralsQuery, TeamSummary, TreeQuery, TreeView } from '../schemas/team';
import { Empty, route, type Route } from '../route';

export const teamRoutes = {
  getTeam: route({
    method: 'GET',
    path: '/team',
    access: 'member',
    domain: 'team',
    summary: "The member's team: direct referrals, leg counts and points (Team Glance)",
    request: Empty,
    response: TeamSummary,
  }),
  listDirectReferrals: route({
    method: 'GET',
    path: '/team/referrals',
    access: 'member',
    domain: 'team',
    summary: "The member's direct referrals on one side (date and e-mail), newest first, paged",
    request: DirectReferralsQuery,
    response: DirectReferralPage,
  }),
  getTree: route({
    method: 'GET',
    path: '/admin/tree',
    access: 'admin',
    domain: 'team',
    summary: 'Three levels of the binary tree from the root, a member id or an e-mail',
    request: TreeQuery,
    response: TreeView,
  }),
} as const satisfies Record<string, Route>;
