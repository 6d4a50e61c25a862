import { Box, DataList, Stack, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ScrollTable } from '../components/ScrollTable';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
}

/** Spec section 4: "Layout switches at width 768 px (table above, cards at or below)". */
const WIDE = '@media (min-width: 769px)';
const NARROW = '@media (max-width: 768px)';

/**
 * Rows as a table above 768 px and as one card per row at 768 px or less (each card lists the
 * columns as label and value), so eight columns stay readable on a phone. `label` names the table
 * and the card list for assistive tech and tests.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  return (
    <>
      <Box css={{ [NARROW]: { display: 'none' } }}>
        <ScrollTable caption={label} variant="line">
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header} textAlign={c.align ?? 'start'} whiteSpace="nowrap">
                  {c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Cell
                    key={c.header}
                    textAlign={c.align ?? 'start'}
                    fontVariantNumeric="tabular-nums"
                    whiteSpace="nowrap"
                  >
                    {c.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      </Box>
      <Stack as="ul" aria-label={label} gap="3" listStyleType="none" css={{ [WIDE]: { display: 'none' } }}>
        {rows.map((row) => (
          <Box
            as="li"
            key={rowKey(row)}
            borderWidth="1px"
            borderColor="border.card"
            bg="bg.surface"
            borderRadius="lg"
            p="4"
          >
            <DataList.Root orientation="horizontal" size="sm" gap="2">
              {columns.map((c) => (
                <DataList.Item key={c.header} justifyContent="space-between">
                  <DataList.ItemLabel minW="unset">{c.header}</DataList.ItemLabel>
                  <DataList.ItemValue
                    justifyContent="flex-end"
                    fontVariantNumeric="tabular-nums"
                    wordBreak="break-all"
                  >
                    {c.cell(row)}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList.Root>
          </Box>
        ))}
      </Stack>
    </>
  );
}

/** A signed micro-USDT profit: green at 0 or more, red below (spec: Portfolio). */
export const profitColor = (micro: number) => (micro >= 0 ? 'gain.fg' : 'red.fg');
