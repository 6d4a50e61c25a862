/**
 * Which plan a member may buy, and what buying it changes: pure rules (spec section 4 and
 * DESIGN.md "Plans"). The store enforces the same preconditions as DynamoDB conditions, and a
 * purchase of a period conditions on the end date it read, so purchases at once each add theirs.
 */
import { membershipIncludes, membershipTitle, planOffers, type Membership } from '#api/plans';
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

/** The membership running on these flags, if any. */
export const membershipOf = (f: PlanFlags): Membership | null =>
  !f.isActive ? null : f.isGold ? 'imperial' : f.isSilver ? 'executive' : null;

const includedIn = (membership: Membership) => `Included in your ${membershipTitle(membership)}.`;

export const reasons = {
  includedInImperial: includedIn('imperial'),
  includedInExecutive: includedIn('executive'),
  haveImperial: `You already have the ${planOffers.imperial.name}.`,
  needExecutive: `The upgrade is for Executive members; subscribe to Executive or the ${planOffers.imperial.name}.`,
} as const;

/**
 * The membership held that includes `plan` (a Core plan, or Executive under the Imperial Package):
 * the member already has it, so it is never offered to them for money.
 */
export const includedBy = (f: PlanFlags, plan: PlanOption): Membership | null => {
  const held = membershipOf(f);
  if (!held) return null;
  if (plan === 'executive') return held === 'imperial' ? held : null;
  if (plan === 'core' || plan === 'premiumCore') return membershipIncludes[held][plan] ? held : null;
  return null;
};

/**
 * null when the member may buy `plan`, else why its button is disabled. A plan held may be bought
 * again: that extends it (`renews`). Refused: what the membership held includes (Executive under
 * the Imperial Package, Trendex Core under either, Premium Trendex Core under Imperial) and a
 * second upgrade. A Core plan is sold on its own to a member whose membership does not include it.
 */
export const refusal = (f: PlanFlags, plan: PlanOption): string | null => {
  const included = includedBy(f, plan);
  if (included) return includedIn(included);
  if (plan !== 'upgrade') return null;
  if (f.isGold) return reasons.haveImperial;
  return f.isSilver && f.isActive ? null : reasons.needExecutive;
};

/**
 * Whether the member shares the `pool` of Core income at `at`: a Core plan of their own still
 * running, or a running membership that includes it.
 */
export const holdsCore = (
  m: PlanFlags & {
    expiresAt?: string | null;
    coreExpiresAt?: string | null;
    premiumCoreExpiresAt?: string | null;
  },
  pool: 'core' | 'premiumCore',
  at: string,
): boolean => {
  const running = (end: string | null | undefined) => !end || end > at;
  const own =
    pool === 'core'
      ? m.isCore && running(m.coreExpiresAt)
      : m.isPremiumCore && running(m.premiumCoreExpiresAt);
  const held = membershipOf(m);
  return own || (!!held && membershipIncludes[held][pool] && running(m.expiresAt));
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
