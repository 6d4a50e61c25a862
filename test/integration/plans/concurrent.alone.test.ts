/**
 * Plans bought at the same moment (issue 19): whatever the interleaving, every purchase that was
 * charged is held afterwards and what the member paid is exactly the price of what they bought
 * (a plan bought twice is extended twice: test/integration/plans/renewal.test.ts). fast-check draws the purchases; they go through the API at once.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanOption } from '#api/schemas/plans';
import { config } from '#core/config';
import { call, newVerifiedMember } from '../../support/api';
import { topUp } from '../../support/fund';

const PLANS: PlanOption[] = ['executive', 'imperial', 'upgrade', 'core', 'premiumCore'];

/** What a charged purchase must leave on the member: the flag it bought. */
const HELD: Record<PlanOption, 'isSilver' | 'isGold' | 'isCore' | 'isPremiumCore'> = {
  executive: 'isSilver',
  imperial: 'isGold',
  upgrade: 'isGold',
  core: 'isCore',
  premiumCore: 'isPremiumCore',
};

const balances = async (idToken: string) => {
  const wallet = (await call('getWallet', {}, idToken)).body;
  return wallet.wallet + wallet.wallet1;
};

describe('concurrent plan purchases', () => {
  it('charge exactly what they activate, whatever the interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(
        // a member who holds some plans already, then buys a burst of plans at once
        fc.subarray(['executive', 'imperial'] as PlanOption[], { maxLength: 1 }),
        fc.array(fc.constantFrom(...PLANS), { minLength: 2, maxLength: 6 }),
        async (before, burst) => {
          const member = await newVerifiedMember();
          await topUp(member.idToken, '1000');
          await topUp(member.idToken, '1000', 'wallet1');
          for (const plan of before)
            expect(
              (await call('activatePlan', { plan, requestId: randomUUID() }, member.idToken)).status,
            ).toBe(200);
          const start = await balances(member.idToken);

          const answers = await Promise.all(
            burst.map((plan) => call('activatePlan', { plan, requestId: randomUUID() }, member.idToken)),
          );
          const bought = burst.filter((_, i) => answers[i].status === 200);
          // a refused purchase says why, with the conflict status, and charges nothing
          for (const answer of answers) expect([200, 409]).toContain(answer.status);

          const paid = start - (await balances(member.idToken));
          expect(paid).toBe(bought.reduce((sum, plan) => sum + config.plans[plan].price, 0));
          // a plan held is extended by buying it again; the upgrade alone can be had once
          expect(bought.filter((plan) => plan === 'upgrade').length).toBeLessThanOrEqual(1);
          const plans = (await call('getPlans', {}, member.idToken)).body;
          for (const plan of bought) expect(plans[HELD[plan]], `${plan} of ${burst.join(',')}`).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  });
});
