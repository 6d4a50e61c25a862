/** The admin dashboard's counters: members, activations, API bindings, bots running, ranks. */
import { nowIso } from '#core/clock';
import { readCounter } from '#functions/members/service';
import { activatedMembers } from '#functions/team/service';
import { tradingCounters } from './trading';

export const getAdminSummary = async () => {
  const today = nowIso();
  const [members, registeredToday, registeredThisMonth, activated, trading] = await Promise.all([
    readCounter('members'),
    readCounter(`members#day#${today.slice(0, 10)}`),
    readCounter(`members#month#${today.slice(0, 7)}`),
    activatedMembers(),
    tradingCounters(),
  ]);
  return { members, registeredToday, registeredThisMonth, activated, ...trading };
};
