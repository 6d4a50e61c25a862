/**
 * Which plan a member may buy, and what buying it changes: pure rules (spec section 4 and
 * DESIGN.md "Plans"). The store enforces the same preconditions as DynamoDB conditions, so two
 * clicks at once cannot buy a plan twice.
 */
import type { PlanOption } from '#api/schemas/plans';

export interface PlanFlags {
  isActive: boolean;
  isSilver: boolean;
  isGold: boolean;
  isCore: boolean;
  isPremiumCore: boolean;
}

export const PLAN_OPTIONS: readonly PlanOption[] = [
  'executive',
  'imperial',
  'upgrade',
  'core',
  'premiumCore',
];

export const reasons = {
  haveExecutive: 'You already have the Executive plan.',
  haveImperial: 'You already have the Imperial plan.',
  needExecutive: 'The upgrade is for Executive members; subscribe to Executive or Imperial.',
  haveCore: 'You already have Trendex Core.',
  havePremiumCore: 'You already have Premium Trendex Core.',
  needMembership: 'Trendex Core needs an active Executive or Imperial plan.',
  needImperial: 'Premium Trendex Core needs the Imperial plan.',
} as const;

/** null when the member may buy `plan`, else why the Subscribe button is disabled. */
export const refusal = (f: PlanFlags, plan: PlanOption): string | null => {
  switch (plan) {
    case 'executive':
      if (f.isGold) return reasons.haveImperial;
      return f.isSilver ? reasons.haveExecutive : null;
    case 'imperial':
      return f.isGold ? reasons.haveImperial : null;
    case 'upgrade':
      if (f.isGold) return reasons.haveImperial;
      return f.isSilver && f.isActive ? null : reasons.needExecutive;
    case 'core':
      if (f.isCore) return reasons.haveCore;
      return f.isActive ? null : reasons.needMembership;
    case 'premiumCore':
      if (f.isPremiumCore) return reasons.havePremiumCore;
      return f.isGold && f.isActive ? null : reasons.needImperial;
  }
};

/**
 * A plan's own period: a membership (Executive, Imperial) runs from its purchase, the upgrade keeps
 * the membership's, and each Core plan runs from its own purchase, so a Core bought late in a
 * membership year is not cut short when the membership ends.
 */
export type PlanPeriod = 'membership' | 'core' | 'premiumCore';

export const periodOf = (plan: PlanOption): PlanPeriod | null =>
  plan === 'executive' || plan === 'imperial' ? 'membership' : plan === 'upgrade' ? null : plan;

/** The flags each period's plans set, and clear when it ends. */
export const PERIOD_FLAGS: Record<PlanPeriod, readonly (keyof PlanFlags)[]> = {
  membership: ['isActive', 'isSilver', 'isGold'],
  core: ['isCore'],
  premiumCore: ['isPremiumCore'],
};

/** What a purchase sets, and nothing else: a concurrent purchase of another plan keeps its own flags. */
export const flagsSetBy = (plan: PlanOption): Partial<PlanFlags> => {
  switch (plan) {
    case 'executive':
      return { isActive: true, isSilver: true };
    case 'imperial':
    case 'upgrade':
      return { isActive: true, isGold: true };
    case 'core':
      return { isCore: true };
    case 'premiumCore':
      return { isPremiumCore: true };
  }
};

export const flagsAfter = (f: PlanFlags, plan: PlanOption): PlanFlags => ({ ...f, ...flagsSetBy(plan) });

/** Whole days left until `expiresAt`, never negative; 0 means 'Plan Expired.'. */
export const daysRemaining = (expiresAt: string | null, at: Date): number => {
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - at.getTime()) / 86_400_000));
};
