/** What the published backtest (BacktestPanel) and the member's own (BacktestTheseSettings) both show. */
import { Stat, Text } from '@chakra-ui/react';
import type { Trade } from '../../../../engine/backtest/account';
import type { Column } from '../DataTable';
import { dateText, pctText, priceText, usdFigure } from '../format';

export const usd = (x: number) => `${usdFigure(x)} USDT`;

export const signColor = (x: number) => (x >= 0 ? 'gain.fg' : 'red.fg');

export const tradeColumns = (symbol: string): Column<Trade>[] => [
  { header: 'Side', cell: (t) => (t.side === 'long' ? 'Long' : 'Short') },
  { header: 'Entry', cell: (t) => dateText(t.entryTime) },
  { header: 'Entry Price', cell: (t) => priceText(t.entryPrice, symbol), align: 'end' },
  { header: 'Exit', cell: (t) => dateText(t.exitTime) },
  { header: 'Exit Price', cell: (t) => priceText(t.exitPrice, symbol), align: 'end' },
  { header: 'Exit reason', cell: (t) => t.reason },
  {
    header: 'PnL',
    align: 'end',
    cell: (t) => (
      <Text as="span" color={signColor(t.pnl)} fontWeight="semibold">
        {pctText(t.returnPct)}
      </Text>
    ),
  },
];

export function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stat.Root borderWidth="1px" borderColor="border.card" borderRadius="lg" p="3">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="xl" color={color} aria-label={label}>
        {value}
      </Stat.ValueText>
    </Stat.Root>
  );
}
