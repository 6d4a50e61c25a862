import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WalletName } from '#api/schemas/wallet';
import { callApi } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';

export function useWallet(enabled = true) {
  return useQuery({
    queryKey: queryKeys.wallet.balances(),
    queryFn: () => callApi('getWallet', {}),
    enabled,
  });
}

export function usePlans(enabled = true) {
  return useQuery({ queryKey: queryKeys.plans(), queryFn: () => callApi('getPlans', {}), enabled });
}

export function useTransactions(pageSize: number, cursor: string | undefined, wallet?: WalletName) {
  return useQuery({
    queryKey: queryKeys.wallet.transactions(wallet, pageSize, cursor),
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
    queryKey: queryKeys.wallet.withdrawals(pageSize, cursor),
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
      client.invalidateQueries({ queryKey: queryKeys.wallet.balances() }),
      client.invalidateQueries({ queryKey: queryKeys.plans() }),
      client.invalidateQueries({ queryKey: queryKeys.profile() }),
    ]);
}
