import { Badge, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { JournalOrder } from '#api/schemas/cockpit';
import { CursorPager, useCursorPages } from '../../components/CursorPager';
import { QueryError } from '../../components/QueryError';
import { DataTable, type Column } from '../DataTable';
import { dateText, priceText, qtyText } from '../format';
import { useBotJournal } from './hooks';

const statusPalette: Record<JournalOrder['status'], string> = {
  sending: 'gray',
  resting: 'blue',
  filled: 'green',
  'partly filled': 'teal',
  cancelled: 'gray',
  refused: 'red',
  missed: 'orange',
  skipped: 'orange',
};

const columns: Column<JournalOrder>[] = [
  { header: 'Time', cell: (o) => dateText(o.time) },
  { header: 'Client order id', cell: (o) => o.clientOrderId },
  { header: 'Exchange order id', cell: (o) => o.orderId ?? '—' },
  { header: 'Side', cell: (o) => o.side },
  { header: 'Type', cell: (o) => o.type },
  { header: 'Price', cell: (o) => priceText(o.price), align: 'end' },
  { header: 'Size', cell: (o) => qtyText(o.size), align: 'end' },
  { header: 'Filled', cell: (o) => qtyText(o.filled), align: 'end' },
  { header: 'Fee', cell: (o) => (o.fee === null ? '—' : `${priceText(o.fee)}`), align: 'end' },
  {
    header: 'Status',
    cell: (o) => (
      <Badge colorPalette={statusPalette[o.status]} variant="subtle">
        {o.status}
      </Badge>
    ),
  },
  {
    header: 'Why',
    cell: (o) => (
      <Text as="span" whiteSpace="normal" display="inline-block" minW={{ md: '48' }}>
        {o.note ? `${o.reason}: ${o.note}` : o.reason}
      </Text>
    ),
  },
];

/** Every order the bot sent or chose not to send, newest first, from our own records. */
export function OrderJournal({ id, name }: { id: string; name: string }) {
  const pages = useCursorPages();
  const journal = useBotJournal(id, pages.cursor);
  if (journal.isPending) return <Skeleton h="24" />;
  if (journal.isError)
    return <QueryError what="the order journal" error={journal.error} onRetry={() => journal.refetch()} />;
  const { items, cursor } = journal.data;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        Every order {name} sent to your exchange account or chose not to send, newest first: the price is the
        average fill where it filled, else its level; the fee is in the quote currency as the exchange charged
        it.
      </Text>
      {items.length === 0 && pages.page === 0 ? (
        <Text color="fg.muted">No order yet. The bot sends its first order when its signal says so.</Text>
      ) : (
        <>
          <DataTable
            label={`${name} order journal`}
            columns={columns}
            rows={items}
            rowKey={(o) => o.clientOrderId}
          />
          <CursorPager pages={pages} nextCursor={cursor} />
        </>
      )}
    </Stack>
  );
}
