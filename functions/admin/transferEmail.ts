/**
 * Transfer email (/transferemail): the member's account moves to a new address, in Cognito (the
 * login) and in the table (the member item and its GSI1 EMAIL# key, the username item, the tree
 * node, the placement, the sponsor's referral row).
 *
 * Order, so that a retry repairs a half-done transfer: Cognito first (found by the member's sub,
 * not by e-mail, and setting the same address twice is harmless), then the table in one
 * transaction conditioned on the member item still holding the old address. If the table write
 * fails after Cognito changed, the member item still has the old address, so the admin submits the
 * same transfer again: the checks pass (the new address in Cognito belongs to this same member) and
 * the table catches up. Until then the member logs in with the new address and sees the old one on
 * the profile; nothing is lost.
 */
import type { Caller } from '#core/middleware';
import { badRequest, conflict, forbidden, messages, notFound } from '#core/errors';
import { isConditionFailure } from '#core/db';
import { logger } from '#core/logger';
import { findMemberByEmail, getMember } from '#functions/members/service';
import { notify } from '#functions/notifications/service';
import { getNode, getPlacement } from '#functions/team/service';
import { cognitoUserOf, cognitoUsersWithEmail, updateCognitoAttributes } from './cognito';
import { emailTransferItems, writeAll } from './store';
import { audit } from './audit';

const transferMessages = {
  same: 'The new e-mail is the same as the current one.',
  unknown: (email: string) => `No member has the e-mail ${email}.`,
  taken: (email: string) => `${email} is already used by another account. Choose another e-mail.`,
  noLogin: 'This member has no login account to move. Contact engineering.',
  conflict: 'The member changed while transferring. Try again.',
} as const;

const errorName = (error: unknown): string => (error as { name?: string } | null)?.name ?? '';

export const transferEmail = async (
  input: { currentEmail: string; newEmail: string },
  caller: Caller | null,
) => {
  if (!caller?.isAdmin) throw forbidden();
  const { currentEmail, newEmail } = input;
  if (currentEmail === newEmail) throw badRequest('SAME_EMAIL', transferMessages.same, 'newEmail');

  const found = await findMemberByEmail(currentEmail);
  if (!found) throw notFound(transferMessages.unknown(currentEmail));
  if (await findMemberByEmail(newEmail))
    throw conflict('EMAIL_TAKEN', transferMessages.taken(newEmail), 'newEmail');

  const user = await cognitoUserOf(found.id);
  if (!user) throw conflict('NO_LOGIN', transferMessages.noLogin);
  // Cognito too: a sign-up not yet verified holds its address there before it is a member.
  const others = (await cognitoUsersWithEmail(newEmail)).filter((u) => u.sub !== found.id);
  if (others.length) throw conflict('EMAIL_TAKEN', transferMessages.taken(newEmail), 'newEmail');

  if (user.email !== newEmail) {
    try {
      await updateCognitoAttributes(user.username, { email: newEmail, email_verified: 'true' });
    } catch (error) {
      if (errorName(error) === 'AliasExistsException')
        throw conflict('EMAIL_TAKEN', transferMessages.taken(newEmail), 'newEmail');
      throw error;
    }
  }

  for (let attempt = 0; attempt < 3; attempt++) {
    const member = await getMember(found.id);
    if (!member) throw notFound(transferMessages.unknown(currentEmail));
    if (member.email === newEmail) break;
    const [node, placement] = await Promise.all([getNode(member.id), getPlacement(member.id)]);
    try {
      await writeAll(emailTransferItems(member, { node, placement }, newEmail));
      logger.info('email transferred', { memberId: member.id, adminId: caller.memberId });
      await notify(member.id, `Your Trendex login e-mail is now ${newEmail}.`);
      await audit({
        action: 'email-transfer',
        adminId: caller.memberId,
        target: newEmail,
        memberEmail: currentEmail,
        summary: `Login e-mail moved from ${currentEmail} to ${newEmail}.`,
      });
      return { message: messages.transferSuccessful, memberId: member.id };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  const member = await getMember(found.id);
  if (member?.email === newEmail) return { message: messages.transferSuccessful, memberId: found.id };
  throw conflict('TRANSFER_CONFLICT', transferMessages.conflict);
};
