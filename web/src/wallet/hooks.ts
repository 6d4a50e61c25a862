import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletName } from '#api/schemas/wallet';
import { callApi } from '../lib/api';

export const walletKey = ['wallet'] as const;
export const transactionsKey = ['wallet', 'transactions'] as const;
export const withdrawalsKey = ['wallet', 'withdrawals'] as const;
export const plansKey = ['plans'] as const;

export function useWallet() {
  return useQuery({ queryKey: walletKey, queryFn: () => callApi('getWallet', {}) });
}

export function usePlans(enabled = true) {
  return useQuery({ queryKey: plansKey, queryFn: () => callApi('getPlans', {}), enabled });
}

export function useTransactions(pageSize: number, cursor: string | undefined, wallet?: WalletName) {
  return useQuery({
    queryKey: [...transactionsKey, wallet ?? 'all', pageSize, cursor ?? ''],
    queryFn: () => callApi('listTransactions', { limit: pageSize, cursor, wallet }),
    placeholderData: (previous) => previous,
  });
}

/**
 * The member's withdrawals, newest first. While one is processing (its amount held, the payout
 * not finished) the page asks again every few seconds, so the hash or the refund shows up.
 */
export function useWithdrawals(pageSize: number, cursor: string | undefined) {
  return useQuery({
    queryKey: [...withdrawalsKey, pageSize, cursor ?? ''],
    queryFn: () => callApi('listWithdrawals', { limit: pageSize, cursor }),
    placeholderData: (previous) => previous,
    refetchInterval: (query) =>
      query.state.data?.items.some((w) => w.status === 'processing') ? 5_000 : false,
  });
}

/** After money moved: balances, the table, the plan and the profile are read again. */
export function useMoneyRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: walletKey }),
      client.invalidateQueries({ queryKey: plansKey }),
      client.invalidateQueries({ queryKey: ['profile'] }),
    ]);
}
