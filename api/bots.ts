/**
 * The bots' ids and display names, without their code: what the contract and the web app need to
 * name a bot (the admin's "bot" grant in the profile edit, the member's profile). The one list of
 * bots and their names: engine/strategies/registry.ts takes its BOT_IDS and names from here and
 * gives each bot its strategy. Plain data, no zod: the web app's frame names bots (the plan a member
 * holds) and would otherwise load zod on every first visit; the schema is BotIdSchema in
 * schemas/common.ts.
 */

export const BOT_NAMES = {
  dca: 'Manual DCA',
  universal: 'Universal Bot',
  aibot: 'AI Bot',
  dcaking: 'DCA King',
  dcaairobot: 'DCA AI Robot',
  classic: 'Trendex (classic)',
  alfa: 'Alpha Intelligence',
  zeno: 'Zeno',
  zeno3x: 'Zeno 3X',
  candles: 'Candles',
  candles3x: 'Candles 3X',
  glint: 'Glint ETH',
  nero: 'Nero',
  quant: 'Quant',
} as const;

export type BotName = keyof typeof BOT_NAMES;
export const BOT_ID_LIST = Object.keys(BOT_NAMES) as [BotName, ...BotName[]];
