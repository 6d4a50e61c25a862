import * as z from 'zod';
import { RequestId, Timestamp } from './common';

export const PlanOption = z.enum(['executive', 'imperial', 'upgrade', 'core', 'premiumCore']);
export type PlanOption = z.infer<typeof PlanOption>;

/**
 * The same requestId again (a retry, a double click) charges once and answers the same success; a
 * plan held is extended by one period from its current end.
 */
export const ActivatePlanRequest = z.object({ plan: PlanOption, requestId: RequestId });

const Offer = z.object({
  plan: PlanOption,
  name: z.string(),
  price: z.number().int(),
  wallet: z.enum(['wallet', 'wallet1']),
  enabled: z.boolean(),
  renews: z
    .boolean()
    .describe('the plan is held: buying it again adds one period to its end ("Extend Plan")'),
  endsAt: Timestamp.nullable().describe('when the plan would end if bought now'),
  reason: z.string().optional().describe('why the Subscribe button is disabled'),
  includedIn: z
    .string()
    .optional()
    .describe('the membership held that includes this plan: it is not for sale to the member'),
});

export const PlanState = z.object({
  isActive: z.boolean(),
  isSilver: z.boolean(),
  isGold: z.boolean(),
  isCore: z.boolean(),
  isPremiumCore: z.boolean(),
  activatedAt: Timestamp.nullable(),
  expiresAt: Timestamp.nullable().describe("the membership's end"),
  coreExpiresAt: Timestamp.nullable(),
  premiumCoreExpiresAt: Timestamp.nullable(),
  periodDays: z.number().int(),
  offers: z.array(Offer),
});
export type PlanState = z.infer<typeof PlanState>;

export const ActivatePlanAnswer = z.object({ message: z.string(), plan: PlanState });
