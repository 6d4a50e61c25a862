/**
 * Plan purchases from the wallet (Executive, Imperial, the upgrade) and from the Trendex Core
 * wallet (Core, Premium Core), and the daily expiry. A purchase is ONE ledger transaction that
 * also sets the member's plan flags under the rules' preconditions: paid and activated, or
 * neither.
 */
import type { PlanOption, PlanState } from '#api/schemas/plans';
import { now, nowIso } from '#core/clock';
import { config } from '#core/config';
import { badRequest, conflict, DomainError, messages } from '#core/errors';
import { newId } from '#core/ids';
import { logger } from '#core/logger';
import { moneyMetric } from '#core/metrics';
import { formatUsdt } from '#api/money';
import { expireMemberPlan, planChangeItem, requireMember, type MemberItem } from '#functions/members/service';
import { notify } from '#functions/notifications/service';
import { accounts, transfer } from '#functions/ledger/rules';
import { getTx, post } from '#functions/ledger/service';
import type { TransactItem } from '#core/db';
import { deletePlanExpiry, duePlanExpiries, membersWithEndAfter, planExpiryItem } from './store';
import {
  flagsSetBy,
  holdsCore,
  includedBy,
  PERIOD_FLAGS,
  periodEnd,
  periodOf,
  PLAN_OPTIONS,
  refusal,
  renews,
  type PlanFlags,
  type PlanPeriod,
} from './rules';

type PlanMember = MemberItem & {
  isCore?: boolean;
  isPremiumCore?: boolean;
  coreExpiresAt?: string;
  premiumCoreExpiresAt?: string;
};

const flagsOf = (m: PlanMember): PlanFlags => ({
  isActive: m.isActive,
  isSilver: m.isSilver,
  isGold: m.isGold,
  isCore: m.isCore ?? false,
  isPremiumCore: m.isPremiumCore ?? false,
});

/** Where each period's end is kept on the member item. */
const EXPIRES_ATTRIBUTE = {
  membership: 'expiresAt',
  core: 'coreExpiresAt',
  premiumCore: 'premiumCoreExpiresAt',
} as const satisfies Record<PlanPeriod, string>;

const heldEnd = (m: PlanMember, period: PlanPeriod): string | null => m[EXPIRES_ATTRIBUTE[period]] ?? null;

/** When `plan` bought now would end: one period on from now, or from the held plan's end. */
const endIfBought = (m: PlanMember, plan: PlanOption, at: Date): string | null => {
  const period = periodOf(plan);
  if (!period) return m.expiresAt; // the upgrade keeps the membership's period
  return periodEnd(heldEnd(m, period), renews(flagsOf(m), plan), at, config.planPeriodDays);
};

const stateOf = (m: PlanMember): PlanState => {
  const flags = flagsOf(m);
  const at = now();
  return {
    ...flags,
    activatedAt: m.activatedAt,
    expiresAt: m.expiresAt,
    coreExpiresAt: m.coreExpiresAt ?? null,
    premiumCoreExpiresAt: m.premiumCoreExpiresAt ?? null,
    periodDays: config.planPeriodDays,
    offers: PLAN_OPTIONS.map((plan) => {
      const reason = refusal(flags, plan);
      const included = includedBy(flags, plan);
      const p = config.plans[plan];
      return {
        plan,
        name: p.name,
        price: p.price,
        wallet: p.wallet,
        enabled: !reason,
        renews: renews(flags, plan),
        endsAt: endIfBought(m, plan, at),
        ...(reason ? { reason } : {}),
        ...(included ? { includedIn: config.plans[included].name } : {}),
      };
    }),
  };
};

export const getPlans = async (memberId: string) => stateOf(await requireMember(memberId));

/** The DynamoDB condition that matches `refusal(...) === null` on the stored flags (Imperial: none). */
const CONDITIONS: Record<PlanOption, string> = {
  executive: 'isGold = :f',
  imperial: '',
  upgrade: 'isSilver = :t AND isActive = :t AND isGold = :f',
  // a Core plan is not sold to a member whose running membership includes it
  core: 'NOT (isActive = :t AND (isSilver = :t OR isGold = :t))',
  premiumCore: 'NOT (isActive = :t AND isGold = :t)',
};

/** The ledger transaction of one purchase request: the same request id twice is one charge. */
const purchaseKey = (memberId: string, plan: PlanOption, requestId: string) =>
  `plan:${memberId}:${plan}:${requestId}`;

/**
 * How often a purchase reads the member again when a concurrent purchase changed the plan first:
 * each round one of the purchases racing on a plan gets through, so a burst of this many succeeds.
 */
const MAX_ROUNDS = 30;

/**
 * What one purchase writes to the member, as read in `m`: its flags and its period's end, under
 * the rules' preconditions and the end date as read. A concurrent purchase of the same period
 * (a renewal, a first purchase, Imperial over Executive) moves that end, so this one is refused
 * and read again instead of both writing the same end: two renewals add two periods.
 */
