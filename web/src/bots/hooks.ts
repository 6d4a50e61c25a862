/**
 * The bots' reads and the refresh after a bot action. The keys live here, beside the only code
 * that reads them, all under ['bots'] so one invalidation reads every bot view again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BotName } from '#api/bots';
import type { DcaSymbol } from '#api/schemas/bots';
import { callApi } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';

export const botKeys = {
  all: () => ['bots'] as const,
  marketplace: () => ['bots', 'marketplace'] as const,
  dca: () => ['bots', 'dca'] as const,
  positions: () => ['bots', 'positions'] as const,
  closed: (bot: BotName | undefined, cursor: string | undefined) =>
    ['bots', 'closed', bot ?? 'all', cursor ?? ''] as const,
  profit: () => ['bots', 'profit'] as const,
};

/** Spec section 9: positions and the DCA list are polled every 3 s. */
export const POLL_MS = 3000;

export function useBots() {
  return useQuery({ queryKey: botKeys.marketplace(), queryFn: () => callApi('getBots', {}) });
}

export function useDcaPositions() {
  return useQuery({
    queryKey: botKeys.dca(),
    queryFn: () => callApi('listDcaPositions', {}),
    refetchInterval: POLL_MS,
  });
}

export function usePositions() {
  return useQuery({
    queryKey: botKeys.positions(),
    queryFn: () => callApi('getPositions', {}),
    refetchInterval: POLL_MS,
  });
}

export function useClosedOrders(cursor: string | undefined, bot?: BotName, limit = 20) {
  return useQuery({
    queryKey: botKeys.closed(bot, cursor),
    queryFn: () => callApi('getClosedOrders', { limit, cursor, bot }),
    placeholderData: (previous) => previous,
  });
}

export function useProfitStatement(enabled = true) {
  return useQuery({ queryKey: botKeys.profit(), queryFn: () => callApi('getProfitStatement', {}), enabled });
}

/** After a deploy, an undeploy or a DCA action: every bot view, and the balances a fuel top-up moved. */
export function useBotsRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: botKeys.all() }),
      client.invalidateQueries({ queryKey: queryKeys.wallet.balances() }),
    ]);
}

/**
 * A fill is pushed as a 'bots' message, which reads every bot view again (MarketTicker's socket);
 * a bot that stopped by itself is told as a notification, which invalidates the bell
 * (lib/pushes.ts), so the bot views follow the bell too: read again at once, not at the next poll.
 */
export function useBotsFollowPushes() {
  const client = useQueryClient();
  useEffect(() => {
    const bell = JSON.stringify(queryKeys.notifications.bell());
    return client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'invalidate' &&
        JSON.stringify(event.query.queryKey) === bell
      )
        void client.invalidateQueries({ queryKey: botKeys.all() });
    });
  }, [client]);
}

/** The least amount and the member's free balance, read when a deploy form opens (the manual DCA's for its symbol). */
export function useDeployLimits(bot: BotName, symbol?: DcaSymbol) {
  return useQuery({
    queryKey: [...botKeys.all(), 'limits', bot, symbol ?? ''],
    queryFn: () => callApi('getDeployLimits', { bot, symbol }),
  });
}
