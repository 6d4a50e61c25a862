/**
 * Trading profit (Core income): the bots' 20 % profit charge fills the Core pool
 * (`platform:corepool`); an admin shares it out, Trendex Income equally among the Core holders and
 * Premium Trendex Income equally among the Premium Core holders.
 *
 * Exactly once, and resumable:
 *  1. one ledger transaction moves the whole distribution from the pool to the distribution's own
 *     account (`platform:coredist:<id>`) and writes the distribution item (holders and shares fixed
 *     then), under the idempotency key of the form's requestId: a double submit makes one;
 *  2. a share item per holder (pending), written once;
 *  3. each pending share is paid by one ledger transaction (idempotency key per distribution, type
 *     and member) that also marks the share paid and writes the member's Rewards "Trading" row.
 * A run stopped anywhere is finished by the same request again (the Pending tab's Resume): steps
 * already done are found done, and the money of unpaid shares waits in the distribution's account.
 */
import { formatUsdt, formatUsdtCents, parseUsdt } from '#api/money';
import type { DistributeProfitRequest } from '#api/schemas/admin';
import { config } from '#core/config';
import { nowIso } from '#core/clock';
import { badRequest, conflict } from '#core/errors';
import { logger } from '#core/logger';
import { accounts, transfer, type Posting } from '#functions/ledger/rules';
import { getBalance, getTx, listTransactionsOfKind, post } from '#functions/ledger/service';
import { getMember, getMembers, type MemberItem } from '#functions/members/service';
import { notify } from '#functions/notifications/service';
import { coreCandidates, holdsCore } from '#functions/plans/service';
import { listRewardsByDate, rewardItems } from '#functions/team/service';
import type { Caller } from '#core/middleware';
import { audit } from './audit';
import {
  allDistributions,
  allPendingShares,
  distributionItem,
  distributionShares,
  getDistribution,
  markDistributionDone,
  pageDistributions,
  pagePendingShares,
  putShareOnce,
  sharePaidItem,
  type DistributionItem,
  type ShareItem,
  type ShareType,
} from './trading/store';

export const profitMessages = {
  distributed: (n: number) => `Trading profit distributed to ${n} holder${n === 1 ? '' : 's'}.`,
  nothing: 'Enter the Trendex Income, the Premium Trendex Income, or both.',
  noCoreHolders: 'No member holds Trendex Core now: leave Trendex Income empty.',
  noPremiumHolders: 'No member holds Premium Trendex Core now: leave Premium Trendex Income empty.',
  poolShort: (pool: number, asked: number) =>
    `The Core pool holds ${formatUsdt(pool)} USDT; ${formatUsdt(asked)} USDT cannot be distributed.`,
  tooSmall: 'The amount is less than one micro-USDT per holder.',
} as const;

export const INCOME_TYPE: Record<ShareType, 'Trendex Core Income' | 'Premium Trendex Core Income'> = {
  core: 'Trendex Core Income',
  premium: 'Premium Trendex Core Income',
};

const reserveAccount = (id: string) => `platform:coredist:${id}`;
const reserveKey = (id: string) => `core-dist:${id}`;
const shareKey = (s: Pick<ShareItem, 'distributionId' | 'type' | 'memberId'>) =>
  `core-income:${s.distributionId}:${s.type}:${s.memberId}`;

type CoreMember = MemberItem & {
  isCore?: boolean;
  isPremiumCore?: boolean;
  coreExpiresAt?: string;
  premiumCoreExpiresAt?: string;
};

/**
 * Who shares the Core and Premium Core pools now (rules.holdsCore: a Core plan of their own, or a
 * membership that includes it): the buyers among the plan transactions of the last plan period and
 * the members with a period queued to end later (one extended years ahead bought long ago).
 */
export const coreHolders = async (): Promise<Record<ShareType, { memberId: string; email: string }[]>> => {
  const at = nowIso();
  const since = new Date(Date.now() - (config.planPeriodDays + 1) * 86_400_000).toISOString();
  const buyers = (await listTransactionsOfKind('plan', since, at))
    .map((tx) => tx.memberId)
    .filter((id): id is string => !!id);
  const members = (await getMembers([...new Set([...buyers, ...(await coreCandidates())])])) as CoreMember[];
  const holds = (m: CoreMember, type: ShareType) =>
    holdsCore(
      { ...m, isCore: !!m.isCore, isPremiumCore: !!m.isPremiumCore },
      type === 'core' ? 'core' : 'premiumCore',
      at,
    );
  const list = (type: ShareType) =>
    members
      .filter((m) => holds(m, type))
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((m) => ({ memberId: m.id, email: m.email }));
  return { core: list('core'), premium: list('premium') };
};

