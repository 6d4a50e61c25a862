/**
 * Plan purchases from the wallet (Executive, Imperial, the upgrade) and from the Trendex Core
 * wallet (Core, Premium Core), and the daily expiry. A purchase is ONE ledger transaction that
 * also sets the member's plan flags under the rules' preconditions: paid and activated, or
 * neither.
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanOption, PlanState } from '#api/schemas/plans';
import { now, nowIso } from '#core/clock';
import { config } from '#core/config';
import { db, isConditionFailure, keys, tableName } from '#core/db';
import { badRequest, conflict, messages } from '#core/errors';
import { newId } from '#core/ids';
import { logger } from '#core/logger';
import { formatUsdt } from '#core/money';
import { getMember, type MemberItem } from '#functions/auth/store';
import { notify } from '#functions/notifications/service';
import { accounts, transfer } from '#functions/ledger/rules';
import { post } from '#functions/ledger/service';
import type { TransactItem } from '#core/db';
import { expiredFlags, flagsAfter, PLAN_OPTIONS, refusal, startsPeriod, type PlanFlags } from './rules';

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

const loadMember = async (memberId: string): Promise<PlanMember> => {
  const member = await getMember(memberId);
  if (!member) throw badRequest('NO_MEMBER', 'Your account is still being set up. Try again in a moment.');
  return member;
};

export const getPlans = async (memberId: string) => stateOf(await loadMember(memberId));

/** The DynamoDB condition that matches `refusal(...) === null` on the stored flags. */
const CONDITIONS: Record<PlanOption, string> = {
  executive: 'isSilver = :f AND isGold = :f',
  imperial: 'isGold = :f',
  upgrade: 'isSilver = :t AND isActive = :t AND isGold = :f',
  core: 'isActive = :t AND (attribute_not_exists(isCore) OR isCore = :f)',
  premiumCore:
    'isGold = :t AND isActive = :t AND (attribute_not_exists(isPremiumCore) OR isPremiumCore = :f)',
};

export const activatePlan = async (memberId: string, plan: PlanOption) => {
  const member = await loadMember(memberId);
  const reason = refusal(flagsOf(member), plan);
  if (reason) throw conflict('PLAN_UNAVAILABLE', reason, 'plan');
  const price = config.plans[plan];
  const next = flagsAfter(flagsOf(member), plan);
  const activatedAt = startsPeriod(plan) ? nowIso() : member.activatedAt;
  const expiresAt = startsPeriod(plan)
    ? new Date(now().getTime() + config.planPeriodDays * 86_400_000).toISOString()
    : member.expiresAt;

  const extra: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.member(memberId),
        UpdateExpression:
          'SET isActive = :a, isSilver = :s, isGold = :g, isCore = :c, isPremiumCore = :p, activatedAt = :at, expiresAt = :ex',
        ConditionExpression: `attribute_exists(PK) AND ${CONDITIONS[plan]}`,
        ExpressionAttributeValues: {
          ':a': next.isActive,
          ':s': next.isSilver,
          ':g': next.isGold,
          ':c': next.isCore,
          ':p': next.isPremiumCore,
          ':at': activatedAt,
          ':ex': expiresAt,
          ...(CONDITIONS[plan].includes(':t') ? { ':t': true } : {}),
          ...(CONDITIONS[plan].includes(':f') ? { ':f': false } : {}),
        },
      },
    },
  ];
  if (startsPeriod(plan) && expiresAt)
    extra.push({
      Put: { TableName: tableName(), Item: { ...keys.planExpiry(expiresAt, memberId), memberId, expiresAt } },
    });

  const result = await post({
    tx: {
      idempotencyKey: `plan:${memberId}:${plan}:${newId()}`,
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
      refusal(flagsOf(await loadMember(memberId)), plan) ?? messages.internal,
      'plan',
    );
  }
  logger.info('plan activated', { plan, memberId });
  await notify(
    memberId,
    `${price.name} activated: ${formatUsdt(price.price)} USDT paid from your ${price.wallet === 'wallet' ? 'wallet' : 'Trendex Core wallet'}.`,
  ).catch((error: unknown) => logger.warn('plan notification failed', { error: error as Error }));
  return { message: messages.planActivated, plan: stateOf({ ...member, ...next, activatedAt, expiresAt }) };
};

/** The daily expiry: every plan whose end date passed loses its flags, and the member is told. */
export const expirePlans = async (): Promise<number> => {
  const cutoff = nowIso();
  let expired = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK <= :cut',
        ExpressionAttributeValues: { ':pk': 'PLANEXPIRY', ':cut': `${cutoff}#~` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const memberId = String(item.memberId);
      const expiresAt = String(item.expiresAt);
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.member(memberId),
            UpdateExpression:
              'SET isActive = :f, isSilver = :f, isGold = :f, isCore = :f, isPremiumCore = :f',
            ConditionExpression: 'expiresAt = :ex AND isActive = :t',
            ExpressionAttributeValues: { ':f': expiredFlags.isActive, ':t': true, ':ex': expiresAt },
          }),
        );
        expired++;
        await notify(
          memberId,
          'Your plan has expired. Extend your plan on the Pricing page to keep your bots and Trendex Core.',
        ).catch(() => undefined);
      } catch (error) {
        // a newer purchase moved the end date (or it expired already): only the queue item goes
        if (!isConditionFailure(error)) throw error;
      }
      await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.planExpiry(expiresAt, memberId) }));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  if (expired) logger.info('plans expired', { expired });
  return expired;
};
