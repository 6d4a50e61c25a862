import {
  DirectReferralPage,
  DirectReferralsQuery,
  RewardsPage,
  RewardsQuery,
  TeamSummary,
  TreeQuery,
  TreeView,
} from '../schemas/team';
import { Empty, route, type Route } from '../route';

export const teamRoutes = {
  getTeam: route({
    method: 'GET',
    path: '/team',
    access: 'member',
    domain: 'team',
    summary:
      "The member's team: direct referrals, leg counts, active members, points and activation profit (Team Glance)",
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
  listRewards: route({
    method: 'GET',
    path: '/team/rewards',
    access: 'member',
    domain: 'team',
    summary:
      "The member's referral rewards of a tab (date, type, amount), newest first, paged; today's and cumulative profit",
    request: RewardsQuery,
    response: RewardsPage,
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
