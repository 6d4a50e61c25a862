/**
 * The plans on offer: name, price in whole USDT, the wallet that pays, and what each membership
 * includes. One source for the server (functions/core/config.ts charges these, functions/plans
 * refuses to sell what a membership includes, functions/bots/gates.ts unlocks its bots) and the
 * web app (/pricing, /profile, /trendex and the bot cards say the same).
 */
import { BOT_ID_LIST, type BotName } from './bots';

export const planOffers = {
  executive: { name: 'Executive', priceUsdt: 180, wallet: 'wallet', referralDailyLimitUsdt: 230 },
  imperial: { name: 'Imperial Package', priceUsdt: 250, wallet: 'wallet', referralDailyLimitUsdt: 320 },
  upgrade: { name: 'Upgrade to the Imperial Package', priceUsdt: 20, wallet: 'wallet' },
  core: { name: 'Trendex Core', priceUsdt: 100, wallet: 'wallet1' },
  premiumCore: { name: 'Premium Trendex Core', priceUsdt: 250, wallet: 'wallet1' },
} as const;

export type Membership = 'executive' | 'imperial';

/** Executive runs the DCA family (manual DCA and the four automatic presets) and Alpha (DESIGN.md "Bots by plan"). */
const EXECUTIVE_BOTS: readonly BotName[] = ['dca', 'universal', 'aibot', 'dcaking', 'dcaairobot', 'alfa'];

/**
 * What a membership includes while it runs (spec section 4, "Benefits"): its bots and the Core
 * plans whose profit pool it shares. A Core plan a membership includes is never sold to its holder.
 */
export const membershipIncludes: Record<
  Membership,
  { bots: readonly BotName[]; core: boolean; premiumCore: boolean }
> = {
  executive: { bots: EXECUTIVE_BOTS, core: true, premiumCore: false },
  imperial: { bots: BOT_ID_LIST, core: true, premiumCore: true },
};

/** A membership named in a sentence: "your Executive plan", "the Imperial Package". */
export const membershipTitle = (m: Membership): string =>
  m === 'executive' ? `${planOffers.executive.name} plan` : planOffers.imperial.name;

/** The cheapest membership that unlocks `bot`. */
export const membershipFor = (bot: BotName): Membership =>
  membershipIncludes.executive.bots.includes(bot) ? 'executive' : 'imperial';
