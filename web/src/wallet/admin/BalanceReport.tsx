import { Button, Heading, HStack, SimpleGrid, Stack, Stat, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LuDownload } from 'react-icons/lu';
import { QueryError } from '../../components/QueryError';
import { callApi } from '../../lib/api';
import { formatUsdt } from '../format';
import { downloadCsv, toCsv } from './csv';

/** /balance: the wallet and wallet1 totals and every member's balances, from the ledger. */
export default function BalanceReport() {
  const report = useQuery({
    queryKey: ['admin', 'wallet', 'balances'],
    queryFn: () => callApi('balanceReport', {}),
  });
  const d = report.data;
  return (
    <Stack gap="6">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h1" size="2xl">
          Balance
        </Heading>
        <Button
          variant="outline"
          disabled={!d?.rows.length}
          onClick={() =>
            d &&
            downloadCsv(
              'balances.csv',
              toCsv(
                ['Email', 'Username', 'Wallet Balance', 'Wallet1 Balance'],
                d.rows.map((r) => [r.email, r.username, formatUsdt(r.wallet), formatUsdt(r.wallet1)]),
              ),
            )
          }
        >
          <LuDownload /> CSV
        </Button>
      </HStack>
      {report.isError && (
        <QueryError what="the balances" error={report.error} onRetry={() => report.refetch()} />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Stat.Root borderWidth="1px" borderColor="border.card" borderRadius="lg" p="4">
          <Stat.Label>Total wallet</Stat.Label>
          <Stat.ValueText>{d ? `${formatUsdt(d.totals.wallet)} USDT` : '…'}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" borderColor="border.card" borderRadius="lg" p="4">
          <Stat.Label>Total wallet1</Stat.Label>
          <Stat.ValueText>{d ? `${formatUsdt(d.totals.wallet1)} USDT` : '…'}</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <Table.ScrollArea borderWidth="1px" borderColor="border.card" borderRadius="lg">
        <Table.Root size="sm" aria-label="Member balances">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Email</Table.ColumnHeader>
              <Table.ColumnHeader>Username</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Wallet Balance</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Wallet1 Balance</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(d?.rows ?? []).map((r) => (
              <Table.Row key={r.memberId}>
                <Table.Cell>{r.email}</Table.Cell>
                <Table.Cell>{r.username}</Table.Cell>
                <Table.Cell textAlign="end">{formatUsdt(r.wallet)}</Table.Cell>
                <Table.Cell textAlign="end">{formatUsdt(r.wallet1)}</Table.Cell>
              </Table.Row>
            ))}
            {d && d.rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={4} color="fg.muted">
                  No member holds a balance yet.
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
