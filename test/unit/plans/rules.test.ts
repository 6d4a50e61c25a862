import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysRemaining,
  flagsAfter,
  PLAN_OPTIONS,
  reasons,
  refusal,
  type PlanFlags,
} from '#functions/plans/rules';

const none: PlanFlags = {
  isActive: false,
  isSilver: false,
  isGold: false,
  isCore: false,
  isPremiumCore: false,
};

describe('plan rules', () => {
  it('the disabled states of spec section 4', () => {
    expect(refusal(none, 'executive')).toBeNull();
    expect(refusal(none, 'upgrade')).toBe(reasons.needExecutive);
    expect(refusal(none, 'core')).toBe(reasons.needMembership);
    const silver = flagsAfter(none, 'executive');
    expect(refusal(silver, 'executive')).toBe(reasons.haveExecutive);
    expect(refusal(silver, 'upgrade')).toBeNull();
    expect(refusal(silver, 'premiumCore')).toBe(reasons.needImperial);
    const gold = flagsAfter(silver, 'upgrade');
    expect(refusal(gold, 'imperial')).toBe(reasons.haveImperial);
    expect(refusal(gold, 'premiumCore')).toBeNull();
  });

  it('a plan once bought is never offered again while active', () => {
    const flags = fc.record({
      isActive: fc.boolean(),
      isSilver: fc.boolean(),
      isGold: fc.boolean(),
      isCore: fc.boolean(),
      isPremiumCore: fc.boolean(),
    });
    fc.assert(
      fc.property(flags, fc.constantFrom(...PLAN_OPTIONS), (f, plan) => {
        if (refusal(f, plan) === null) expect(refusal(flagsAfter(f, plan), plan)).not.toBeNull();
      }),
    );
  });

  it('days remaining count down to 0 (Plan Expired.)', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(daysRemaining('2026-01-11T00:00:00Z', at)).toBe(10);
    expect(daysRemaining('2025-12-31T00:00:00Z', at)).toBe(0);
    expect(daysRemaining(null, at)).toBe(0);
  });
});
