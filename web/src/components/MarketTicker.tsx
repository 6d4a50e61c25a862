import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PushMessage } from '#api/realtime';
import type { Ticker, TickerItem } from '#api/schemas/market';
import { callApi, getIdToken } from '../lib/api';
import { useSessionUser } from '../lib/auth';
import { getConfig } from '../lib/config';
import { refreshOnNotification } from '../lib/pushes';
import { queryKeys } from '../lib/queryKeys';

const POLL_MS = 3000;
/** A pushed update younger than this makes a poll unnecessary. */
const FRESH_MS = 4500;
const RECONNECT_MS = 10_000;

/**
 * The live ticker: the server pushes each update on the WebSocket 'ticker' topic to signed-in
 * pages; without a socket (signed out, or the socket dropped) the page polls every 3 seconds.
 * The same socket (every page has the ticker) carries the member's own notifications, which
 * refresh what the page shows of the member's data (lib/pushes.ts).
 */
function useTicker() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const lastPush = useRef(0);
  const [live, setLive] = useState(false);

  const query = useQuery({
    queryKey: queryKeys.ticker(),
    queryFn: async (): Promise<Ticker> => {
      const pushed = queryClient.getQueryData<Ticker>(queryKeys.ticker());
      if (pushed && Date.now() - lastPush.current < FRESH_MS) return pushed;
      return callApi('getTicker', {});
    },
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: POLL_MS,
    retry: 1,
  });

  const sub = user?.sub;
  useEffect(() => {
    if (!sub) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: number | undefined;
    const connect = async () => {
      const token = await getIdToken();
      if (!token || stopped) return;
      socket = new WebSocket(`${getConfig().wsUrl}?token=${encodeURIComponent(token)}`);
      socket.onopen = () => {
        socket?.send(JSON.stringify({ action: 'subscribe', topic: 'ticker' }));
        setLive(true);
      };
      socket.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as PushMessage | { message: string };
          if ('type' in message && message.type === 'ticker') {
            lastPush.current = Date.now();
            queryClient.setQueryData(queryKeys.ticker(), message.data);
          } else if ('type' in message && message.type === 'notification') {
            void refreshOnNotification(queryClient);
          } else if ('type' in message && message.type === 'bots') {
            // a bot of the member's filled an order: every bot view (web/src/bots/hooks.ts keys)
            void queryClient.invalidateQueries({ queryKey: ['bots'] });
          }
        } catch {
          // not ours to read
        }
      };
      socket.onclose = () => {
        setLive(false);
        lastPush.current = 0;
        if (!stopped) retry = window.setTimeout(() => void connect(), RECONNECT_MS);
      };
    };
    void connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      socket?.close();
    };
  }, [sub, queryClient]);

  return { ...query, live };
}

const formatPrice = (price: number) =>
  price.toLocaleString('en-US', {
    minimumFractionDigits: price < 10 ? 4 : 2,
    maximumFractionDigits: price < 10 ? 4 : 2,
  });

const formatChange = (percent: number) => `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;

function TickerEntry({ item }: { item: TickerItem }) {
  const coin = item.symbol.replace(/USDT$/, '');
  const up = item.changePercent >= 0;
  return (
    <HStack
      gap="2"
      px="4"
      py="1.5"
      flexShrink={0}
      scrollSnapAlign="start"
      role="group"
      aria-label={`${coin} ticker`}
      data-symbol={item.symbol}
    >
      <Text fontWeight="semibold" fontSize="sm">
        {coin}/USDT
      </Text>
      <Text fontSize="sm" fontVariantNumeric="tabular-nums" aria-label={`${coin} last price`}>
        {formatPrice(item.lastPrice)}
      </Text>
      <Text
        fontSize="sm"
        fontVariantNumeric="tabular-nums"
        color={up ? 'green.fg' : 'red.fg'}
        aria-label={`${coin} 24-hour change`}
      >
        {formatChange(item.changePercent)}
      </Text>
    </HStack>
  );
}

/** The slider under the navbar: BTC, ETH, XRP and BNB last price and 24-hour change. */
export function MarketTicker() {
  const ticker = useTicker();
  const items = ticker.data?.items ?? [];
  return (
    <Box bg="bg.subtle" borderBottomWidth="1px" borderColor="border" minH="9">
      {/* the strip scrolls sideways on a phone: it takes focus so the arrow keys scroll it too */}
      <Flex
        as="section"
        aria-label="Market ticker"
        aria-live="off"
        tabIndex={0}
        focusVisibleRing="inside"
        maxW="7xl"
        mx="auto"
        px={{ base: '0', md: '2' }}
        overflowX="auto"
        scrollSnapType="x mandatory"
        justify={{ base: 'flex-start', lg: 'center' }}
        css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
      >
        {items.length === 0 && (
          <Text px="4" py="1.5" fontSize="sm" color="fg.muted">
            {ticker.isError ? 'Market prices are unavailable right now.' : 'Loading market prices…'}
          </Text>
        )}
        {items.map((item) => (
          <TickerEntry key={item.symbol} item={item} />
        ))}
      </Flex>
    </Box>
  );
}
