/**
 * Members, as every domain uses them: the member item by id, e-mail, username or mobile number,
 * the caller's own item (the source of their e-mail in every record), the registration counters,
 * and the writes other domains make to a member (plans, admin edits) as transaction items.
 */
import { badRequest } from '#core/errors';
import { getMember, type MemberItem } from './store';

export {
  createMember,
  expireMemberPlan,
  findMemberByEmail,
  getMember,
  getMembers,
  idPageOf,
  memberIdByUsername,
  memberIdsByPhone,
  pageMembersByRegistration,
  planChangeItem,
  readCounter,
  setBotEmails,
  type IdPage,
  type MemberItem,
} from './store';
export { phoneSearchOf, type PhoneSearch } from './phone';

/** The caller's member item; a confirmed account whose item is not written yet is told to wait. */
export const requireMember = async (memberId: string): Promise<MemberItem> => {
  const member = await getMember(memberId);
  if (!member) throw badRequest('NO_MEMBER', 'Your account is still being set up. Try again in a moment.');
  return member;
};
