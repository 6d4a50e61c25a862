import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/**
 * What a member's own data can show on a page, read again when the server pushes a notification:
 * every push (a deposit credited, an admin's credit, a payout, a plan bought or expired, a reward)
 * is written to the feed and changes money, plans or the team, so the bell, the balances and
 * transactions, the plan state, the profile and the team counts are invalidated at once. Only the
 * queries a page has open are read again; the others are marked stale for their next visit.
 */
const MEMBER_DATA = [
  queryKeys.notifications.bell(),
  queryKeys.notifications.list(),
  queryKeys.wallet.balances(),
  queryKeys.plans(),
  queryKeys.profile(),
  queryKeys.team.glance(),
];

export const refreshOnNotification = (client: QueryClient): Promise<unknown> =>
  Promise.all(MEMBER_DATA.map((queryKey) => client.invalidateQueries({ queryKey })));
