/** The admin dashboard's counters (members, activations, API bindings, bots running, ranks) and the last ledger audit. */
import { nowIso } from '#core/clock';
import { latestLedgerAudit } from '#functions/ledger/service';
import { readCounter } from '#functions/members/service';
import { activatedMembers } from '#functions/team/service';
import { tradingCounters } from './trading';

export const getAdminSummary = async () => {
  const today = nowIso();
  const [members, registeredToday, registeredThisMonth, activated, trading, ledgerAudit] = await Promise.all([
    readCounter('members'),
    readCounter(`members#day#${today.slice(0, 10)}`),
    readCounter(`members#month#${today.slice(0, 7)}`),
    activatedMembers(),
    tradingCounters(),
    latestLedgerAudit(),
  ]);
  return { members, registeredToday, registeredThisMonth, activated, ...trading, ledgerAudit };
};
