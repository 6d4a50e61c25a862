/**
 * A bot's published backtest (engine/published, computed on real Binance candles on a period no
 * parameter was chosen on): the equity curve, the trades on the price, the win/loss figures, the
 * quarterly returns and the trade list. Its own lazy chunk: the JSON of every run loads only here.
 */
import { Badge, Box, HStack, SegmentGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { publishedBacktest, type PublishedBacktest } from '../../../../engine/published/index';
import type { PageBotId } from '#api/schemas/bots';
import { DataTable } from '../DataTable';
import { pctText } from '../format';
import { Figure, signColor, tradeColumns, usd } from './figures';
import type { BacktestCandles } from './candles';
import candleData from './backtest-candles.json';
import { EquityChart, TradesChart } from './charts';

const candles = candleData as unknown as BacktestCandles;

const INTERVALS = [
  { value: '1h', label: 'Hourly 2021–23' },
  { value: '15m', label: '15 min 2024–26' },
] as const;

function Run({ run }: { run: PublishedBacktest }) {
  const s = run.stats;
  const chart = candles[`${run.bot}-${run.interval}`];
  const trades = run.recentTrades.map((t, i) => ({ ...t, key: String(i) })).reverse();
  return (
    <Stack gap="5">
      <Text>{run.summary}</Text>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Figure label="Total return" value={pctText(s.totalReturnPct)} color={signColor(s.totalReturnPct)} />
        <Figure label="Buy and hold" value={pctText(run.buyAndHold.returnPct)} />
        <Figure label="Win rate" value={`${s.winRatePct.toFixed(1)}%`} />
        <Figure label="Max drawdown" value={`${s.maxDrawdownPct.toFixed(1)}%`} />
        <Figure label="Winning trades" value={String(s.wins)} color="gain.fg" />
        <Figure label="Losing trades" value={String(s.losses)} color="red.fg" />
        <Figure label="Profit factor" value={s.profitFactor === null ? 'n/a' : s.profitFactor.toFixed(2)} />
        <Figure label="Sharpe" value={s.sharpe === null ? 'n/a' : s.sharpe.toFixed(2)} />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {s.trades} trades on {run.symbol} {run.interval} from {run.period}, starting with {usd(run.capital)}
        {run.leverage > 1 ? ` at ${run.leverage}x` : ''}; fees {(run.fees.taker * 100).toFixed(2)}% per fill
        and slippage included. {run.killed ? 'The kill switch halted the bot in this period.' : ''}
      </Text>

      <Stack gap="2">
        <Text fontWeight="semibold">Equity</Text>
        <EquityChart points={run.equity} label={`${run.bot} backtest equity curve`} />
      </Stack>
      {chart ? (
        <Stack gap="2">
          <Text fontWeight="semibold">The last {run.recentTrades.length} trades on the price</Text>
          <TradesChart
            bars={chart.bars}
            barMs={chart.barMs}
            trades={run.recentTrades}
            symbol={run.symbol}
            label={`${run.bot} backtest trades on the price`}
          />
          <Text fontSize="xs" color="fg.muted">
            Arrows mark entries (up: long, down: short); dots mark exits (green: gain, red: loss).
          </Text>
        </Stack>
      ) : null}

      <Stack gap="2">
        <Text fontWeight="semibold">Quarterly returns</Text>
        <DataTable
          label="Quarterly returns"
          rows={[...s.quarterly]}
          rowKey={(q) => q.quarter}
          columns={[
            { header: 'Quarter', cell: (q) => q.quarter },
            { header: 'Start', cell: (q) => usd(q.startEquity), align: 'end' },
            { header: 'End', cell: (q) => usd(q.endEquity), align: 'end' },
            {
              header: 'Return',
              align: 'end',
              cell: (q) => (
                <Text as="span" color={signColor(q.returnPct)}>
                  {pctText(q.returnPct)}
                </Text>
              ),
            },
          ]}
        />
      </Stack>

      <Stack gap="2">
        <Text fontWeight="semibold">Trade history (latest {trades.length}, newest first)</Text>
        <DataTable
          label="Backtest trade history"
          rows={trades}
          rowKey={(t) => t.key}
          columns={tradeColumns(run.symbol)}
        />
      </Stack>
    </Stack>
  );
}

export default function BacktestPanel({ bot }: { bot: PageBotId }) {
  const [interval, setPeriod] = useState<'1h' | '15m'>('1h');
  const run = publishedBacktest(bot, interval);
  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Badge colorPalette="purple" variant="subtle" size="lg" whiteSpace="normal">
          Backtest on real Binance candles (out-of-sample)
        </Badge>
        <SegmentGroup.Root
          size="sm"
          value={interval}
          onValueChange={(e) => e.value && setPeriod(e.value as '1h' | '15m')}
          aria-label="Backtest period"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={[...INTERVALS]} />
        </SegmentGroup.Root>
      </HStack>
      {run ? <Run run={run} /> : <Box color="fg.muted">No published backtest for this bot.</Box>}
    </Stack>
  );
}
