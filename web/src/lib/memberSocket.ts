/**
 * The signed-in member's WebSocket (every page holds one, through the ticker strip): the member's
 * own pushes — a notification refreshes what the page shows of the member's data (./pushes), a
 * bot's fill its bot views — and, only while the page cannot read prices from the exchange's
 * public stream (./marketStream), our 'ticker' topic, which pushes the prices every 3 seconds.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PushMessage } from '#api/realtime';
import type { Ticker } from '#api/schemas/market';
import { getIdToken } from './api';
import { useSessionUser } from './auth';
import { getConfig } from './config';
import { refreshOnNotification } from './pushes';

const RECONNECT_MS = 10_000;

/**
 * Holds the member's socket; follows the ticker topic while `followTicker` (a change opens the
 * socket anew, with or without it: a topic is left by closing). Answers whether ticker pushes are
 * coming (the socket open and subscribed).
 */
export function useMemberSocket(followTicker: boolean, onTicker: (ticker: Ticker) => void): boolean {
  const sub = useSessionUser()?.sub;
  const queryClient = useQueryClient();
  const [tickerLive, setTickerLive] = useState(false);
  const handler = useRef(onTicker);
  useEffect(() => {
    handler.current = onTicker;
  }, [onTicker]);

  useEffect(() => {
    if (!sub) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: number | undefined;
    // a bot of the member's filled an order: every bot view (web/src/bots/hooks.ts keys)
    const refreshBots = () => queryClient.invalidateQueries({ queryKey: ['bots'] });
    const connect = async () => {
      const token = await getIdToken();
      if (!token || stopped) return;
      socket = new WebSocket(`${getConfig().wsUrl}?token=${encodeURIComponent(token)}`);
      socket.onopen = () => {
        // a push sent before the socket was open (the page still loading, or the socket away
        // for its reconnect wait) is not sent again: what it would have refreshed is read now
        void refreshOnNotification(queryClient);
        void refreshBots();
        if (!followTicker) return;
        socket?.send(JSON.stringify({ action: 'subscribe', topic: 'ticker' }));
        setTickerLive(true);
      };
      socket.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as PushMessage | { message: string };
          if (!('type' in message)) return;
          if (message.type === 'ticker') handler.current(message.data);
          else if (message.type === 'notification') void refreshOnNotification(queryClient);
          else if (message.type === 'bots') void refreshBots();
        } catch {
          // not ours to read
        }
      };
      socket.onclose = () => {
        setTickerLive(false);
        if (!stopped) retry = window.setTimeout(() => void connect(), RECONNECT_MS);
      };
    };
    void connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      setTickerLive(false);
      socket?.close();
    };
  }, [sub, followTicker, queryClient]);

  return tickerLive;
}
