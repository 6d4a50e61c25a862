import { Box, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { RunningBot } from '#api/schemas/cockpit';
import { QueryError } from '../../components/QueryError';
import { formatUsdt } from '../../lib/format';
import { pageOf } from '../catalog';
import { profitColor } from '../DataTable';
import { StateBadge } from './StateBadge';
import type { useRunningBots } from './hooks';

function BotRow({ bot }: { bot: RunningBot }) {
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor="border.card"
      bg="bg.surface"
      borderRadius="lg"
      p="4"
      display="grid"
      gridTemplateColumns={{ base: '1fr auto', md: '2fr 1.5fr 1fr 1fr' }}
      gap="3"
      alignItems="center"
    >
      <Stack gap="0" minW="0">
        <Link asChild fontWeight="semibold" colorPalette="brand">
          <RouterLink to={pageOf(bot.bot)}>{bot.name}</RouterLink>
        </Link>
        <Text fontSize="sm" color="fg.muted">
          {bot.symbol} · {bot.market}
        </Text>
      </Stack>
      <Box justifySelf={{ base: 'end', md: 'start' }}>
        <StateBadge state={bot.state} />
      </Box>
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">
          Capital
        </Text>
        <Text fontVariantNumeric="tabular-nums">
          {formatUsdt(bot.capital)} {bot.quote}
        </Text>
      </Stack>
      <Stack gap="0" textAlign={{ base: 'end', md: 'start' }}>
        <Text fontSize="xs" color="fg.muted">
          Open P&L
        </Text>
        {bot.openPnl === null ? (
          <Text>flat</Text>
        ) : (
          <Text color={profitColor(bot.openPnl)} fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {formatUsdt(bot.openPnl)} {bot.quote}
          </Text>
        )}
      </Stack>
      {bot.state.detail && bot.state.name !== 'waiting' && (
        <Text gridColumn="1 / -1" fontSize="sm" color="fg.muted">
          {bot.state.detail}
        </Text>
      )}
    </Box>
  );
}

/** The dashboard's "Running bots": each bot's name (a link to its page), state, capital and open P&L. */
export function RunningBots({ query }: { query: ReturnType<typeof useRunningBots> }) {
  return (
    <Stack as="section" aria-labelledby="running-title" gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Text as="h2" id="running-title" fontSize="xl" fontWeight="bold">
          Running bots
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Open P&L from real fills at the current price
        </Text>
      </HStack>
      {query.isPending && <Skeleton h="20" />}
      {query.isError && <QueryError what="your bots" error={query.error} onRetry={() => query.refetch()} />}
      {query.data &&
        (query.data.bots.length === 0 ? (
          <Text color="fg.muted">No bot is running. Deploy one from the marketplace below.</Text>
        ) : (
          <Stack as="ul" aria-label="Running bots" listStyleType="none" gap="3">
            {query.data.bots.map((b) => (
              <BotRow key={b.id} bot={b} />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}
