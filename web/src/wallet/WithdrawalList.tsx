import { Badge, Box, Code, Table, Text } from '@chakra-ui/react';
import { DateTime } from '../components/DateTime';
import { useEffect, useRef } from 'react';
import type { WithdrawalRow } from '#api/schemas/wallet';
import { CursorPager, useCursorPages } from '../components/CursorPager';
import { QueryError } from '../components/QueryError';
import { usdtText } from '../lib/format';
import { useMoneyRefresh, useWithdrawals } from './hooks';
import { ScrollTable } from '../components/ScrollTable';

const PAGE = 10;

const STATUS: Record<WithdrawalRow['status'], { label: string; palette: string }> = {
  processing: { label: 'Processing', palette: 'orange' },
  paid: { label: 'Paid', palette: 'green' },
  refunded: { label: 'Refunded', palette: 'red' },
};

const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

/**
 * The member's withdrawals: processing ones with their amount held, then the payout hash or the
 * refund. Shown once the member has withdrawn.
 */
export function WithdrawalList() {
  const pages = useCursorPages();
  const query = useWithdrawals(PAGE, pages.cursor);
  const refresh = useMoneyRefresh();
  // When a withdrawal appears or ends, the balances, the held amount and the transaction table
  // changed with it: they are read again (not on the first load, and not again for the same list).
  const statuses = query.data?.items.map((w) => `${w.id}:${w.status}`).join();
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (statuses === undefined) return;
    if (seen.current !== undefined && seen.current !== statuses) void refresh();
    seen.current = statuses;
  }, [statuses, refresh]);

  if (query.isPending || (query.isSuccess && query.data.items.length === 0 && pages.page === 0)) return null;
  return (
    <Box
      as="section"
      aria-label="Withdrawals"
      bg="bg.surface"
      borderWidth="1px"
      borderColor="border.card"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
    >
      <Text as="h2" fontSize="lg" fontWeight="semibold" mb="4">
        Withdrawals
      </Text>
      {query.isError ? (
        <QueryError what="your withdrawals" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <ScrollTable caption="Withdrawals" variant="line">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>To / hash</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {query.data.items.map((w) => (
                <Table.Row key={w.id}>
                  <Table.Cell>
                    <DateTime at={w.date} />
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                    {usdtText(w.amount)}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS[w.status].palette} variant="subtle">
                      {STATUS[w.status].label}
                    </Badge>
                    {w.status === 'processing' && (
                      <Text fontSize="xs" color="fg.muted">
                        held until the payout completes
                      </Text>
                    )}
                    {w.status === 'refunded' && (
                      <Text fontSize="xs" color="fg.muted">
                        back in your wallet
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    {w.hash ? (
                      <Code wordBreak="break-all" fontSize="xs">
                        {w.hash}
                      </Code>
                    ) : (
                      <Code fontSize="xs" title={w.address}>
                        {short(w.address)}
                      </Code>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
          <Box mt="4">
            <CursorPager pages={pages} nextCursor={query.data.cursor} />
          </Box>
        </>
      )}
    </Box>
  );
}