const amountOf = (text: string): number => (text ? (parseUsdt(text) ?? 0) : 0);

/** Step 1: the distribution and its money, once per request id (steps 2 and 3: runDistribution). */
export const createDistribution = async (id: string, input: DistributeProfitRequest, caller: Caller) => {
  const income = { core: amountOf(input.coreIncome), premium: amountOf(input.premiumIncome) };
  if (income.core + income.premium === 0)
    throw badRequest('NOTHING_TO_DISTRIBUTE', profitMessages.nothing, 'coreIncome');
  const holders = await coreHolders();
  if (income.core && !holders.core.length)
    throw badRequest('NO_HOLDERS', profitMessages.noCoreHolders, 'coreIncome');
  if (income.premium && !holders.premium.length)
    throw badRequest('NO_HOLDERS', profitMessages.noPremiumHolders, 'premiumIncome');
  // Equal shares in whole micro-USDT; what does not divide evenly stays in the pool.
  const share = {
    core: holders.core.length ? Math.floor(income.core / holders.core.length) : 0,
    premium: holders.premium.length ? Math.floor(income.premium / holders.premium.length) : 0,
  };
  if ((income.core && !share.core) || (income.premium && !share.premium))
    throw badRequest('TOO_SMALL', profitMessages.tooSmall, 'coreIncome');
  const total = share.core * holders.core.length + share.premium * holders.premium.length;
  const admin = await getMember(caller.memberId);
  const distribution: DistributionItem = {
    id,
    createdAt: nowIso(),
    adminId: caller.memberId,
    adminEmail: admin?.email ?? '',
    share,
    holders: {
      core: share.core ? holders.core : [],
      premium: share.premium ? holders.premium : [],
    },
    status: 'running',
  };
  const result = await post({
    tx: {
      idempotencyKey: reserveKey(id),
      kind: 'core-income',
      postings: transfer(accounts.corePool, reserveAccount(id), total),
    },
    ref: { distributionId: id, adminEmail: distribution.adminEmail },
    extra: [distributionItem(distribution)],
  });
  if (result.status === 'insufficient') {
    const pool = await getBalance(accounts.corePool);
    throw badRequest('POOL_SHORT', profitMessages.poolShort(pool, total), 'coreIncome');
  }
  if (result.status === 'applied')
    await audit({
      action: 'profit-distribution',
      adminId: caller.memberId,
      target: id,
      summary: `Distributed ${formatUsdt(total)} USDT: ${formatUsdt(share.core)} to each of ${distribution.holders.core.length} Core and ${formatUsdt(share.premium)} to each of ${distribution.holders.premium.length} Premium Core holders.`,
    });
  return (await getDistribution(id))!;
};

/** Step 3 for one share: true when this call paid it. */
const payShare = async (share: ShareItem): Promise<boolean> => {
  const date = nowIso();
  const type = INCOME_TYPE[share.type];
  const postings: Posting[] = transfer(
    reserveAccount(share.distributionId),
    accounts.member(share.memberId, 'wallet1'),
    share.amount,
  );
  const result = await post({
    tx: { idempotencyKey: shareKey(share), kind: 'core-income', postings },
    memberId: share.memberId,
    display: { type, amount: share.amount, wallet: 'wallet1' },
    ref: { distributionId: share.distributionId, email: share.email },
    extra: [
      sharePaidItem(share, date),
      ...rewardItems({
        memberId: share.memberId,
        tab: 'trading',
        id: `core:${share.distributionId}:${share.type}`,
        date,
        type,
        amount: share.amount,
        ownerEmail: share.email,
      }),
    ],
  });
  if (result.status === 'insufficient')
    // cannot happen while the distribution's account holds every unpaid share; say so loudly
    logger.error('core distribution account short', { share: { ...share } });
  if (result.status !== 'applied') return false;
  await notify(
    share.memberId,
    `${type}: ${formatUsdtCents(share.amount)} USDT credited to your Trendex Core wallet.`,
  ).catch(() => undefined);
  return true;
};

