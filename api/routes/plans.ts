import { ActivatePlanAnswer, ActivatePlanRequest, PlanState } from '../schemas/plans';
import { Empty, route, type Route } from '../route';

export const plansRoutes = {
  getPlans: route({
    method: 'GET',
    path: '/plans',
    access: 'member',
    domain: 'plans',
    summary: "The member's plans and which Subscribe buttons are enabled",
    request: Empty,
    response: PlanState,
  }),
  activatePlan: route({
    method: 'POST',
    path: '/plans/activate',
    access: 'member',
    domain: 'plans',
    summary:
      'Subscribe (Executive, Imperial, upgrade, Core, Premium Core), paid from the wallet; the same requestId again charges once and answers the same success',
    request: ActivatePlanRequest,
    response: ActivatePlanAnswer,
  }),
} as const satisfies Record<string, Route>;
