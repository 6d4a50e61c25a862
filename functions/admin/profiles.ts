/**
 * Profile search and edit (spec "Search", /searchprofile). Every lookup is by key: username ->
 * USERNAME# item, e-mail -> GSI1 EMAIL#, sponsor id -> the sponsor's REFERRAL# rows, mobile ->
 * PHONE# items. An edit's balance change is ONE ledger transaction of kind 'adjustment' between
 * `platform:adjustments` and the member's wallet, carrying the admin as its author, written together
 * with the profile fields; the client's request id makes a repeated submit change it once.
 */
import { BOT_NAMES, type BotName } from '#api/bots';
import type { ProfileEditRequest, ProfileRow } from '#api/schemas/admin';
import { MAX_ADJUSTMENT_USDT, type ProfileSearchBy } from '#api/schemas/admin';
import { RANK_NAMES } from '#api/schemas/auth';
import { Email } from '#api/schemas/common';
import { nowIso } from '#core/clock';
import { config } from '#core/config';
import { badRequest, conflict, forbidden, notFound } from '#core/errors';
import { isConditionFailure } from '#core/db';
import { formatUsdt, MICRO_PER_USDT, parseUsdt, type Micro } from '#api/money';
import type { Caller } from '#core/middleware';
import {
  findMemberByEmail,
  getMember,
  getMembers,
  memberIdByUsername,
  memberIdsByPhone,
  phoneSearchOf,
  requireMember,
  type IdPage,
  type MemberItem,
} from '#functions/members/service';
import { notify } from '#functions/notifications/service';
import { getNode, getPlacement } from '#functions/team/service';
import { accounts } from '#functions/ledger/rules';
import { getBalance, getBalances, getTx, post } from '#functions/ledger/service';
import { adjustmentTx } from './adjustment';
import { audit } from './audit';
import { cognitoUserOf, updateCognitoAttributes } from './cognito';
import {
  adminCreditItem,
  profileEditItems,
  readAdminCredits,
  referredMemberIds,
  writeAll,
  type MemberCopies,
  type ProfileChanges,
} from './store';

const adminMessages = {
  noMember: 'No member has this id. Search again.',
  invalidEmail: 'Enter a valid e-mail address.',
  invalidMobile: 'Enter a mobile number: its digits, or + and the country code (e.g. +91 98765 43210).',
  nothingToChange: 'Change at least one field.',
  zeroBalance: 'The balance to add cannot be 0. Leave it empty to change nothing.',
  maxBalance: `The balance to add must be at most ${MAX_ADJUSTMENT_USDT.toLocaleString('en-US')} USDT either way.`,
  requestReused:
    'This request was already applied with a different balance change. Reopen the form and try again.',
  editConflict: 'The member changed while saving. Try again.',
  saved: 'Profile updated.',
  dailyCapReached: (cap: Micro, left: Micro) =>
    `Manual credits are limited to ${formatUsdt(cap)} USDT per admin per day; ${formatUsdt(left)} USDT is left today. Nothing was changed.`,
  debitTooLarge: (balance: Micro, debit: Micro) =>
    `The member's wallet holds ${formatUsdt(balance)} USDT, less than the debit of ${formatUsdt(debit)} USDT. Nothing was changed.`,
} as const;

const isBot = (id: unknown): id is BotName => typeof id === 'string' && id in BOT_NAMES;

const rowOf = (member: MemberItem, wallet: Micro): ProfileRow => ({
  id: member.id,
  email: member.email,
  name: member.name,
  username: member.username,
  sponsor: member.sponsor,
  mobile: member.phone,
  rank: member.rank,
  rankName: RANK_NAMES[member.rank - 1] ?? '',
  wallet,
  grantedBot: isBot(member.grantedBot) ? member.grantedBot : null,
  registeredAt: member.registeredAt,
});

