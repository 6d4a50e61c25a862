/**
 * An admin list that is not a dated report (a member's trades, the audit log, the profit shares):
 * a table defined by ReportPage's columns, read a page at a time ("Load more"), with a CSV export
 * of the whole list (every page fetched, then toCsv).
 */
import { Alert, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LuDownload } from 'react-icons/lu';
import type { ReportColumn } from '../components/ReportPage';
import { LoadMore } from '../components/LoadMore';
import { QueryError } from '../components/QueryError';
import { errorMessage } from '../lib/api';
import { downloadCsv, toCsv } from '../lib/csv';
import { ScrollTable } from '../components/ScrollTable';

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
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const all: Row[] = [];
      let cursor: string | undefined;
      do {
        const page = await props.load(100, cursor);
        all.push(...page.items);
        cursor = page.cursor;
      } while (cursor);
      downloadCsv(
        `${props.csvName}.csv`,
        toCsv(
          columns.map((c) => c.header),
          all.map((r) => columns.map((c) => c.csv(r))),
        ),
      );
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

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
        <Button size="sm" variant="outline" onClick={exportCsv} loading={exporting} disabled={!rows.length}>
          <LuDownload /> Download CSV
        </Button>
      </HStack>
      {exportError !== null && (
        <Alert.Root status="error" borderRadius="md" role="alert">
          <Alert.Indicator />
          <Alert.Title>Could not export: {errorMessage(exportError)}</Alert.Title>
        </Alert.Root>
      )}
      <ScrollTable caption={label} framed aria-busy={list.isFetching}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign={c.align} whiteSpace="nowrap">
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.isPending ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length}>Loading…</Table.Cell>
            </Table.Row>
          ) : rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length} color="fg.muted">
                {props.emptyText}
              </Table.Cell>
            </Table.Row>
          ) : (
            rows.map((r) => (
              <Table.Row key={rowKey(r)}>
                {columns.map((c) => (
                  <Table.Cell key={c.header} textAlign={c.align} whiteSpace={c.nowrap ? 'nowrap' : undefined}>
                    {c.cell(r)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </ScrollTable>
      <LoadMore query={list} what="more rows" size="sm" />
    </Stack>
  );
}
