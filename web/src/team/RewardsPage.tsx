import {
  Box,
  Container,
  Heading,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { MovementsTable } from '../components/MovementsTable';
import { LoadMore } from '../components/LoadMore';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { usdtText } from '../lib/format';
import { queryKeys } from '../lib/queryKeys';

const PAGE = 20;

type Tab = 'activation' | 'trading';

const EMPTY: Record<Tab, React.ReactNode> = {
  activation: (
    <>
      No activation rewards yet. You earn a Direct Bonus when a member you referred activates a plan, and a
      Binary Bonus each day from your team&apos;s matched points.{' '}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to="/team">Share your referral link</RouterLink>
      </Link>
      .
    </>
  ),
  trading: (
    <>
      No trading rewards yet. Trendex Core and Premium Trendex Core members receive a share of the Core pool
      (the bots&apos; 20 % profit charge) each time Trendex distributes it.{' '}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to="/trendex">See Trendex Core</RouterLink>
      </Link>
      .
    </>
  ),
};

function ProfitCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Stat.Root layerStyle="card" p={{ base: '4', md: '5' }}>
      <Stat.Label>{label}</Stat.Label>
      {value === undefined ? (
        <Skeleton h="8" w="32" mt="1" />
      ) : (
        <Stat.ValueText aria-label={label} fontVariantNumeric="tabular-nums">
          {usdtText(value)}
        </Stat.ValueText>
      )}
    </Stat.Root>
  );
}

/**
 * One tab: today's and cumulative profit, and the rewards (date, type, amount), newest first, all
 * from the server. The Trading tab is the Trendex Core income (also on the Trendex Core page).
 */
export function RewardsTab({ tab, title }: { tab: Tab; title: string }) {
  const rewards = useInfiniteQuery({
    queryKey: queryKeys.team.rewards(tab),
    queryFn: ({ pageParam }) =>
      callApi('listRewards', { tab, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
  });
  const first = rewards.data?.pages[0];
  const rows = rewards.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="5" pt="4">
      {rewards.isError && !rewards.data ? (
        <QueryError what="your rewards" error={rewards.error} onRetry={() => rewards.refetch()} />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <ProfitCard label="Today's Profit" value={first?.todayProfit} />
            <ProfitCard label="Cumulative Profit" value={first?.cumulativeProfit} />
          </SimpleGrid>
          <Box as="section" aria-label={`${title} rewards`} layerStyle="card" p={{ base: '4', md: '6' }}>
            {rewards.isPending ? (
              <Stack gap="2" aria-busy="true" aria-label="Loading rewards">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} h="8" />
                ))}
              </Stack>
            ) : rows.length === 0 ? (
              <Text color="fg.muted">{EMPTY[tab]}</Text>
            ) : (
              <Stack gap="4">
                <MovementsTable
                  label={`${title} rewards`}
                  rows={rows.map((row, i) => ({
                    ...row,
                    key: `${row.date}#${i}`,
                    palette:
                      row.type === 'Binary Bonus' || row.type.startsWith('Premium') ? 'purple' : 'blue',
                  }))}
                />
                <LoadMore query={rewards} what="more rewards" size="sm" />
              </Stack>
            )}
          </Box>
        </>
      )}
    </Stack>
  );
}

/** /bonus: the member's referral rewards, Activation and Trading tabs (/rewards is Refer and Earn). */
export default function RewardsPage() {
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Rewards
          </Heading>
          <Text color="fg.muted">
            Your referral bonuses: from your team&apos;s plan activations and from trading.
          </Text>
        </Stack>
        <Tabs.Root defaultValue="activation" variant="line" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="activation">Activation</Tabs.Trigger>
            <Tabs.Trigger value="trading">Trading</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="activation">
            <RewardsTab tab="activation" title="Activation" />
          </Tabs.Content>
          <Tabs.Content value="trading">
            <RewardsTab tab="trading" title="Trading" />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
