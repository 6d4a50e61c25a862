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

/** A membership purchase starts a new period; the upgrade and the Core plans keep the current one. */
export const startsPeriod = (plan: PlanOption): boolean => plan === 'executive' || plan === 'imperial';

export const flagsAfter = (f: PlanFlags, plan: PlanOption): PlanFlags => {
  switch (plan) {
    case 'executive':
      return { ...f, isActive: true, isSilver: true };
    case 'imperial':
    case 'upgrade':
      return { ...f, isActive: true, isGold: true };
    case 'core':
      return { ...f, isCore: true };
    case 'premiumCore':
      return { ...f, isPremiumCore: true };
  }
};

/** Whole days left until `expiresAt`, never negative; 0 means 'Plan Expired.'. */
export const daysRemaining = (expiresAt: string | null, at: Date): number => {
  if (!expiresAt) return 0;
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - at.getTime()) / 86_400_000));
};