/** Steps 2 and 3: every share written, every pending share paid; the distribution marked done. */
export const runDistribution = async (d: DistributionItem): Promise<number> => {
  const date = d.createdAt;
  const types: ShareType[] = ['core', 'premium'];
  for (const type of types)
    for (const h of d.holders[type])
      await putShareOnce({
        distributionId: d.id,
        memberId: h.memberId,
        email: h.email,
        type,
        amount: d.share[type],
        date,
        status: 'pending',
      });
  let paid = 0;
  for (const share of await distributionShares(d.id))
    if (share.status === 'pending' && (await payShare(share))) paid++;
  if ((await distributionShares(d.id)).every((s) => s.status === 'success')) await markDistributionDone(d.id);
  return paid;
};

export const distributeProfit = async (input: DistributeProfitRequest, caller: Caller) => {
  const id = input.requestId;
  const existing = await getDistribution(id);
  if (!existing && (await getTx(reserveKey(id))))
    throw conflict('DISTRIBUTION_CONFLICT', 'This distribution is being written. Try again in a moment.');
  const d = existing ?? (await createDistribution(id, input, caller));
  const paid = await runDistribution(d);
  const holders = { core: d.holders.core.length, premium: d.holders.premium.length };
  return {
    message: profitMessages.distributed(holders.core + holders.premium),
    distributionId: d.id,
    paid,
    holders,
    share: d.share,
  };
};

/** The Pending tab (unpaid shares) and the Success tab (paid: the Trading reward rows by date). */
export const profitShares = async (q: { tab: 'pending' | 'success'; limit: number; cursor?: string }) => {
  if (q.tab === 'pending') {
    const page = await pagePendingShares(q.limit, q.cursor);
    const items = page.items.map((s) => ({
      id: `${s.distributionId}-${s.type}-${s.memberId}`,
      distributionId: s.distributionId,
      email: s.email,
      type: INCOME_TYPE[s.type],
      profit: s.amount,
      profitTaken: 0,
      date: s.date,
      status: 'pending' as const,
    }));
    if (q.cursor) return { items, cursor: page.cursor };
    const [pending, pool, holders] = await Promise.all([
      allPendingShares(),
      getBalance(accounts.corePool),
      coreHolders(),
    ]);
    return {
      items,
      cursor: page.cursor,
      pool,
      total: pending.reduce((sum, s) => sum + s.amount, 0),
      holders: { core: holders.core.length, premium: holders.premium.length },
    };
  }
  const to = nowIso().slice(0, 10);
  const page = await listRewardsByDate('trading', '2000-01-01', to, {
    limit: q.limit,
    cursor: q.cursor,
    newestFirst: true,
  });
  const items = page.items.map((r) => ({
    id: r.id,
    distributionId: r.id.split(':')[1] ?? '',
    email: r.ownerEmail,
    type: r.type as (typeof INCOME_TYPE)[ShareType],
    profit: r.amount,
    profitTaken: r.amount,
    date: r.date,
    status: 'success' as const,
  }));
  if (q.cursor) return { items, cursor: page.cursor };
  const [pool, distributions, pending] = await Promise.all([
    getBalance(accounts.corePool),
    allDistributions(),
    allPendingShares(),
  ]);
  const shared = distributions.reduce(
    (sum, d) => sum + d.share.core * d.holders.core.length + d.share.premium * d.holders.premium.length,
    0,
  );
  return { items, cursor: page.cursor, pool, total: shared - pending.reduce((sum, s) => sum + s.amount, 0) };
};

/** The History tab: each distribution's amount per type, newest first. */
export const profitHistory = async (q: { limit: number; cursor?: string }) => {
  const page = await pageDistributions(q.limit, q.cursor);
  return {
    items: page.items.flatMap((d) =>
      (['core', 'premium'] as const)
        .filter((t) => d.holders[t].length)
        .map((t) => ({
          distributionId: d.id,
          date: d.createdAt,
          amount: d.share[t] * d.holders[t].length,
          type: INCOME_TYPE[t],
          status: d.status,
        })),
    ),
    cursor: page.cursor,
  };
};
