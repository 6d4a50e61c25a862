import { plansRoutes } from '#api/routes/plans';
import { domainHandler } from '#core/middleware';
import * as plans from './service';

export const handler = domainHandler(plansRoutes, {
  getPlans: (_input, { caller }) => plans.getPlans(caller.memberId),
  activatePlan: (input, { caller }) => plans.purchasePlan(caller.memberId, input.plan, input.requestId),
});