const rowsOf = async (ids: string[]): Promise<ProfileRow[]> => {
  if (!ids.length) return [];
  const [members, balances] = await Promise.all([
    getMembers(ids),
    getBalances(
      ids.map((id) => accounts.member(id, 'wallet')),
      true,
    ),
  ]);
  return members.map((m) => rowOf(m, balances.get(accounts.member(m.id, 'wallet')) ?? 0));
};

const one = (id: string | null | undefined): IdPage => ({ ids: id ? [id] : [] });

const idsFor = async (
  by: ProfileSearchBy,
  keyword: string,
  limit: number,
  cursor?: string,
): Promise<IdPage> => {
  switch (by) {
    case 'username':
      return one(await memberIdByUsername(keyword.toLowerCase()));
    case 'email': {
      const email = Email.safeParse(keyword);
      if (!email.success) throw badRequest('INVALID_EMAIL', adminMessages.invalidEmail, 'keyword');
      return one((await findMemberByEmail(email.data))?.id);
    }
    case 'sponsor': {
      const sponsorId = await memberIdByUsername(keyword.toLowerCase());
      return sponsorId ? referredMemberIds(sponsorId, limit, cursor) : { ids: [] };
    }
    case 'mobile': {
      const search = phoneSearchOf(keyword);
      if (!search) throw badRequest('INVALID_MOBILE', adminMessages.invalidMobile, 'keyword');
      return memberIdsByPhone(search, limit, cursor);
    }
  }
};

export const searchProfiles = async (query: {
  by: ProfileSearchBy;
  keyword: string;
  limit: number;
  cursor?: string;
}) => {
  const page = await idsFor(query.by, query.keyword, query.limit, query.cursor);
  return { items: await rowsOf(page.ids), ...(page.cursor ? { cursor: page.cursor } : {}) };
};

/** "25", "+25", "-12.5" -> signed micro-USDT; null for no change (empty). */
const parseSignedUsdt = (text: string | undefined): Micro | null => {
  const t = (text ?? '').trim();
  if (!t) return null;
  const negative = t.startsWith('-');
  const micro = parseUsdt(t.replace(/^[+-]/, ''));
  if (micro === null) throw badRequest('VALIDATION', 'Enter the balance to add in USDT.', 'balanceToAdd');
  return negative ? -micro : micro;
};

const readCopies = async (memberId: string): Promise<MemberCopies> => {
  const [node, placement] = await Promise.all([getNode(memberId), getPlacement(memberId)]);
  return { node, placement };
};

const ATTEMPTS = 3;

