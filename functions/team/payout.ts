/**
 * The daily binary payout rule, pure (DESIGN.md, Referral network): matched = min(left, right) of
 * the carried points; bonus = rate x matched, capped at the member's daily limit (0 without a
 * plan); the matched points are consumed from both legs even where the cap cut the bonus, and the
 * stronger leg carries its remainder. All amounts are integer micro-USDT.
 */
import type { Micro } from '#api/money';

interface PayoutInput {
  leftPoints: Micro;
  rightPoints: Micro;
  /** The member's referral daily limit: 0 without a plan. */
  dailyLimit: Micro;
  rate: number;
}

interface PayoutResult {
  matched: Micro;
  bonus: Micro;
  leftPoints: Micro;
  rightPoints: Micro;
}

export const binaryPayout = ({ leftPoints, rightPoints, dailyLimit, rate }: PayoutInput): PayoutResult => {
  const matched = Math.max(0, Math.min(leftPoints, rightPoints));
  // exact in BigInt: a big leg's points times the rate can pass 2^53 in plain numbers
  const raw = Number((BigInt(matched) * BigInt(Math.round(rate * 1e6))) / 1_000_000n);
  const bonus = Math.min(raw, Math.max(0, dailyLimit));
  return { matched, bonus, leftPoints: leftPoints - matched, rightPoints: rightPoints - matched };
};
