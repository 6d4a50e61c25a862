import { Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { dayText } from '../lib/dates';
import { useEffect } from 'react';
import { AppDialog } from '../components/AppDialog';
import { CursorPager, useCursorPages } from '../components/CursorPager';
import { QueryError } from '../components/QueryError';
import { callApi } from '../lib/api';
import { queryKeys } from '../lib/queryKeys';
import { ScrollTable } from '../components/ScrollTable';

const PAGE = 10;

/** Date and e-mail of the member's direct referrals on one side, paged with the server's cursor. */
export function ReferralsDialog({ side, onClose }: { side: 'Left' | 'Right' | null; onClose: () => void }) {
  const pages = useCursorPages();
  const { cursor, reset } = pages;
  useEffect(reset, [side, reset]);
  const referrals = useQuery({
    queryKey: queryKeys.team.referrals(side, cursor),
    queryFn: () =>
      callApi('listDirectReferrals', { side: side!, limit: PAGE, ...(cursor ? { cursor } : {}) }),
    enabled: side !== null,
  });
  const title = side === 'Right' ? 'Team 2 (Right) direct referrals' : 'Team 1 (Left) direct referrals';

  return (
    <AppDialog
      open={side !== null}
      onClose={onClose}
      title={title}
      size="lg"
      footer={<CursorPager pages={pages} nextCursor={referrals.data?.cursor} />}
    >
      {referrals.isPending ? (
        <Stack gap="2" aria-busy="true" aria-label="Loading">
          <Skeleton h="8" />
          <Skeleton h="8" />
          <Skeleton h="8" />
        </Stack>
      ) : referrals.isError ? (
        <QueryError what="your referrals" error={referrals.error} onRetry={() => referrals.refetch()} />
      ) : referrals.data.items.length === 0 ? (
        <Text color="fg.muted">No direct referrals on this side yet. Share your link to invite one.</Text>
      ) : (
        <ScrollTable caption={title}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>E-mail</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {referrals.data.items.map((row) => (
              <Table.Row key={`${row.joinedAt}${row.email}`}>
                <Table.Cell whiteSpace="nowrap">{dayText(row.joinedAt)}</Table.Cell>
                <Table.Cell wordBreak="break-all">{row.email}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      )}
    </AppDialog>
  );
}