const changeOf = (m: PlanMember, plan: PlanOption, at: Date) => {
  const period = periodOf(plan);
  const set: Record<string, boolean | string> = { ...flagsSetBy(plan) };
  let condition = CONDITIONS[plan];
  const values: Record<string, string> = {};
  const ends = endIfBought(m, plan, at);
  if (period && ends) {
    const attribute = EXPIRES_ATTRIBUTE[period];
    set[attribute] = ends;
    const read = heldEnd(m, period);
    // never bought: no end yet (a new member's membership end is stored as null)
    if (read) values[':end'] = read;
    else values[':none'] = 'NULL';
    const endCondition = read
      ? `${attribute} = :end`
      : `(attribute_not_exists(${attribute}) OR attribute_type(${attribute}, :none))`;
    condition = condition ? `${condition} AND ${endCondition}` : endCondition;
    // the membership's start: its first purchase (again after it lapsed), not a renewal
    if (period === 'membership' && !renews(flagsOf(m), plan)) set.activatedAt = at.toISOString();
  }
  return { set, condition, values, period, ends };
};

/**
 * A purchase; `requestId` is the API's idempotency key (without one, e.g. the demo seed, a fresh
 * id). Buying a plan held extends it by one period from its current end.
 */
export const activatePlan = async (memberId: string, plan: PlanOption, requestId: string = newId()) => {
  const price = config.plans[plan];
  for (let round = 1; ; round++) {
    const member: PlanMember = await requireMember(memberId);
    const reason = refusal(flagsOf(member), plan);
    if (reason) throw conflict('PLAN_UNAVAILABLE', reason, 'plan');
    const renewal = renews(flagsOf(member), plan);
    const { set, condition, values, period, ends } = changeOf(member, plan, now());
    const extra: TransactItem[] = [
      planChangeItem(memberId, set, condition, values),
      ...(period && ends ? [planExpiryItem({ memberId, expiresAt: ends, period })] : []),
    ];
    const result = await post({
      tx: {
        idempotencyKey: purchaseKey(memberId, plan, requestId),
        kind: 'plan',
        postings: transfer(accounts.member(memberId, price.wallet), accounts.revenue, price.price),
      },
      memberId,
      display: { type: price.name, amount: -price.price, wallet: price.wallet },
      ref: { plan, email: member.email },
      extra,
    });
    if (result.status === 'insufficient') throw badRequest('NO_BALANCE', messages.noWalletBalance);
    // this request was charged before (a retry running beside the first): the same success
    if (result.status === 'replayed')
      return { message: messages.planActivated, plan: await getPlans(memberId) };
    if (result.status === 'applied') {
      logger.info(renewal ? 'plan renewed' : 'plan activated', { plan, memberId });
      moneyMetric('PlanPurchases', price.price, { plan });
      const paid = `${formatUsdt(price.price)} USDT paid from your ${price.wallet === 'wallet' ? 'wallet' : 'Trendex Core wallet'}.`;
      await notify(
        memberId,
        renewal && ends
          ? `${price.name} extended to ${ends.slice(0, 10)}: ${paid}`
          : `${price.name} activated: ${paid}`,
      ).catch((error: unknown) => logger.warn('plan notification failed', { error: error as Error }));
      return { message: messages.planActivated, plan: stateOf({ ...member, ...set }) };
    }
    // refused: a concurrent purchase changed the plan (its flags or its end) since it was read
    if (round >= MAX_ROUNDS) throw conflict('PLAN_BUSY', 'Too many purchases at once. Try again.', 'plan');
  }
};

/**
 * A purchase by the API's request id. The same id again (a retry after an error or a lost answer,
 * a double click) charges once and answers the same success, with what the member holds now.
 */
export const purchasePlan = async (memberId: string, plan: PlanOption, requestId: string) => {
  const key = purchaseKey(memberId, plan, requestId);
  const done = async () => ({ message: messages.planActivated, plan: await getPlans(memberId) });
  if (await getTx(key)) return done();
  try {
    return await activatePlan(memberId, plan, requestId);
  } catch (error) {
    // a copy of this request running at the same time was charged first: the same success
    if (error instanceof DomainError && error.code === 'PLAN_UNAVAILABLE' && (await getTx(key)))
      return done();
    throw error;
  }
};

/** The daily expiry: every plan whose end date passed loses its flags, and the member is told. */
export const expirePlans = async (): Promise<number> => {
  const cutoff = nowIso();
  let expired = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await duePlanExpiries(cutoff, start);
    for (const due of page.items) {
      // false: a newer purchase moved the end date (or it expired already): only the queue item goes
      const ended = { expiresAttribute: EXPIRES_ATTRIBUTE[due.period], flags: PERIOD_FLAGS[due.period] };
      if (await expireMemberPlan(due.memberId, ended, due.expiresAt)) {
        expired++;
        await notify(
          due.memberId,
          'Your plan has expired. Extend your plan on the Pricing page to keep your bots and Trendex Core.',
        ).catch(() => undefined);
      }
      await deletePlanExpiry(due);
    }
    start = page.next;
  } while (start);
  if (expired) logger.info('plans expired', { expired });
  return expired;
};

/** Whether a member shares a Core pool now (rules.ts): for the admin's distribution. */
export { holdsCore };

/**
 * The members who may share a Core pool now: a Core plan or a membership (which includes Trendex
 * Core, and Premium Trendex Core for Imperial) whose period ends later, however long ago they
 * bought or extended it; the caller checks each one's flags and ends on the member (holdsCore).
 */
export const coreCandidates = async (): Promise<string[]> => {
  const at = nowIso();
  const lists = await Promise.all(
    (['core', 'premiumCore', 'membership'] as const).map((period) => membersWithEndAfter(period, at)),
  );
  return [...new Set(lists.flat())];
};
