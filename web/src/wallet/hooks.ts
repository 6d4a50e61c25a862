import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletName } from '#api/schemas/wallet';
import { callApi } from '../lib/api';

export const walletKey = ['wallet'] as const;
export const transactionsKey = ['wallet', 'transactions'] as const;
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
