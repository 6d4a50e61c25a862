import { Box, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { QueryError } from '../../components/QueryError';
import { callApi } from '../../lib/api';
import { formatUsdt } from '../../lib/format';
import { queryKeys } from '../../lib/queryKeys';

/** The admin dashboard's Deposit and Withdraw cards: total, this month, today, View Result. */
export function MoneyCards() {
  const totals = useQuery({
    queryKey: queryKeys.admin.moneyTotals(),
    queryFn: () => callApi('moneyTotals', {}),
  });
  if (totals.isError)
    return <QueryError what="the money totals" error={totals.error} onRetry={() => totals.refetch()} />;
  const cards = [
    { label: 'Deposit', data: totals.data?.deposit, to: '/admindeposit' },
    { label: 'Withdraw', data: totals.data?.withdraw, to: '/adminwithdraw' },
  ];
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
      {cards.map((c) => (
        <Box
          key={c.label}
          as="section"
          aria-label={c.label}
          bg="bg.surface"
          borderWidth="1px"
          borderColor="border.card"
          borderRadius="xl"
          p="6"
        >
          <HStack justify="space-between" mb="4">
            <Text fontWeight="semibold">{c.label}</Text>
            <Button asChild size="xs" variant="outline">
              <RouterLink to={c.to}>View Result</RouterLink>
            </Button>
          </HStack>
          <SimpleGrid columns={3} gap="3">
            {(['total', 'thisMonth', 'today'] as const).map((k) => (
              <Stack key={k} gap="0">
                <Text fontSize="xs" color="fg.muted">
                  {k === 'total' ? 'Total' : k === 'thisMonth' ? 'This Month' : 'Today'}
                </Text>
                {c.data ? (
                  <Text fontWeight="bold" data-testid={`money-${c.label}-${k}`}>
                    {formatUsdt(c.data[k])}
                  </Text>
                ) : (
                  <Skeleton h="5" w="16" />
                )}
              </Stack>
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </SimpleGrid>
  );
}
