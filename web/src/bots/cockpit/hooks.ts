/**
 * The cockpit's reads and actions. Keys live under ['bots'], so a fill's push and every bot action
 * (useBotsRefresh) read them again.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Deployment } from '#api/schemas/bots';
import { callApi } from '../../lib/api';
import { POLL_MS, useBotsRefresh } from '../hooks';

export const cockpitKeys = {
  running: () => ['bots', 'running'] as const,
  cockpit: (id: string) => ['bots', 'cockpit', id] as const,
  journal: (id: string, cursor: string | undefined) => ['bots', 'journal', id, cursor ?? ''] as const,
  versus: (id: string) => ['bots', 'versus', id] as const,
};

/** The state changes with each candle and each fill: read as often as the positions are. */
export function useRunningBots(enabled = true) {
  return useQuery({
    queryKey: cockpitKeys.running(),
    queryFn: () => callApi('getRunningBots', {}),
    refetchInterval: POLL_MS,
    enabled,
  });
}

export function useBotCockpit(id: string) {
  return useQuery({
    queryKey: cockpitKeys.cockpit(id),
    queryFn: () => callApi('getBotCockpit', { id }),
    refetchInterval: POLL_MS,
  });
}

export function useBotJournal(id: string, cursor: string | undefined, limit = 10) {
  return useQuery({
    queryKey: cockpitKeys.journal(id, cursor),
    queryFn: () => callApi('getBotJournal', { id, limit, cursor }),
    placeholderData: (previous) => previous,
  });
}

export function useBotVersus(id: string) {
  return useQuery({ queryKey: cockpitKeys.versus(id), queryFn: () => callApi('getBotVersusModel', { id }) });
}

export type BotAction =
  { op: 'pause'; id: string } | { op: 'resume'; id: string } | { op: 'kill'; id: string; resume: boolean };

const send = (action: BotAction) => {
  switch (action.op) {
    case 'pause':
      return callApi('pauseBot', { id: action.id });
    case 'resume':
      return callApi('resumeBot', { id: action.id });
    case 'kill':
      return callApi('acknowledgeKill', { id: action.id, resume: action.resume });
  }
};

/** Pause, resume, or read a kill-switch stop; every bot view is read again after. */
export function useBotAction() {
  const refresh = useBotsRefresh();
  return useMutation({ mutationFn: send, onSettled: () => refresh() });
}

/** A deployment has a cockpit while it runs, and after a kill-switch stop (to read it and resume). */
export const hasCockpit = (d: Deployment | null | undefined): d is Deployment =>
  !!d && d.status !== 'stopped';
