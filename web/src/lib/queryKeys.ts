import type { RequestOf } from '#api/routes';
import type { WalletName } from '#api/schemas/wallet';

/**
 * Every TanStack Query key of the app, so that a query and the invalidation meant for it are
 * written from the same factory and cannot drift apart. A key is a path and an invalidation
 * reaches every key below it: `wallet.balances()` is also the prefix of the transactions,
 * withdrawals and invoice keys, so invalidating it after money moved reads all of them again.
 * A search or report key ends in the submitted form (with its submit counter), so each Submit
 * asks again.
 */
export const queryKeys = {
  ticker: () => ['ticker'] as const,
  profile: () => ['profile'] as const,
  plans: () => ['plans'] as const,
  totpEnabled: (memberSub: string | undefined) => ['totpEnabled', memberSub] as const,
  exchanges: () => ['exchanges'] as const,
  notifications: {
    bell: () => ['notifications', 'bell'] as const,
    list: () => ['notifications', 'list'] as const,
    preferences: () => ['notifications', 'preferences'] as const,
  },
  wallet: {
    balances: () => ['wallet'] as const,
    transactions: (wallet: WalletName | undefined, pageSize: number, cursor: string | undefined) =>
      ['wallet', 'transactions', wallet ?? 'all', pageSize, cursor ?? ''] as const,
    withdrawals: (pageSize: number, cursor: string | undefined) =>
      ['wallet', 'withdrawals', pageSize, cursor ?? ''] as const,
    invoice: (paymentId: string | undefined) => ['wallet', 'invoice', paymentId] as const,
    openInvoices: () => ['wallet', 'invoices'] as const,
  },
  team: {
    glance: () => ['team'] as const,
    referrals: (side: RequestOf<'listDirectReferrals'>['side'] | null, cursor: string | undefined) =>
      ['team', 'referrals', side, cursor] as const,
    rewards: (tab: RequestOf<'listRewards'>['tab']) => ['team', 'rewards', tab] as const,
  },
  admin: {
    summary: () => ['admin', 'summary'] as const,
    moneyTotals: () => ['admin', 'wallet', 'totals'] as const,
    tree: (where: RequestOf<'getTree'>) => ['admin', 'tree', where] as const,
    profileSearch: (search: object | null) => ['admin', 'searchprofile', search] as const,
    report: (reportId: string, run: object | null) => ['admin', 'report', reportId, run] as const,
  },
};
