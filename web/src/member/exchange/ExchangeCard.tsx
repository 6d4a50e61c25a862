import { Badge, Box, Button, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import type { ExchangeCard } from '#api/schemas/exchange';
import { FormAlert } from '../../components/FormAlert';
import { callApi } from '../../lib/api';
import { usdtText } from '../../lib/format';
import { queryKeys } from '../../lib/queryKeys';
import { ConnectDialog } from './ConnectDialog';
import { EXCHANGE_NAMES, failureText } from './messages';
import { RemoveDialog } from './RemoveDialog';

/**
 * A balance as the card shows it: without a key 'Not connected'; with one the exchange did not
 * answer for, 'Not available' (the error under the balances says why).
 */
const balanceText = (micro: number | null, connected: boolean) =>
  micro !== null ? usdtText(micro) : connected ? 'Not available' : 'Not connected';

/** One exchange: its key's state, spot and futures balances, and connect, refresh and remove. */
export function ExchangeCardView({ card }: { card: ExchangeCard }) {
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const refresh = useMutation({
    mutationFn: () => callApi('refreshBalances', { exchange: card.exchange }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.exchanges() }),
  });
  const name = EXCHANGE_NAMES[card.exchange];
  const failed = refresh.isError || (card.balanceError && !refresh.isSuccess);
  const spot = refresh.data?.spot ?? card.spot;
  const futures = refresh.data?.futures ?? card.futures;

  return (
    <Box as="section" aria-label={`${name} account`} layerStyle="card" p={{ base: '5', md: '6' }}>
      <Stack gap="5">
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {name}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {card.hasFutures ? 'Spot and USD-M futures' : 'Spot only'}
            </Text>
          </Stack>
          <Badge colorPalette={card.connected ? 'green' : 'gray'} size="md">
            {card.connected ? `Connected · key …${card.keyHint ?? ''}` : 'Not connected'}
          </Badge>
        </HStack>
        <DataList.Root orientation="horizontal" gap="3">
          <DataList.Item>
            <DataList.ItemLabel minW="32">Spot balance</DataList.ItemLabel>
            <DataList.ItemValue aria-label={`${name} spot balance`} fontVariantNumeric="tabular-nums">
              {balanceText(spot, card.connected)}
            </DataList.ItemValue>
          </DataList.Item>
          {/* a spot-only exchange (WazirX) has no futures line */}
          {card.hasFutures && (
            <DataList.Item>
              <DataList.ItemLabel minW="32">Futures balance</DataList.ItemLabel>
              <DataList.ItemValue aria-label={`${name} futures balance`} fontVariantNumeric="tabular-nums">
                {balanceText(futures, card.connected)}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        {failed && (
          <FormAlert status="error">
            {refresh.isError ? failureText(refresh.error) : 'You api key are not correctly added.'}
          </FormAlert>
        )}
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" onClick={() => setConnecting(true)}>
            {card.connected ? `Replace ${name} key` : `Connect ${name}`}
          </Button>
          {card.connected && (
            <Button variant="outline" loading={refresh.isPending} onClick={() => refresh.mutate()}>
              <LuRefreshCw /> Refresh balances
            </Button>
          )}
          {card.connected && (
            <Button variant="outline" colorPalette="red" onClick={() => setRemoving(true)}>
              <LuTrash2 /> Remove key
            </Button>
          )}
        </HStack>
      </Stack>
      <ConnectDialog exchange={card.exchange} open={connecting} onOpenChange={setConnecting} />
      <RemoveDialog card={card} open={removing} onOpenChange={setRemoving} />
    </Box>
  );
}
