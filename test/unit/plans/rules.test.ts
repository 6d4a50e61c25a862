import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysRemaining,
  flagsAfter,
  holdsCore,
  periodEnd,
  PLAN_OPTIONS,
  reasons,
  refusal,
  renews,
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
  it('the disabled states of spec section 4; a plan held is extended', () => {
    expect(refusal(none, 'executive')).toBeNull();
    expect(renews(none, 'executive')).toBe(false);
    expect(refusal(none, 'upgrade')).toBe(reasons.needExecutive);
    const silver = flagsAfter(none, 'executive');
    expect([refusal(silver, 'executive'), renews(silver, 'executive')]).toEqual([null, true]);
    expect([refusal(silver, 'imperial'), renews(silver, 'imperial')]).toEqual([null, false]);
    expect(refusal(silver, 'upgrade')).toBeNull();
    const gold = flagsAfter(silver, 'upgrade');
    expect(refusal(gold, 'executive')).toBe(reasons.includedInImperial);
    expect([refusal(gold, 'imperial'), renews(gold, 'imperial')]).toEqual([null, true]);
    expect(refusal(gold, 'upgrade')).toBe(reasons.haveImperial);
  });

  it('never sells a Core plan the membership held includes; sells it to whoever has it not', () => {
    const silver = flagsAfter(none, 'executive');
    const gold = flagsAfter(none, 'imperial');
    expect(refusal(gold, 'premiumCore')).toBe('Included in your Imperial Package.');
    expect(refusal(gold, 'core')).toBe('Included in your Imperial Package.');
    expect(refusal(silver, 'core')).toBe('Included in your Executive plan.');
    expect(refusal(silver, 'premiumCore')).toBeNull();
    expect(refusal(none, 'core')).toBeNull();
    const core = flagsAfter(none, 'core');
    expect([refusal(core, 'core'), renews(core, 'core')]).toEqual([null, true]);
    // a membership that has run out includes nothing: the Core plan is for sale again
    expect(refusal({ ...gold, isActive: false }, 'premiumCore')).toBeNull();
  });

  it('a member shares a Core pool through a Core plan of their own or a running membership that includes it', () => {
    const at = '2026-06-01T00:00:00.000Z';
    const later = '2027-01-01T00:00:00.000Z';
    const past = '2026-01-01T00:00:00.000Z';
    const gold = { ...flagsAfter(none, 'imperial'), expiresAt: later };
    const silver = { ...flagsAfter(none, 'executive'), expiresAt: later };
    expect([holdsCore(gold, 'core', at), holdsCore(gold, 'premiumCore', at)]).toEqual([true, true]);
    expect([holdsCore(silver, 'core', at), holdsCore(silver, 'premiumCore', at)]).toEqual([true, false]);
    expect(holdsCore({ ...gold, expiresAt: past }, 'premiumCore', at)).toBe(false);
    expect(holdsCore({ ...none, isPremiumCore: true, premiumCoreExpiresAt: later }, 'premiumCore', at)).toBe(
      true,
    );
    expect(holdsCore({ ...none, isCore: true, coreExpiresAt: past }, 'core', at)).toBe(false);
  });

  it('a renewal adds one period to the end held, or to now once that end has passed', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(periodEnd(null, false, at, 365)).toBe('2027-01-01T00:00:00.000Z');
    expect(periodEnd('2026-03-01T00:00:00.000Z', true, at, 365)).toBe('2027-03-01T00:00:00.000Z');
    expect(periodEnd('2025-12-01T00:00:00.000Z', true, at, 365)).toBe('2027-01-01T00:00:00.000Z');
    // a new plan (Imperial over Executive) runs from its purchase
    expect(periodEnd('2026-03-01T00:00:00.000Z', false, at, 365)).toBe('2027-01-01T00:00:00.000Z');
  });

  it('a plan once bought is then extended or refused, never bought afresh while active', () => {
    const flags = fc.record({
      isActive: fc.boolean(),
      isSilver: fc.boolean(),
      isGold: fc.boolean(),
      isCore: fc.boolean(),
      isPremiumCore: fc.boolean(),
    });
    fc.assert(
      fc.property(flags, fc.constantFrom(...PLAN_OPTIONS), (f, plan) => {
        if (refusal(f, plan) !== null) return;
        const after = flagsAfter(f, plan);
        expect(renews(after, plan) || refusal(after, plan) !== null).toBe(true);
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
