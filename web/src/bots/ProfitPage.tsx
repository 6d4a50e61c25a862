import { Container, Grid, HStack, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { parseISO } from 'date-fns';
import { dayText } from '../lib/dates';
import { PageHeader } from '../components/PageHeader';
import { QueryError } from '../components/QueryError';
import { usdtText } from '../lib/format';
import { Panel } from '../components/Panel';
import { DataTable, profitColor } from './DataTable';
import { FuelCard } from './FuelCard';
import { useBotsFollowPushes, useProfitStatement } from './hooks';

/** Profit Statement (spec): the total and a table of date and amount (realised, per UTC day). */
export default function ProfitPage() {
  useBotsFollowPushes();
  const profit = useProfitStatement();
  return (
    <>
      <PageHeader eyebrow="Bots" title="Profit Statement">
        Realised profit of your bots per day (UTC), after the exchange's fees.
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
          <Panel title="Profit">
            {profit.isPending ? (
              <Skeleton h="32" />
            ) : profit.isError ? (
              <QueryError
                what="your profit statement"
                error={profit.error}
                onRetry={() => profit.refetch()}
              />
            ) : (
              <Stack gap="4">
                <HStack gap="8" flexWrap="wrap">
                  <Stat.Root>
                    <Stat.Label>Total profit</Stat.Label>
                    <Stat.ValueText aria-label="Total profit" color={profitColor(profit.data.total)}>
                      {usdtText(profit.data.total)}
                    </Stat.ValueText>
                  </Stat.Root>
                  <Stat.Root>
                    <Stat.Label>Today</Stat.Label>
                    <Stat.ValueText fontSize="lg" color={profitColor(profit.data.today)}>
                      {usdtText(profit.data.today)}
                    </Stat.ValueText>
                  </Stat.Root>
                </HStack>
                {profit.data.rows.length === 0 ? (
                  <Text color="fg.muted">
                    No realised profit yet. Each day your bots close a trade shows here.
                  </Text>
                ) : (
                  <DataTable
                    label="Profit by day"
                    rows={profit.data.rows}
                    rowKey={(r) => r.date}
                    columns={[
                      { header: 'Date', cell: (r) => dayText(parseISO(r.date)) },
                      {
                        header: 'Amount',
                        align: 'end',
                        cell: (r) => (
                          <Text as="span" color={profitColor(r.amount)} fontWeight="semibold">
                            {usdtText(r.amount)}
                          </Text>
                        ),
                      },
                    ]}
                  />
                )}
              </Stack>
            )}
          </Panel>
          <FuelCard />
        </Grid>
      </Container>
    </>
  );
}
