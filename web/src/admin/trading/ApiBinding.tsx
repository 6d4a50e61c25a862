import { Box, Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BotName } from '#api/bots';
import { QueryError } from '../../components/QueryError';
import { callApi } from '../../lib/api';
import { downloadCsv, toCsv } from '../../lib/csv';
import { formatCount, formatUsdt, plainUsdt } from '../../lib/format';
import { ScrollTable } from '../../components/ScrollTable';

/** The per-member table's columns, on the screen and in its CSV. */
const COLUMNS = [
  'E-mail',
  'Bot',
  'Status',
  'Future Balance',
  'Future Position',
  'Future Entry Price',
  'Spot position',
];

const num = (n: number | null) =>
  n === null ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: 8 });

/** /apibind: bound Binance keys, the six bots' members and running counts, View: their balances and positions. */
export default function ApiBinding() {
  const [bot, setBot] = useState<BotName | ''>('');
  const overview = useQuery({
    queryKey: ['admin', 'apibind', bot],
    queryFn: () => callApi('apiBindingOverview', bot ? { bot } : {}),
  });
  const rows = overview.data?.rows ?? [];
  const name = overview.data?.bots.find((b) => b.bot === bot)?.name ?? bot;
  const exportCsv = () =>
    downloadCsv(
      `apibind-${bot}.csv`,
      toCsv(
        COLUMNS,
        rows.map((r) => [
          r.email,
          r.bot,
          r.status,
          r.futureBalance === null ? '' : plainUsdt(r.futureBalance),
          r.futurePosition ?? '',
          r.futureEntryPrice ?? '',
          r.spotPosition ?? '',
        ]),
      ),
    );
  return (
    <Stack gap="6" minW="0">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          API binding overview
        </Heading>
        <Text color="fg.muted" data-testid="bindings">
          {overview.data
            ? `${formatCount(overview.data.bindings)} members have a Binance key bound.`
            : 'Loading…'}
        </Text>
      </Stack>
      {overview.isError && (
        <QueryError what="the overview" error={overview.error} onRetry={() => overview.refetch()} />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
        {(overview.data?.bots ?? []).map((b) => (
          <Box key={b.bot} as="section" aria-label={b.name} layerStyle="card" p="5">
            <HStack justify="space-between">
              <Text fontWeight="semibold">{b.name}</Text>
              <Button size="xs" variant={bot === b.bot ? 'solid' : 'outline'} onClick={() => setBot(b.bot)}>
                View
              </Button>
            </HStack>
            <HStack gap="6" mt="3">
              <Stack gap="0">
                <Text fontSize="xs" color="fg.muted">
                  Total
                </Text>
                <Text fontSize="xl" fontWeight="bold">
                  {b.total}
                </Text>
              </Stack>
              <Stack gap="0">
                <Text fontSize="xs" color="fg.muted">
                  Activated
                </Text>
                <Text fontSize="xl" fontWeight="bold">
                  {b.active}
                </Text>
              </Stack>
            </HStack>
          </Box>
        ))}
        {overview.isPending && [0, 1, 2].map((i) => <Skeleton key={i} h="28" />)}
      </SimpleGrid>
      {bot && (
        <Stack gap="3">
          <HStack justify="space-between" flexWrap="wrap">
            <Heading as="h2" size="md">
              {name}: members
            </Heading>
            <Button size="sm" variant="outline" onClick={exportCsv} disabled={!rows.length}>
              Download CSV
            </Button>
          </HStack>
          <ScrollTable caption={`${name} members`} framed>
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((h) => (
                  <Table.ColumnHeader key={h} whiteSpace="nowrap">
                    {h}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {overview.isFetching && !rows.length ? (
                <Table.Row>
                  <Table.Cell colSpan={7}>Loading…</Table.Cell>
                </Table.Row>
              ) : rows.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={7} color="fg.muted">
                    No member has deployed this bot.
                  </Table.Cell>
                </Table.Row>
              ) : (
                rows.map((r) => (
                  <Table.Row key={r.memberId}>
                    <Table.Cell>{r.email}</Table.Cell>
                    <Table.Cell>{name}</Table.Cell>
                    <Table.Cell>{r.status}</Table.Cell>
                    <Table.Cell>
                      {r.futureBalance === null ? 'Not available' : formatUsdt(r.futureBalance)}
                    </Table.Cell>
                    <Table.Cell>{num(r.futurePosition)}</Table.Cell>
                    <Table.Cell>{num(r.futureEntryPrice)}</Table.Cell>
                    <Table.Cell>{num(r.spotPosition)}</Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </ScrollTable>
        </Stack>
      )}
    </Stack>
  );
}
