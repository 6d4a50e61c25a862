import { Skeleton, Stack, Text } from '@chakra-ui/react';
import type { BotName } from '#api/bots';
import type { ClosedOrder } from '#api/schemas/bots';
import { CursorPager, useCursorPages } from '../components/CursorPager';
import { QueryError } from '../components/QueryError';
import { formatUsdt } from '../lib/format';
import { DataTable, profitColor, type Column } from './DataTable';
import { dateText, priceText } from './format';
import { useClosedOrders } from './hooks';

/** Spec, Portfolio's Close Order tab: symbol, buy usdt, sell usdt, order id, buy price, sell price, entry date, profit. */
const columns: Column<ClosedOrder>[] = [
  { header: 'Symbol', cell: (o) => o.symbol },
  { header: 'Trade', cell: (o) => `${o.trade} (${o.side})` },
  { header: 'Buy USDT', cell: (o) => formatUsdt(o.buyUsdt), align: 'end' },
  { header: 'Sell USDT', cell: (o) => formatUsdt(o.sellUsdt), align: 'end' },
  { header: 'Order Id', cell: (o) => o.orderId },
  { header: 'Buy Price', cell: (o) => priceText(o.buyPrice, o.symbol), align: 'end' },
  { header: 'Sell Price', cell: (o) => priceText(o.sellPrice, o.symbol), align: 'end' },
  { header: 'Entry Date', cell: (o) => dateText(o.entryDate) },
  {
    header: 'Profit',
    align: 'end',
    cell: (o) => (
      <Text as="span" color={profitColor(o.profit)} fontWeight="semibold">
        {formatUsdt(o.profit)}
      </Text>
    ),
  },
];

/** The member's closed trades (real fills), newest first, paged by the server's cursor. */
export function ClosedOrdersList({ bot, label, empty }: { bot?: BotName; label: string; empty: string }) {
  const pages = useCursorPages();
  const closed = useClosedOrders(pages.cursor, bot);
  if (closed.isPending) return <Skeleton h="24" />;
  if (closed.isError)
    return <QueryError what="your closed orders" error={closed.error} onRetry={() => closed.refetch()} />;
  const { items, cursor } = closed.data;
  return (
    <Stack gap="3">
      {items.length === 0 && pages.page === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <>
          <DataTable label={label} columns={columns} rows={items} rowKey={(o) => o.id} />
          <CursorPager pages={pages} nextCursor={cursor} />
        </>
      )}
    </Stack>
  );
}
