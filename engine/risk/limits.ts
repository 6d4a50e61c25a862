/**
 * Default kill-switch level: a bot halts 25 % below its high-water mark (see docs/strategies.md,
 * "Risk limits", for why 25 %). A member may choose another level per bot.
 */
export const DEFAULT_MAX_DRAWDOWN_PCT = 25;
