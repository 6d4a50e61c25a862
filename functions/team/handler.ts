import { teamRoutes } from '#api/routes/team';
import { domainHandler } from '#core/middleware';
import * as team from './service';

export const handler = domainHandler(teamRoutes, {
  getTeam: (_input, { caller }) => team.getTeam(caller.memberId),
  listDirectReferrals: (input, { caller }) => team.directReferrals(caller.memberId, input),
  listRewards: (input, { caller }) => team.rewards(caller.memberId, input),
  getTree: (input) => team.getTree(input),
});
