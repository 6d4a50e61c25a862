/**
 * Support's figures the web app's frame reads on every page (the navbar), apart from the support
 * schemas so that the first load carries no zod.
 */

/** The member menu's Support link shows from this rank (spec; functions/core/config.ts ranks.supportFrom). */
export const SUPPORT_FROM_RANK = 3;
