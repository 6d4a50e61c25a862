import { DataList, Skeleton, Stack, Text } from '@chakra-ui/react';
import { QueryError } from '../../components/QueryError';
import { formatUsdt } from '../../lib/format';
import { LiveModelChart } from '../backtest/charts';
import { profitColor } from '../DataTable';
import { useBotVersus } from './hooks';

const usdt = (micro: number) => micro / 1_000_000;

/**
 * The bot's live equity (from its fills) drawn next to the engine's backtest over the same candles
 * since it started trading, and the gap split into fees, slippage and what the exchange did not fill.
 */
export default function VersusPanel({ id, name }: { id: string; name: string }) {
  const versus = useBotVersus(id);
  if (versus.isPending) return <Skeleton h="72" />;
  if (versus.isError)
    return <QueryError what="the comparison" error={versus.error} onRetry={() => versus.refetch()} />;
  const v = versus.data;
  if (v.points.length === 0)
    return (
      <Text color="fg.muted">{name} has not traded a candle yet: the comparison starts with its first.</Text>
    );
  const parts: [string, number][] = [
    ['Live minus backtest', v.difference],
    ['Fees (the exchange’s against the model’s)', v.fees],
    ['Slippage (fill prices against the model’s)', v.slippage],
    [
      `Missed levels and the rest (${v.missedOrders} order${v.missedOrders === 1 ? '' : 's'} the model filled and the exchange did not)`,
      v.missed,
    ],
  ];
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        Live: your equity from the bot’s real fills. Backtest: the engine over the same candles since the bot
        started, with the same parameters. Both in USDT at each candle’s close.
      </Text>
      <LiveModelChart
        label={`${name}: live equity next to its backtest`}
        live={v.points.map((p) => [p.time, usdt(p.live)] as const)}
        model={v.points.map((p) => [p.time, usdt(p.model)] as const)}
      />
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        {parts.map(([label, micro]) => (
          <DataList.Item key={label} justifyContent="space-between">
            <DataList.ItemLabel minW="unset" flex="1">
              {label}
            </DataList.ItemLabel>
            <DataList.ItemValue
              justifyContent="flex-end"
              flex="0"
              color={profitColor(micro)}
              fontVariantNumeric="tabular-nums"
            >
              {formatUsdt(micro)}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}
