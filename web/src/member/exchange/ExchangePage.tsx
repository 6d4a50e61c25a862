import { Container, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../components/QueryError';
import { callApi } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { ExchangeCardView } from './ExchangeCard';
import { WhitelistIp } from './WhitelistIp';

/** /exchange: the IP to whitelist, then one card per exchange. */
export default function ExchangePage() {
  const view = useQuery({ queryKey: queryKeys.exchanges(), queryFn: () => callApi('getExchanges', {}) });

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Exchange
          </Heading>
          <Text color="fg.muted">Connect your Binance or WazirX account so your bots can trade on it.</Text>
        </Stack>
        {view.isPending && (
          <Stack gap="4" aria-busy="true" aria-label="Loading">
            <Skeleton h="28" />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
              <Skeleton h="64" />
              <Skeleton h="64" />
            </SimpleGrid>
          </Stack>
        )}
        {view.isError && (
          <QueryError what="your exchanges" error={view.error} onRetry={() => view.refetch()} />
        )}
        {view.data && (
          <>
            <WhitelistIp ips={view.data.whitelistIps} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
              {view.data.exchanges.map((card) => (
                <ExchangeCardView key={card.exchange} card={card} />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}
