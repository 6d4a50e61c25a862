import { Badge, Box, Button, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useState } from 'react';
import type { WalletName } from '#api/schemas/wallet';
import { QueryError } from '../components/QueryError';
import { formatUsdt } from './format';
import { useTransactions } from './hooks';

const PAGE = 10;

const palette = (type: string, amount: number) =>
  type === 'Deposit' ? 'green' : type.startsWith('Withdraw') ? (amount < 0 ? 'red' : 'orange') : 'blue';

/** The Latest Transaction table: date, type, amount; newest first, paged with the API's cursor. */
export function TransactionTable({
  wallet,
  title = 'Latest Transaction',
}: {
  wallet?: WalletName;
  title?: string;
}) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length - 1;
  const query = useTransactions(PAGE, cursors[page], wallet);

  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
    >
      <Text as="h2" fontSize="lg" fontWeight="semibold" mb="4">
        {title}
      </Text>
      {query.isPending ? (
        <Stack gap="2" aria-busy="true" aria-label="Loading transactions">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="8" />
          ))}
        </Stack>
      ) : query.isError ? (
        <QueryError what="your transactions" error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <Text color="fg.muted">No transactions yet. Top up your wallet to get started.</Text>
      ) : (
        <>
          <Table.ScrollArea>
            <Table.Root size="sm" variant="line" aria-label={title}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  <Table.ColumnHeader>Type</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.items.map((t) => (
                  <Table.Row key={t.id}>
                    <Table.Cell whiteSpace="nowrap">
                      {format(new Date(t.date), 'dd MMM yy')}
                      <Box as="span" display={{ base: 'none', md: 'inline' }}>
                        {format(new Date(t.date), ', HH:mm')}
                      </Box>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={palette(t.type, t.amount)} variant="subtle">
                        {t.type}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell
                      textAlign="end"
                      fontVariantNumeric="tabular-nums"
                      color={t.amount < 0 ? 'red.fg' : 'gain.fg'}
                      whiteSpace="nowrap"
                    >
                      {t.amount > 0 ? '+' : ''}
                      {formatUsdt(t.amount)} USDT
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <HStack justify="space-between" mt="4">
            <Text fontSize="sm" color="fg.muted">
              Page {page + 1}
            </Text>
            <HStack>
              <Button
                size="sm"
                variant="outline"
                disabled={page === 0}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                Previous
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!query.data.cursor}
                onClick={() => setCursors((c) => [...c, query.data?.cursor])}
              >
                Next
              </Button>
            </HStack>
          </HStack>
        </>
      )}
    </Box>
  );
}
