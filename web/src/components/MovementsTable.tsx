import { Badge, Table } from '@chakra-ui/react';
import { usdtText } from '../lib/format';
import { DateTime } from './DateTime';
import { ScrollTable } from './ScrollTable';

export interface Movement {
  key: string;
  /** ISO instant. */
  date: string;
  type: string;
  /** Signed micro-USDT: credits show green with a '+', debits red. */
  amount: number;
  /** The type badge's colour. */
  palette: string;
}

/**
 * A member's money movements as Date, Type, Amount (wallet transactions, rewards); the time shows
 * from md up. At 375 px the three columns fit without scrolling: a long type wraps in its badge,
 * and the amount is never cut.
 */
export function MovementsTable({ label, rows }: { label: string; rows: Movement[] }) {
  return (
    <ScrollTable caption={label} variant="line">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader ps={{ base: '2', md: '3' }}>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Type</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.key}>
            {/* a phone keeps the time: smaller, on a line of its own if need be */}
            <Table.Cell fontSize={{ base: 'xs', md: 'sm' }} ps={{ base: '2', md: '3' }}>
              <DateTime at={row.date} />
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={row.palette} variant="subtle" whiteSpace="normal" h="auto" py="0.5">
                {row.type}
              </Badge>
            </Table.Cell>
            <Table.Cell
              textAlign="end"
              fontVariantNumeric="tabular-nums"
              color={row.amount < 0 ? 'red.fg' : 'gain.fg'}
              whiteSpace="nowrap"
            >
              {row.amount > 0 ? '+' : ''}
              {usdtText(row.amount)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}
