import { nowIso } from '#core/clock';
import { readCounter } from '#functions/members/service';
import { activatedMembers } from '#functions/team/service';

export const getAdminSummary = async () => {
  const today = nowIso();
  const [members, registeredToday, registeredThisMonth, activated] = await Promise.all([
    readCounter('members'),
    readCounter(`members#day#${today.slice(0, 10)}`),
    readCounter(`members#month#${today.slice(0, 7)}`),
    activatedMembers(),
  ]);
  return { members, registeredToday, registeredThisMonth, activated };
};
