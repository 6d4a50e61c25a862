/**
 * The one way an admin list draws its rows: a table defined by its columns (the same columns write
 * its CSV file), "Loading…" until the first page answers, then the rows or what an empty list
 * means. ReportPage (dated reports) and AdminList (other lists) both draw their tables with it.
 */
import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatUsdt, plainUsdt } from '../lib/format';
import { ScrollTable } from './ScrollTable';

export interface ReportColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The value in the CSV file (plain text: ISO dates, amounts without grouping). */
  csv: (row: Row) => string | number;
  align?: 'start' | 'end';
  /** Dates, amounts, ids: kept on one line. */
  nowrap?: boolean;
}

/** An amount column: grouped on the page ('1,234.50'), plain in the CSV file ('1234.50'). */
export const usdtColumn = <Row,>(header: string, of: (row: Row) => number): ReportColumn<Row> => ({
  header,
  cell: (r) => formatUsdt(of(r)),
  csv: (r) => plainUsdt(of(r)),
  align: 'end',
  nowrap: true,
});

export function ColumnTable<Row>(props: {
  /** The table's accessible name. */
  caption: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** No page has answered yet. */
  pending: boolean;
  /** A page is being read (the first, the next, or all again). */
  busy: boolean;
  emptyText: string;
}) {
  const { columns, rows, rowKey } = props;
  return (
    <ScrollTable caption={props.caption} framed aria-busy={props.busy}>
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
        {props.pending ? (
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
  );
}
