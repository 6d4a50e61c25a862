/**
 * Which plan a member may buy, and what buying it changes: pure rules (spec section 4 and
 * DESIGN.md "Plans"). The store enforces the same preconditions as DynamoDB conditions, and a
 * purchase of a period conditions on the end date it read, so purchases at once each add theirs.
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
  includedInImperial: 'Included in your Imperial plan.',
  haveImperial: 'You already have the Imperial plan.',
  needExecutive: 'The upgrade is for Executive members; subscribe to Executive or Imperial.',
  needMembership: 'Trendex Core needs an active Executive or Imperial plan.',
  needImperial: 'Premium Trendex Core needs the Imperial plan.',
} as const;

/**
 * null when the member may buy `plan`, else why its button is disabled. A plan held may be bought
 * again: that extends it (`renews`); only Executive under Imperial, a second upgrade, and a Core
 * plan without the membership it needs are refused.
 */
export const refusal = (f: PlanFlags, plan: PlanOption): string | null => {
  switch (plan) {
    case 'executive':
      return f.isGold ? reasons.includedInImperial : null;
    case 'imperial':
      return null;
    case 'upgrade':
      if (f.isGold) return reasons.haveImperial;
      return f.isSilver && f.isActive ? null : reasons.needExecutive;
    case 'core':
      return f.isActive ? null : reasons.needMembership;
    case 'premiumCore':
      return f.isGold && f.isActive ? null : reasons.needImperial;
  }
};

/** True when buying `plan` extends the plan held (its button reads "Extend Plan"). */
export const renews = (f: PlanFlags, plan: PlanOption): boolean => {
  switch (plan) {
    case 'executive':
      return f.isSilver && !f.isGold;
    case 'imperial':
      return f.isGold;
    case 'upgrade':
      return false;
    case 'core':
      return f.isCore;
    case 'premiumCore':
      return f.isPremiumCore;
  }
};

const DAY_MS = 86_400_000;

/**
 * When a period bought at `at` ends: a renewal adds `days` to the held plan's end (or to `at`
 * when that end has passed and the expiry has not run yet), so no day paid for is lost; a new plan
 * runs `days` from `at`.
 */
export const periodEnd = (heldEnd: string | null, renewal: boolean, at: Date, days: number): string => {
  const from = renewal && heldEnd ? Math.max(at.getTime(), new Date(heldEnd).getTime()) : at.getTime();
  return new Date(from + days * DAY_MS).toISOString();
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
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - at.getTime()) / DAY_MS));
};
