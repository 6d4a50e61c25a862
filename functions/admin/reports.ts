/**
 * The admin's member and referral reports. Each reads one date-sorted list for a range of whole
 * UTC days (members by registration, the ledger's plan transactions, referral rewards), one page at
 * a time, and the range's totals on the first page only, so paging through a report or exporting it
 * reads the totals once.
 */
import type { z } from 'zod';
import type {
  ActivationReportQuery,
  LeadersReportQuery,
  MembershipPlan,
  PayoutStructureQuery,
  RegistrationReportQuery,
} from '#api/schemas/admin-reports';
import { decodeCursor, encodeCursor } from '#core/db';
import { badRequest, notFound } from '#core/errors';
import { nowIso } from '#core/clock';
import { pendingSignUps, signUpTimes } from '#functions/auth/service';
import { findMemberByEmail, getMembers, type MemberItem } from '#functions/members/service';
import { allMembershipTxs, countRegistrations, pageMembershipTxs, pageRegistrations } from './reports/store';
import { legActivations, listRewardsByDate, type RewardRow } from '#functions/team/service';

const adminReportMessages = {
  noMember: 'No member has this e-mail.',
} as const;

/** Members by id; missing ones are left out. */
const membersById = async (ids: string[]): Promise<Map<string, MemberItem>> =>
  new Map((await getMembers(ids)).map((m) => [m.id, m]));

/** The columns every member report shares: id, e-mail, name, username, sponsor id, mobile, rank. */
const memberColumns = (m: Partial<MemberItem> & { id: string }) => ({
  id: m.id,
  email: m.email ?? '',
  name: m.name ?? '',
  username: m.username ?? '',
  sponsor: m.sponsor ?? '',
  mobile: m.phone ?? '',
  rank: Number(m.rank ?? 1),
});

/* ---------- Registration Report ---------- */

/**
 * Members by verification (when the member was made), with when each signed up; the first page
 * also lists the range's sign-ups whose e-mail is not verified, pending or expired.
 */
export const registrationReport = async (q: z.infer<typeof RegistrationReportQuery>) => {
  const page = await pageRegistrations(q, q.limit, q.cursor);
  const members = page.items as unknown as MemberItem[];
  const signedUp = await signUpTimes(members.map((m) => m.email));
  const items = members.map((m) => ({
    ...memberColumns(m),
    registeredAt: m.registeredAt,
    signedUpAt: signedUp.get(m.email) ?? null,
  }));
  if (q.cursor) return { items, cursor: page.cursor };
  const at = nowIso();
  const [count, unverified] = await Promise.all([
    countRegistrations(q),
    pendingSignUps(`${q.from}T00:00:00.000Z`, `${q.to}T23:59:59.999Z~`),
  ]);
  const pending = unverified.map((p) => ({
    email: p.email,
    name: p.name,
    username: p.username,
    sponsor: p.sponsor ?? '',
    mobile: p.phone,
    signedUpAt: p.signedUpAt,
    status: p.expiresAt > at ? ('pending' as const) : ('expired' as const),
  }));
  return { items, cursor: page.cursor, totals: { count }, pending };
};

/* ---------- Activation Report ---------- */

/** The membership plans and what they make the member: Executive silver, Imperial (or the upgrade) gold. */
const MEMBERSHIP: Record<MembershipPlan, 'silver' | 'gold'> = {
  executive: 'silver',
  imperial: 'gold',
  upgrade: 'gold',
};

const planOf = (tx: Record<string, unknown>): MembershipPlan => (tx.ref as { plan: MembershipPlan }).plan;
const paidOf = (tx: Record<string, unknown>): number => Math.abs(Number(tx.amount ?? 0));

export const activationReport = async (q: z.infer<typeof ActivationReportQuery>) => {
  const range = { ...q, email: q.email || undefined };
  const page = await pageMembershipTxs(range, q.limit, q.cursor);
  const members = await membersById(page.items.map((tx) => String(tx.memberId)));
  const items = page.items.map((tx) => {
    const id = String(tx.memberId);
    const plan = planOf(tx);
    return {
      ...memberColumns(members.get(id) ?? { id, email: String((tx.ref as { email?: string }).email ?? '') }),
      activatedAt: String(tx.date),
      plan,
      membership: MEMBERSHIP[plan],
      amount: paidOf(tx),
    };
  });
  if (q.cursor) return { items, cursor: page.cursor };
  const all = await allMembershipTxs(range);
  const totals = { count: all.length, gold: 0, silver: 0, goldAmount: 0, silverAmount: 0 };
  for (const tx of all) {
    const kind = MEMBERSHIP[planOf(tx)];
    totals[kind] += 1;
    totals[kind === 'gold' ? 'goldAmount' : 'silverAmount'] += paidOf(tx);
  }
  return { items, cursor: page.cursor, totals };
};

/* ---------- Referral payout structure ---------- */

/** Every referral bonus paid in the range: the reward rows the team domain writes with each payment. */
export const payoutStructureReport = async (q: z.infer<typeof PayoutStructureQuery>) => {
  const row = (r: RewardRow) => ({
    id: r.id,
    date: r.date,
    type: r.type,
    owner: r.ownerEmail,
    side: r.side ?? ('Both' as const),
    email: r.email ?? '',
    amount: r.amount,
  });
  const page = await listRewardsByDate('activation', q.from, q.to, { limit: q.limit, cursor: q.cursor });
  const items = page.items.map(row);
  if (q.cursor) return { items, cursor: page.cursor };
  const totals = { count: 0, amount: 0 };
  let cursor: string | undefined;
  do {
    const all = await listRewardsByDate('activation', q.from, q.to, { limit: 1000, cursor });
    totals.count += all.items.length;
    totals.amount += all.items.reduce((sum, r) => sum + r.amount, 0);
    cursor = all.cursor;
  } while (cursor);
  return { items, cursor: page.cursor, totals };
};

/* ---------- Leaders activation report ---------- */

/** The leaders report pages its days in memory (a member's range is one small query): the cursor is an offset. */
const offsetOf = (cursor: string | undefined): number => {
  const offset = Number(decodeCursor(cursor)?.offset ?? 0);
  if (!Number.isInteger(offset) || offset < 0)
    throw badRequest('INVALID_CURSOR', 'The page cursor is not valid. Reload the list.', 'cursor');
  return offset;
};

export const leadersReport = async (q: z.infer<typeof LeadersReportQuery>) => {
  const member = await findMemberByEmail(q.email);
  if (!member) throw notFound(adminReportMessages.noMember);
  const legs = await legActivations(member.id, q.from, q.to);
  const offset = offsetOf(q.cursor);
  const items = legs.days.slice(offset, offset + q.limit);
  const cursor = offset + q.limit < legs.days.length ? encodeCursor({ offset: offset + q.limit }) : undefined;
  if (q.cursor) return { items, cursor };
  return {
    items,
    cursor,
    totals: {
      count: legs.days.length,
      left: legs.left,
      right: legs.right,
      member: { id: member.id, email: member.email, name: member.name, username: member.username },
    },
  };
};
