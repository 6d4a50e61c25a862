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
import { deletePlanExpiry, duePlanExpiries, planExpiryItem } from './store';
import {
  flagsSetBy,
  PERIOD_FLAGS,
  periodOf,
  PLAN_OPTIONS,
  refusal,
  type PlanFlags,
  type PlanPeriod,
} from './rules';

type PlanMember = MemberItem & { isCore?: boolean; isPremiumCore?: boolean };

const flagsOf = (m: PlanMember): PlanFlags => ({
  isActive: m.isActive,
  isSilver: m.isSilver,
  isGold: m.isGold,
  isCore: m.isCore ?? false,
  isPremiumCore: m.isPremiumCore ?? false,
});

const stateOf = (m: PlanMember): PlanState => {
  const flags = flagsOf(m);
  return {
    ...flags,
    activatedAt: m.activatedAt,
    expiresAt: m.expiresAt,
    periodDays: config.planPeriodDays,
    offers: PLAN_OPTIONS.map((plan) => {
      const reason = refusal(flags, plan);
      const p = config.plans[plan];
      return {
        plan,
        name: p.name,
        price: p.price,
        wallet: p.wallet,
        enabled: !reason,
        ...(reason ? { reason } : {}),
      };
    }),
  };
};

export const getPlans = async (memberId: string) => stateOf(await requireMember(memberId));

/** The DynamoDB condition that matches `refusal(...) === null` on the stored flags. */
const CONDITIONS: Record<PlanOption, string> = {
  executive: 'isSilver = :f AND isGold = :f',
  imperial: 'isGold = :f',
  upgrade: 'isSilver = :t AND isActive = :t AND isGold = :f',
  core: 'isActive = :t AND (attribute_not_exists(isCore) OR isCore = :f)',
  premiumCore:
    'isGold = :t AND isActive = :t AND (attribute_not_exists(isPremiumCore) OR isPremiumCore = :f)',
};

/** Where each period's end is kept on the member item. */
const EXPIRES_ATTRIBUTE: Record<PlanPeriod, string> = {
  membership: 'expiresAt',
  core: 'coreExpiresAt',
  premiumCore: 'premiumCoreExpiresAt',
};

/** The ledger transaction of one purchase request: the same request id twice is one charge. */
const purchaseKey = (memberId: string, plan: PlanOption, requestId: string) =>
  `plan:${memberId}:${plan}:${requestId}`;

/** A purchase; `requestId` is the API's idempotency key (without one, e.g. the demo seed, a fresh id). */
export const activatePlan = async (memberId: string, plan: PlanOption, requestId: string = newId()) => {
  const member = await requireMember(memberId);
  const reason = refusal(flagsOf(member), plan);
  if (reason) throw conflict('PLAN_UNAVAILABLE', reason, 'plan');
  const price = config.plans[plan];
  const period = periodOf(plan);
  const ends = new Date(now().getTime() + config.planPeriodDays * 86_400_000).toISOString();
  // Exactly what this purchase buys: its flags, and its own period's dates.
  const set: Record<string, boolean | string> = { ...flagsSetBy(plan) };
  if (period) set[EXPIRES_ATTRIBUTE[period]] = ends;
  if (period === 'membership') set.activatedAt = nowIso();
  const extra: TransactItem[] = [
    planChangeItem(memberId, set, CONDITIONS[plan]),
    ...(period ? [planExpiryItem({ memberId, expiresAt: ends, period })] : []),
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
  if (result.status !== 'applied') {
    // a parallel purchase got there first; say what the member now has
    throw conflict(
      'PLAN_UNAVAILABLE',
      refusal(flagsOf(await requireMember(memberId)), plan) ?? messages.internal,
      'plan',
    );
  }
  logger.info('plan activated', { plan, memberId });
  moneyMetric('PlanPurchases', price.price, { plan });
  await notify(
    memberId,
    `${price.name} activated: ${formatUsdt(price.price)} USDT paid from your ${price.wallet === 'wallet' ? 'wallet' : 'Trendex Core wallet'}.`,
  ).catch((error: unknown) => logger.warn('plan notification failed', { error: error as Error }));
  return { message: messages.planActivated, plan: stateOf({ ...member, ...set }) };
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
