import * as z from 'zod';
import { Side } from './auth';
import { Email, page, PageQuery, Timestamp } from './common';

/** A member's team, read from the counts and points stored on their tree node. */
export const TeamSummary = z.object({
  /** false while the member's placement is still queued. */
  placed: z.boolean(),
  /** Direct referrals: Team 1 (Left) and Team 2 (Right). */
  directLeft: z.number().int(),
  directRight: z.number().int(),
  /** Everyone in each leg. */
  leftCount: z.number().int(),
  rightCount: z.number().int(),
  /** Activation points carried on each leg, in USDT. */
  leftPoints: z.string(),
  rightPoints: z.string(),
  /** Activation Team: members of each leg who have activated a membership (each counted once). */
  leftActive: z.number().int(),
  rightActive: z.number().int(),
  /** Activation Profit: the member's activation rewards (direct and binary bonus) today (UTC) and in all. */
  activationProfitToday: z.number().int().describe('micro-USDT'),
  activationProfitTotal: z.number().int().describe('micro-USDT'),
});
export type TeamSummary = z.infer<typeof TeamSummary>;

export const DirectReferralsQuery = PageQuery.extend({ side: Side });

const DirectReferral = z.object({ email: z.string(), name: z.string(), joinedAt: Timestamp });
export const DirectReferralPage = page(DirectReferral);

/** Where the admin tree is rooted: by e-mail (search), by member id (re-root), else the tree's root. */
export const TreeQuery = z.object({
  email: Email.optional(),
  memberId: z.string().max(64).optional(),
});

export const TreeNodeView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  parentId: z.string().nullable(),
  position: Side.nullable(),
  left: z.string().nullable(),
  right: z.string().nullable(),
  leftCount: z.number().int(),
  rightCount: z.number().int(),
  directLeft: z.number().int(),
  directRight: z.number().int(),
  leftPoints: z.string(),
  rightPoints: z.string(),
});
export type TreeNodeView = z.infer<typeof TreeNodeView>;

/** The shown root, its two children and four grandchildren (the ones that exist). */
export const TreeView = z.object({ rootId: z.string(), nodes: z.array(TreeNodeView) });
export type TreeView = z.infer<typeof TreeView>;

/** The Bonus/Rewards page's tabs: referral bonuses from activations, and (later) from trading profit. */
export const RewardTab = z.enum(['activation', 'trading']);

export const RewardsQuery = PageQuery.extend({ tab: RewardTab.default('activation') });

export const RewardRow = z.object({
  date: Timestamp,
  /** 'Direct Bonus', 'Binary Bonus' (activation tab). */
  type: z.string(),
  amount: z.number().int().describe('micro-USDT'),
});

/** One page of the member's rewards of a tab, newest first, with the tab's profit today (UTC) and in all. */
export const RewardsPage = page(RewardRow).extend({
  todayProfit: z.number().int().describe('micro-USDT'),
  cumulativeProfit: z.number().int().describe('micro-USDT'),
});
export type RewardsPage = z.infer<typeof RewardsPage>;