export const editProfile = async (input: ProfileEditRequest, caller: Caller | null) => {
  // The middleware checked the admin group; a service that moves money checks it again.
  if (!caller?.isAdmin) throw forbidden();
  const amount = parseSignedUsdt(input.balanceToAdd);
  if (amount === 0) throw badRequest('ZERO_AMOUNT', adminMessages.zeroBalance, 'balanceToAdd');
  if (amount !== null && Math.abs(amount) > MAX_ADJUSTMENT_USDT * MICRO_PER_USDT)
    throw badRequest('AMOUNT_TOO_LARGE', adminMessages.maxBalance, 'balanceToAdd');
  const changes: ProfileChanges = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.rank !== undefined ? { rank: input.rank } : {}),
    ...(input.grantedBot !== undefined ? { grantedBot: input.grantedBot } : {}),
  };
  if (!Object.keys(changes).length && amount === null)
    throw badRequest('NOTHING_TO_CHANGE', adminMessages.nothingToChange);

  const memberId = input.memberId;
  // a balance change's author, by their member item's e-mail (a token's may be stale)
  const { email: authorEmail } = await requireMember(caller.memberId);
  const wallet = accounts.member(memberId, 'wallet');
  const adjustment = amount === null ? null : adjustmentTx(memberId, input.requestId, amount);
  const day = nowIso().slice(0, 10);
  const cap = config.admin.dailyCreditCap;
  // A credit counts against the admin's day; a replay of one already applied is not counted again.
  const capped = amount !== null && amount > 0 && adjustment && !(await getTx(adjustment.tx.idempotencyKey));
  if (capped) {
    const credited = await readAdminCredits(caller.memberId, day);
    if (credited + amount > cap)
      throw badRequest(
        'DAILY_CREDIT_CAP',
        adminMessages.dailyCapReached(cap, Math.max(0, cap - credited)),
        'balanceToAdd',
      );
  }
  let balance: 'applied' | 'replayed' | undefined;
  let before: MemberItem | null = null;
  let done = false;
  let ledgerDone = amount === null;
  for (let attempt = 0; attempt < ATTEMPTS && !done; attempt++) {
    before = await getMember(memberId);
    if (!before) throw notFound(adminMessages.noMember);
    const nameChanges = changes.name !== undefined && changes.name !== before.name;
    const copies = nameChanges ? await readCopies(memberId) : { node: null, placement: null };
    const items = profileEditItems(before, copies, changes);
    if (!ledgerDone && adjustment && amount !== null) {
      const result = await post({
        ...adjustment,
        memberId,
        ref: { adminId: caller.memberId, adminEmail: authorEmail },
        extra: capped ? [...items, adminCreditItem(caller.memberId, day, amount, cap)] : items,
      });
      if (result.status === 'insufficient')
        throw badRequest(
          'INSUFFICIENT_BALANCE',
          adminMessages.debitTooLarge(await getBalance(wallet), -amount),
          'balanceToAdd',
        );
      if (result.status === 'refused') {
        // a copy moved on meanwhile (read again), or a parallel credit took the day's room
        const credited = capped ? await readAdminCredits(caller.memberId, day) : 0;
        if (capped && credited + amount > cap)
          throw badRequest(
            'DAILY_CREDIT_CAP',
            adminMessages.dailyCapReached(cap, Math.max(0, cap - credited)),
            'balanceToAdd',
          );
        continue;
      }
      ledgerDone = true;
      if (result.status === 'applied') {
        balance = 'applied';
        done = true;
        continue;
      }
      // Replayed: this request's balance change is in the ledger already (the answer was lost, or a
      // double submit). It must be the same change; the profile fields are set again below.
      const tx = await getTx(adjustment.tx.idempotencyKey);
      if (tx?.memberId !== memberId || Number(tx?.amount) !== amount)
        throw conflict('REQUEST_REUSED', adminMessages.requestReused, 'balanceToAdd');
      balance = 'replayed';
    }
    if (!Object.keys(changes).length) {
      done = true;
      continue;
    }
    try {
      await writeAll(items);
      done = true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  if (!done || !before) throw conflict('EDIT_CONFLICT', adminMessages.editConflict);

  // Cognito's `name` follows the table's (a failure here leaves the table right; the same request
  // again sets both, and replays the balance change as nothing).
  if (changes.name !== undefined) {
    const user = await cognitoUserOf(memberId);
    if (user) await updateCognitoAttributes(user.username, { name: changes.name });
  }
  if (balance === 'applied' && amount !== null)
    await notify(
      memberId,
      amount > 0
        ? `Trendex support credited ${formatUsdt(amount)} USDT to your wallet.`
        : `Trendex support debited ${formatUsdt(-amount)} USDT from your wallet.`,
    );
  const [profile] = await rowsOf([memberId]);
  const changed = Object.entries(changes).map(([field, value]) => `${field}: ${String(value ?? 'none')}`);
  if (changed.length)
    await audit({
      action: 'profile-edit',
      adminId: caller.memberId,
      target: profile.email,
      memberEmail: profile.email,
      summary: `Changed ${changed.join(', ')}.`,
    });
  if (balance === 'applied' && amount !== null)
    await audit({
      action: 'balance-credit',
      adminId: caller.memberId,
      target: profile.email,
      memberEmail: profile.email,
      summary: `${amount > 0 ? 'Credited' : 'Debited'} ${formatUsdt(Math.abs(amount))} USDT ${amount > 0 ? 'to' : 'from'} the wallet.`,
    });
  return { message: adminMessages.saved, profile, ...(balance ? { balance } : {}) };
};
