import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useRef } from 'react';
import type { Ticker, TickerItem } from '#api/schemas/market';
import { groupThousands } from '#api/money';
import { callApi } from '../lib/api';
import { getConfig } from '../lib/config';
import { useMarketStream, withItem } from '../lib/marketStream';
import { useMemberSocket } from '../lib/memberSocket';
import { queryKeys } from '../lib/queryKeys';
import { useAfterLoad } from '../lib/useAfterLoad';

const POLL_MS = 3000;
/** An update younger than this makes a poll unnecessary. */
const FRESH_MS = 4500;

type Source = 'stream' | 'trendex' | 'connecting';

/**
 * The live ticker. The browser reads the prices where they are published, the exchange's public
 * stream (lib/marketStream.ts), about once a second. Where that stream cannot be reached, ours
 * stands in: a signed-in page follows our WebSocket 'ticker' topic (lib/memberSocket.ts), and
 * without a socket (signed out, or the socket dropped) the page polls our ticker every 3 seconds.
 */
function useTicker(): { data?: Ticker; isError: boolean; source: Source } {
  const queryClient = useQueryClient();
  const lastUpdate = useRef(0);
  const put = useCallback(
    (ticker: Ticker) => {
      lastUpdate.current = Date.now();
      queryClient.setQueryData(queryKeys.ticker(), ticker);
    },
    [queryClient],
  );
  const onStreamItem = useCallback(
    (item: TickerItem) =>
      put(withItem(queryClient.getQueryData<Ticker>(queryKeys.ticker()), item, new Date().toISOString())),
    [put, queryClient],
  );
  const stream = useMarketStream(getConfig().marketStreamUrl, onStreamItem);
  const fallback = stream === 'down';
  useMemberSocket(fallback, put);

  const query = useQuery({
    queryKey: queryKeys.ticker(),
    queryFn: async (): Promise<Ticker> => {
      const pushed = queryClient.getQueryData<Ticker>(queryKeys.ticker());
      if (pushed && Date.now() - lastUpdate.current < FRESH_MS) return pushed;
      return callApi('getTicker', {});
    },
    enabled: fallback,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: POLL_MS,
    retry: 1,
  });

  return {
    data: query.data,
    isError: query.isError,
    source: stream === 'live' ? 'stream' : fallback ? 'trendex' : 'connecting',
  };
}

const SOURCE_TITLE: Record<Source, string> = {
  stream: "Live prices from the exchange's public stream",
  trendex: 'Prices from Trendex, refreshed every 3 seconds',
  connecting: 'Connecting to the market',
};

/**
 * A price with 4 decimals under 10 USDT, else 2, with thousands separators: what
 * Intl.NumberFormat('en-US') writes (both round the exact value to the nearest), without it. The
 * first Intl.NumberFormat of a page loads the browser's number-formatting data: ~130 ms at a
 * phone's pace in the task of the ticker's first prices, on every page (docs/decisions/web-performance.md).
 */
const formatPrice = (price: number) => {
  const [whole, fraction] = price.toFixed(price < 10 ? 4 : 2).split('.');
  return `${groupThousands(whole)}.${fraction}`;
};

const formatChange = (percent: number) => `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;

/** Memoised: a stream message changes one symbol, and only its entry renders again. */
const TickerEntry = memo(function TickerEntry({ item }: { item: TickerItem }) {
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
});

/**
 * The slider under the navbar: BTC, ETH, XRP and BNB last price and 24-hour change. It connects
 * once the page has loaded (useAfterLoad): the page's first render comes first, and until then
 * the strip says it is loading, at its own height.
 */
export function MarketTicker() {
  return useAfterLoad() ? <LiveTicker /> : <TickerStrip source="connecting" items={[]} isError={false} />;
}

function LiveTicker() {
  const ticker = useTicker();
  return <TickerStrip source={ticker.source} items={ticker.data?.items ?? []} isError={ticker.isError} />;
}

function TickerStrip({
  source,
  items,
  isError,
}: {
  source: Source;
  items: readonly TickerItem[];
  isError: boolean;
}) {
  return (
    <Box bg="bg.subtle" borderBottomWidth="1px" borderColor="border" minH="9">
      {/* the strip scrolls sideways on a phone: it takes focus so the arrow keys scroll it too */}
      <Flex
        as="section"
        aria-label="Market ticker"
        aria-live="off"
        data-source={source}
        title={SOURCE_TITLE[source]}
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
            {isError ? 'Market prices are unavailable right now.' : 'Loading market prices…'}
          </Text>
        )}
        {items.map((item) => (
          <TickerEntry key={item.symbol} item={item} />
        ))}
      </Flex>
    </Box>
  );
}
