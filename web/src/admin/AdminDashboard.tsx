import { Box, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { IconType } from 'react-icons';
import { LuBadgeCheck, LuBot, LuCalendarDays, LuKeyRound, LuUserPlus, LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { formatCount } from '../lib/format';
import { queryKeys } from '../lib/queryKeys';
import { MoneyCards } from '../wallet/admin/MoneyCards';
import { LedgerAuditCard } from './LedgerAuditCard';

export default function AdminDashboard() {
  const summary = useQuery({
    queryKey: queryKeys.admin.summary(),
    queryFn: () => callApi('getAdminSummary', {}),
  });
  const running = summary.data?.botsActive.filter((b) => b.count > 0) ?? [];
  const cards: { label: string; value?: number; icon: IconType; hint: string; to?: string }[] = [
    {
      label: 'Members',
      value: summary.data?.members,
      icon: LuUsers,
      hint: 'Total confirmed members',
      to: '/adminregister',
    },
    {
      label: 'Registered today',
      value: summary.data?.registeredToday,
      icon: LuUserPlus,
      hint: 'Since 00:00 UTC',
    },
    {
      label: 'Registered this month',
      value: summary.data?.registeredThisMonth,
      icon: LuCalendarDays,
      hint: 'Since the 1st, UTC',
    },
    {
      label: 'Activation',
      value: summary.data?.activated,
      icon: LuBadgeCheck,
      hint: 'Members who have bought a membership',
      to: '/adminactivation',
    },
    {
      label: 'API Binding',
      value: summary.data?.apiBindings,
      icon: LuKeyRound,
      hint: 'Members with a Binance key bound',
      to: '/apibind',
    },
    {
      label: 'Bots Active',
      value: summary.data?.botsActive.reduce((sum, b) => sum + b.count, 0),
      icon: LuBot,
      hint: running.length ? running.map((b) => `${b.name} ${b.count}`).join(' · ') : 'No bot is running',
      to: '/apibind',
    },
  ];

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Admin dashboard
        </Heading>
        <Text color="fg.muted">Membership, trading and money at a glance.</Text>
      </Stack>
      {summary.isError && (
        <QueryError what="the summary" error={summary.error} onRetry={() => summary.refetch()} />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="5">
        {cards.map(({ label, value, icon: Icon, hint, to }) => (
          <Box
            key={label}
            as="section"
            aria-label={label}
            bg="bg.surface"
            borderWidth="1px"
            borderColor="border.card"
            borderRadius="xl"
            p="6"
            boxShadow="xs"
          >
            <HStack justify="space-between" mb="4">
              <Text fontWeight="medium" color="fg.muted">
                {label}
              </Text>
              <Box bg="brand.subtle" color="brand.fg" p="2.5" borderRadius="lg" aria-hidden>
                <Icon />
              </Box>
            </HStack>
            {summary.isPending ? (
              <Skeleton h="9" w="24" />
            ) : (
              <Text fontSize="3xl" fontWeight="bold" data-testid={`stat-${label}`}>
                {value === undefined ? '—' : formatCount(value)}
              </Text>
            )}
            <Text fontSize="xs" color="fg.subtle" mt="1">
              {hint}
            </Text>
            {to && (
              <Link asChild fontSize="sm" color="brand.fg" mt="2">
                <RouterLink to={to}>View {label}</RouterLink>
              </Link>
            )}
          </Box>
        ))}
      </SimpleGrid>
      <Box as="section" aria-label="Ranks">
        <Heading as="h2" size="md" mb="3">
          Members by rank
        </Heading>
        <SimpleGrid columns={{ base: 2, sm: 3, xl: 6 }} gap="3">
          {(summary.data?.ranks ?? [1, 2, 3, 4, 5, 6].map((rank) => ({ rank, count: undefined }))).map(
            ({ rank, count }) => (
              <Stack
                key={rank}
                gap="0"
                bg="bg.surface"
                borderWidth="1px"
                borderColor="border.card"
                borderRadius="lg"
                p="4"
              >
                <Text fontSize="sm" color="fg.muted">
                  Rank V{rank}
                </Text>
                {count === undefined ? (
                  <Skeleton h="7" w="12" />
                ) : (
                  <Text fontSize="2xl" fontWeight="bold" data-testid={`rank-V${rank}`}>
                    {formatCount(count)}
                  </Text>
                )}
              </Stack>
            ),
          )}
        </SimpleGrid>
      </Box>
      <MoneyCards />
      <LedgerAuditCard audit={summary.data?.ledgerAudit} pending={summary.isPending} />
    </Stack>
  );
}
