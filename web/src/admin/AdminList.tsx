/**
 * An admin list that is not a dated report (a member's trades, the audit log, the profit shares):
 * a ColumnTable read a page at a time ("Load more"), with a CSV export of the whole list
 * (downloadAllPages).
 */
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LuDownload } from 'react-icons/lu';
import { ColumnTable, type ReportColumn } from '../components/ColumnTable';
import { LoadMore } from '../components/LoadMore';
import { QueryError } from '../components/QueryError';
import { errorMessage } from '../lib/api';
import { downloadAllPages } from '../lib/csv';
import { useExport } from '../lib/useExport';

interface Page<Row> {
  items: Row[];
  cursor?: string;
}

export function AdminList<Row, P extends Page<Row>>(props: {
  label: string;
  /** The query key; a new key reads again from the first page. */
  queryKey: readonly unknown[];
  load: (limit: number, cursor?: string) => Promise<P>;
  columns: ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  emptyText: string;
  csvName: string;
  /** Above the table, from the first page (totals cards). */
  above?: (first: P) => ReactNode;
  pageSize?: number;
}) {
  const { label, columns, rowKey, pageSize = 20 } = props;
  const list = useInfiniteQuery({
    queryKey: props.queryKey,
    queryFn: ({ pageParam }) => props.load(pageSize, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const csv = useExport();
  const exportCsv = () =>
    csv.run(() => downloadAllPages(`${props.csvName}.csv`, columns, props.load));

  if (list.isError && !list.data)
    return <QueryError what={label.toLowerCase()} error={list.error} onRetry={() => list.refetch()} />;
  const first = list.data?.pages[0];
  return (
    <Stack gap="4" minW="0">
      {first && props.above?.(first)}
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontWeight="semibold" aria-live="polite">
          {list.isPending ? 'Loading…' : `${rows.length}${list.hasNextPage ? '+' : ''} rows`}
        </Text>
        <Button size="sm" variant="outline" onClick={exportCsv} loading={csv.exporting} disabled={!rows.length}>
          <LuDownload /> Download CSV
        </Button>
      </HStack>
      {csv.error !== null && (
        <Alert.Root status="error" borderRadius="md" role="alert">
          <Alert.Indicator />
          <Alert.Title>Could not export: {errorMessage(csv.error)}</Alert.Title>
        </Alert.Root>
      )}
      <ColumnTable
        caption={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        pending={list.isPending}
        busy={list.isFetching}
        emptyText={props.emptyText}
      />
      <LoadMore query={list} what="more rows" size="sm" />
    </Stack>
  );
}
