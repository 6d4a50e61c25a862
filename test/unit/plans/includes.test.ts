/**
 * One source for what a plan includes (api/plans.ts): the deploy gate unlocks exactly the bots the
 * pricing card lists for a plan, and the plan rules refuse to sell exactly the Core plans it lists.
 */
import { describe, expect, it } from 'vitest';
import { BOT_ID_LIST, BOT_NAMES } from '#api/bots';
import { membershipIncludes } from '#api/plans';
import { unlocked } from '#functions/bots/gates';
import { flagsAfter, refusal, type PlanFlags } from '#functions/plans/rules';
import { planById } from '../../../web/src/lib/plans';

const none: PlanFlags = {
  isActive: false,
  isSilver: false,
  isGold: false,
  isCore: false,
  isPremiumCore: false,
};

describe('what a plan includes', () => {
  it('the gate unlocks the bots the pricing card names, and only those', () => {
    const card = planById('executive').benefits[0];
    for (const bot of BOT_ID_LIST) {
      const executive = unlocked(bot, 'silver', null);
      expect(executive, bot).toBe(membershipIncludes.executive.bots.includes(bot));
      expect(card.includes(BOT_NAMES[bot]), `${bot} on the Executive card`).toBe(executive);
      expect(unlocked(bot, 'gold', null), bot).toBe(true);
    }
    expect(card).toMatch(new RegExp(`^${membershipIncludes.executive.bots.length} trading bots: `));
  });

  it('a Core plan on the card is not for sale to the holder; one not on the card is', () => {
    for (const id of ['executive', 'imperial'] as const) {
      const flags = flagsAfter(none, id);
      for (const core of ['core', 'premiumCore'] as const) {
        const onCard = planById(id).benefits.includes(
          core === 'core' ? 'Trendex Core' : 'Premium Trendex Core',
        );
        expect(onCard, `${id} ${core}`).toBe(membershipIncludes[id][core]);
        expect(refusal(flags, core) !== null, `${id} ${core}`).toBe(onCard);
      }
    }
  });
});
