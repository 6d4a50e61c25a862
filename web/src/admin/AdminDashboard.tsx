import { Box, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { IconType } from 'react-icons';
import { LuBadgeCheck, LuCalendarDays, LuUserPlus, LuUsers } from 'react-icons/lu';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { formatCount } from '../lib/format';
import { queryKeys } from '../lib/queryKeys';
import { MoneyCards } from '../wallet/admin/MoneyCards';

export default function AdminDashboard() {
  const summary = useQuery({
    queryKey: queryKeys.admin.summary(),
    queryFn: () => callApi('getAdminSummary', {}),
  });
  const cards: { label: string; value?: number; icon: IconType; hint: string }[] = [
    { label: 'Members', value: summary.data?.members, icon: LuUsers, hint: 'Total confirmed members' },
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
    },
  ];

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Admin dashboard
        </Heading>
        <Text color="fg.muted">Membership at a glance.</Text>
      </Stack>
      {summary.isError && (
        <QueryError what="the summary" error={summary.error} onRetry={() => summary.refetch()} />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="5">
        {cards.map(({ label, value, icon: Icon, hint }) => (
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
          </Box>
        ))}
      </SimpleGrid>
      <MoneyCards />
    </Stack>
  );
}
