import { Skeleton, Text } from '@chakra-ui/react';
import type { BotName } from '#api/bots';
import type { Position } from '#api/schemas/bots';
import { QueryError } from '../components/QueryError';
import { formatUsdt } from '../lib/format';
import { DataTable, profitColor, type Column } from './DataTable';
import { priceText, qtyText } from './format';
import { usePositions } from './hooks';

/** Spec, Portfolio's Position tab: symbol, trade, side, quantity, price, current price, order id, profit. */
const columns: Column<Position>[] = [
  { header: 'Symbol', cell: (p) => p.symbol },
  { header: 'Trade', cell: (p) => p.trade },
  { header: 'Side', cell: (p) => (p.side === 'long' ? 'Long' : 'Short') },
  { header: 'Quantity', cell: (p) => qtyText(p.quantity), align: 'end' },
  { header: 'Price', cell: (p) => priceText(p.price, p.symbol), align: 'end' },
  { header: 'Current Price', cell: (p) => priceText(p.currentPrice, p.symbol), align: 'end' },
  { header: 'Order Id', cell: (p) => p.orderId },
  {
    header: 'Profit (USDT)',
    align: 'end',
    cell: (p) => (
      <Text as="span" color={profitColor(p.profit)} fontWeight="semibold">
        {formatUsdt(p.profit)}
      </Text>
    ),
  },
];

/** The member's open positions from the bots' real fills, marked at the current price (polled every 3 s). */
export function PositionsList({ bot, label, empty }: { bot?: BotName; label: string; empty: string }) {
  const positions = usePositions();
  if (positions.isPending) return <Skeleton h="24" />;
  if (positions.isError)
    return <QueryError what="your positions" error={positions.error} onRetry={() => positions.refetch()} />;
  const rows = positions.data.positions.filter((p) => !bot || p.bot === bot);
  if (rows.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <DataTable label={label} columns={columns} rows={rows} rowKey={(p) => `${p.deploymentId}-${p.orderId}`} />
  );
}
