import { SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { Panel } from '../../components/Panel';
import type { ProfitStatement } from '#api/schemas/bots';
import type { ExchangesView } from '#api/schemas/exchange';
import { formatUsdt } from '../../lib/format';
import type { useWallet } from '../../wallet/hooks';
import { profitColor } from '../DataTable';
import { dateText } from '../format';

function Figure({ label, micro, colour }: { label: string; micro: number | null; colour?: boolean }) {
  return (
    <Stack direction="row" justify="space-between" gap="3">
      <Text color="fg.muted">{label}</Text>
      <Text
        fontWeight="semibold"
        fontVariantNumeric="tabular-nums"
        color={colour && micro !== null ? profitColor(micro) : undefined}
      >
        {micro === null ? 'not read yet' : `${formatUsdt(micro)} USDT`}
      </Text>
    </Stack>
  );
}

/**
 * The top of a set-up member's dashboard: wallet balances, bot profit from fills, exchange balances
 * last read. The dashboard reads the queries and passes their answers (undefined until they come):
 * this renders in a deferred render, which must read no query (lib/deferred.tsx).
 */
export const AccountSummary = memo(function AccountSummary({
  exchanges,
  wallet,
  profit,
}: {
  exchanges: ExchangesView | undefined;
  wallet: ReturnType<typeof useWallet>['data'];
  profit: ProfitStatement | undefined;
}) {
  const connected = exchanges?.exchanges.filter((e) => e.connected) ?? [];
  const readAt = connected
    .map((e) => e.balancesAt)
    .filter(Boolean)
    .sort()
    .at(-1);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
      <Panel title="Wallet" note="Your Trendex balances.">
        {wallet ? (
          <>
            <Figure label="Wallet" micro={wallet.wallet} />
            <Figure label="Core wallet" micro={wallet.wallet1} />
            <Figure label="Fuel wallet" micro={wallet.fuelwallet} />
          </>
        ) : (
          <Skeleton h="20" />
        )}
      </Panel>
      <Panel title="Bot profit" note="Realised by your bots, from the exchange's fills.">
        {profit ? (
          <>
            <Figure label="Today" micro={profit.today} colour />
            <Figure label="All time" micro={profit.total} colour />
          </>
        ) : (
          <Skeleton h="14" />
        )}
      </Panel>
      <Panel
        title="Exchange balances"
        note={
          readAt
            ? `Last read ${dateText(readAt)}; refresh them on the Exchange page.`
            : 'Refresh them on the Exchange page.'
        }
      >
        {exchanges ? (
          connected.map((e) => (
            <Stack key={e.exchange} gap="1">
              <Figure label={`${e.exchange === 'binance' ? 'Binance' : 'WazirX'} spot`} micro={e.spot} />
              {e.hasFutures && <Figure label="Binance futures" micro={e.futures} />}
            </Stack>
          ))
        ) : (
          <Skeleton h="14" />
        )}
      </Panel>
    </SimpleGrid>
  );
});
