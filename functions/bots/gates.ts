/**
 * Who may deploy which bot, in the spec's order (section 5): the plan, the checkboxes, the bots
 * that conflict, then the exchange balance. Pure: the service hands in the member and what runs.
 *
 * Conflicts. The legacy app kept one flag per bot and some flags served two bots (is_bot5 was
 * Alpha and Zeno's undeploy). Read as the bots they stand for: is_bot5 = Alpha and Zeno, is_bot6 =
 * Candles, is_bot3 = Zeno (its deploy flag), is_classic = Trendex, is_candles3x, is_zeno3x. The
 * reason behind every rule is the exchange: futures bots on the same symbol would net into one
 * position in one-way mode, and Trendex's grid shares the spot balance with the DCA bots.
 */
import type { BotName } from '#api/bots';
import { membershipFor } from '#api/plans';

export type PlanTier = 'none' | 'silver' | 'gold';

export const DCA_FAMILY: readonly BotName[] = ['dca', 'universal', 'aibot', 'dcaking', 'dcaairobot'];

/** DESIGN.md "Bots by plan", from what each membership includes (api/plans.ts): silver is Executive, gold the Imperial Package. */
export const tierOf = (bot: BotName): 'silver' | 'gold' =>
  membershipFor(bot) === 'executive' ? 'silver' : 'gold';

/** Spec section 5, "in order ... no conflicting bot": the running bots that stop each bot. */
const CONFLICTS: Partial<Record<BotName, readonly BotName[]>> = {
  zeno: ['candles', 'classic'],
  candles: ['alfa', 'zeno', 'classic'],
  glint: ['alfa', 'zeno', 'classic'],
  zeno3x: ['candles', 'classic', 'alfa', 'zeno', 'candles3x'],
  candles3x: ['alfa', 'zeno', 'classic', 'candles', 'zeno3x'],
  nero: ['candles', 'classic', 'alfa', 'zeno', 'candles3x'],
  quant: ['candles', 'classic', 'alfa', 'zeno', 'candles3x'],
  // Alpha and Zeno shared is_bot5: one of them running stops the other.
  alfa: ['zeno'],
};

export const gateMessages = {
  premium: 'You dont have premium subscription.',
  noPlan: "You don't have premium subscription.",
  terms: 'Kindly accept terms and conditions.',
  conflict: 'Please deactivate candle and trendex bot.',
  closeDca: 'Kindly close dca bot first.',
  balance: "You don't have sufficient balance or your api key is not correctly binded.",
  alreadyRunning: 'This bot is already deployed.',
} as const;

export interface GateInput {
  bot: BotName;
  tier: PlanTier;
  /** A bot an admin granted beyond the plan (profile edit). */
  grantedBot: string | null | undefined;
  acceptTerms: boolean;
  /** The second checkbox (the high risk of futures) where the page has one. */
  acceptRisk: boolean;
  /** Bots of this member running now. */
  running: ReadonlySet<BotName>;
}

/** The running bots that stop `bot` from deploying (the table above). */
export const conflictsOf = (bot: BotName): readonly BotName[] => CONFLICTS[bot] ?? [];

export type GateRefusal = { code: string; message: string; field?: string };

export const unlocked = (bot: BotName, tier: PlanTier, grantedBot: string | null | undefined): boolean =>
  grantedBot === bot || tier === 'gold' || (tier === 'silver' && tierOf(bot) === 'silver');

/** The first gate a deploy fails, or null; the exchange balance is checked after these by the service. */
export const deployRefusal = (g: GateInput): GateRefusal | null => {
  if (!unlocked(g.bot, g.tier, g.grantedBot))
    return {
      code: 'PLAN_REQUIRED',
      message: tierOf(g.bot) === 'gold' ? gateMessages.premium : gateMessages.noPlan,
    };
  const isDca = DCA_FAMILY.includes(g.bot);
  // The DCA forms have no checkboxes; every bot page has the two (spec section 5).
  if (!isDca && !(g.acceptTerms && g.acceptRisk))
    return { code: 'TERMS_REQUIRED', message: gateMessages.terms, field: 'acceptTerms' };
  if (!isDca && g.running.has(g.bot))
    return { code: 'ALREADY_RUNNING', message: gateMessages.alreadyRunning };
  if (g.bot === 'classic' && DCA_FAMILY.some((b) => g.running.has(b)))
    return { code: 'BOT_CONFLICT', message: gateMessages.closeDca };
  if (isDca && g.running.has('classic')) return { code: 'BOT_CONFLICT', message: gateMessages.conflict };
  if (conflictsOf(g.bot).some((b) => g.running.has(b)))
    return { code: 'BOT_CONFLICT', message: gateMessages.conflict };
  return null;
};
