/**
 * "Backtest these settings": the member's own settings (a bot page's amount, a DCA preset on the
 * member's amount, the manual ladder as entered) run by the engine itself in a Web Worker over the
 * shipped Binance candles, for the period the member picks: a progress bar, then the statistics
 * beside buy-and-hold, the equity curve, the trades on the price and the trade list. Its own lazy
 * chunk; the candles download on the first run only (market.ts).
 */
import { Badge, Box, Button, chakra, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { MemberBacktestResult } from '../../../../engine/backtest/member';
import type { MemberSettings } from '../../../../engine/backtest/settings';
import { getBot } from '../../../../engine/strategies/registry';
import { BOT_NAMES } from '#api/bots';
import type { PageBotId } from '#api/schemas/bots';
import { FormAlert } from '../../components/FormAlert';
import { DataTable } from '../DataTable';
import { pctText } from '../format';
import { EquityChart, TradesChart } from './charts';
import { Figure, signColor, tradeColumns, usd } from './figures';
import { COVERAGE, type BacktestSymbol } from './symbols';
import { useBrowserBacktest, type BrowserBacktest } from './useBrowserBacktest';

const DAY_MS = 86_400_000;
const MAX_AMOUNT = 10_000_000;
const TABLE_TRADES = 50;

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const dayStart = (text: string) => Date.parse(`${text}T00:00:00Z`);

/** The last year of the symbol's candles (after the hole in the data): what a member most likely wants first. */
function defaultPeriod(symbol: BacktestSymbol) {
  const { last, gaps } = COVERAGE[symbol];
  const afterHoles = Math.max(COVERAGE[symbol].first, ...gaps.map(([, end]) => end));
  return { from: isoDay(Math.max(last - 365 * DAY_MS, afterHoles)), to: isoDay(last) };
}

/** The shipped candles of the symbol in words (where they start, end and have a hole). */
function coverageText(symbol: BacktestSymbol) {
  const c = COVERAGE[symbol];
  const holes = c.gaps.map(([a, b]) => `, none from ${isoDay(a)} to ${isoDay(b)}`).join('');
  return `Hourly ${symbol} candles from ${isoDay(c.first)} to ${isoDay(c.last)}${holes}.`;
}

type Props =
  /** A bot page: the member enters the amount. */
  | { readonly bot: PageBotId }
  /**
   * The DCA page: settings from its forms; each new `request` (a counter the form bumps when the
   * member asks) runs them on the period shown.
   */
  | { readonly settings: MemberSettings; readonly symbol: BacktestSymbol; readonly request: number };

export default function BacktestTheseSettings(props: Props) {
  const botId = 'bot' in props ? props.bot : null;
  const symbol = botId
    ? (getBot(botId).symbol as BacktestSymbol)
    : (props as { symbol: BacktestSymbol }).symbol;
  const [period, setPeriod] = useState(() => defaultPeriod(symbol));
  const [amount, setAmount] = useState(() => (botId ? String(getBot(botId).capital) : ''));
  const [invalid, setInvalid] = useState<string | null>(null);
  const { state, run } = useBrowserBacktest();

  const start = (settings: MemberSettings) => {
    const from = dayStart(period.from);
    const to = dayStart(period.to) + DAY_MS;
    if (Number.isNaN(from) || Number.isNaN(to))
      return setInvalid('Pick the first and the last day of the period.');
    setInvalid(null);
    run({ settings, from, to });
  };

  const submit = () => {
    if (!botId) return start((props as { settings: MemberSettings }).settings);
    const value = Number(amount.trim());
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || !(value > 0) || value > MAX_AMOUNT)
      return setInvalid(`Enter the amount in USDT (above 0, at most ${MAX_AMOUNT.toLocaleString('en-US')}).`);
    start({ kind: 'bot', bot: botId, amount: value });
  };

  // The DCA forms ask for a run by bumping `request` (from 1: the form's first ask mounts this).
  const request = 'request' in props ? props.request : 0;
  const asked = useRef(0);
  useEffect(() => {
    if (request === asked.current) return;
    asked.current = request;
    submit();
    // Only a new request runs: a change of period waits for the member's click.
  }, [request]);

  const busy = state.status === 'loading' || state.status === 'running';
  return (
    <Stack gap="4">
      <chakra.form
        aria-label="Backtest these settings"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, sm: botId ? 3 : 2 }} gap="3" alignItems="end">
            {botId && (
              <Field.Root>
                <Field.Label>Amount (USDT)</Field.Label>
                <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
              </Field.Root>
            )}
            {(['from', 'to'] as const).map((end) => (
              <Field.Root key={end}>
                <Field.Label>{end === 'from' ? 'From' : 'To'}</Field.Label>
                <Input
                  type="date"
                  value={period[end]}
                  min={isoDay(COVERAGE[symbol].first)}
                  max={isoDay(COVERAGE[symbol].last)}
                  onChange={(e) => setPeriod((p) => ({ ...p, [end]: e.target.value }))}
                />
              </Field.Root>
            ))}
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            {coverageText(symbol)} The engine that runs the bots runs here, in your browser, with the same
            fees, slippage and risk rules.
          </Text>
          <HStack>
            <Button type="submit" colorPalette="brand" variant="outline" loading={busy}>
              {botId ? 'Backtest these settings' : 'Run again on this period'}
            </Button>
          </HStack>
        </Stack>
      </chakra.form>
      {invalid && <FormAlert status="error">{invalid}</FormAlert>}
      <Outcome state={state} name={botId ? BOT_NAMES[botId] : 'These settings'} />
    </Stack>
  );
}

function Outcome({ state, name }: { state: BrowserBacktest; name: string }) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'error':
      return <FormAlert status="error">{state.message}</FormAlert>;
    case 'loading':
    case 'running':
      return <ProgressBar state={state} />;
    case 'done':
      return <Result result={state.result} engineMs={state.engineMs} name={name} />;
  }
}

/** The download, then the engine's progress through the candles. */
function ProgressBar({ state }: { state: Extract<BrowserBacktest, { status: 'loading' | 'running' }> }) {
  const pct = state.status === 'running' ? Math.round(state.progress * 100) : 0;
  return (
    <Stack gap="1">
      <Text fontSize="sm" role="status">
        {state.status === 'loading' ? 'Getting the candles…' : `Backtesting… ${pct}%`}
      </Text>
      <Box
        role="progressbar"
        aria-label="Backtest progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        h="2"
        borderRadius="full"
        bg="bg.muted"
        overflow="hidden"
      >
        <Box h="full" w={`${pct}%`} bg="brand.solid" transition="width 0.1s" />
      </Box>
    </Stack>
  );
}

function Result({
  result: r,
  engineMs,
  name,
}: {
  result: MemberBacktestResult;
  engineMs: number;
  name: string;
}) {
  const s = r.stats;
  const inUsePct = (r.averageCapitalInUse / r.capital) * 100;
  const onInUse =
    r.averageCapitalInUse > 0 ? ((s.endEquity - r.capital) / r.averageCapitalInUse) * 100 : null;
  const trades = [...r.trades].reverse().slice(0, TABLE_TRADES);
  return (
    <Stack gap="5">
      <Badge colorPalette="purple" variant="subtle" size="lg" whiteSpace="normal" alignSelf="start">
        Backtest of your settings on real Binance candles, run in your browser
      </Badge>
      <Text fontSize="sm" color="fg.muted">
        {r.candles.toLocaleString('en-US')} hourly {r.symbol} candles from {isoDay(r.first)} to{' '}
        {isoDay(r.last)}, starting with {usd(r.capital)}; exchange fees and slippage included. The engine took{' '}
        {engineMs < 10 ? engineMs.toFixed(1) : Math.round(engineMs)} ms.
        {r.killed ? ` The kill switch halted the bot on ${isoDay(r.killed.time)}.` : ''}
      </Text>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Figure label="Total return" value={pctText(s.totalReturnPct)} color={signColor(s.totalReturnPct)} />
        <Figure label="Buy and hold" value={pctText(r.buyAndHold.returnPct)} />
        <Figure label="Max drawdown" value={`${s.maxDrawdownPct.toFixed(1)}%`} />
        <Figure label="Buy and hold drawdown" value={`${r.buyAndHold.maxDrawdownPct.toFixed(1)}%`} />
        <Figure label="Trades" value={s.trades.toLocaleString('en-US')} />
        <Figure label="Win rate" value={`${s.winRatePct.toFixed(1)}%`} />
        <Figure label="Profit factor" value={s.profitFactor === null ? 'n/a' : s.profitFactor.toFixed(2)} />
        <Figure label="Final equity" value={usd(s.endEquity)} color={signColor(s.endEquity - r.capital)} />
        <Figure label="Capital in use" value={`${inUsePct.toFixed(1)}%`} />
        <Figure label="Return on capital in use" value={onInUse === null ? 'n/a' : pctText(onInUse)} />
        <Figure label="Open position P&L" value={usd(s.openPnl)} color={signColor(s.openPnl)} />
        <Figure label="Sharpe" value={s.sharpe === null ? 'n/a' : s.sharpe.toFixed(2)} />
      </SimpleGrid>
      <Stack gap="2">
        <Text fontWeight="semibold">Equity</Text>
        <EquityChart points={r.equity} label={`${name}: your backtest's equity curve`} />
      </Stack>
      {r.trades.length > 0 ? (
        <Stack gap="2">
          <Text fontWeight="semibold">
            {r.trades.length < s.trades ? `The last ${r.trades.length} trades` : 'The trades'} on the price
          </Text>
          <TradesChart
            bars={r.bars}
            barMs={r.barMs}
            trades={r.trades}
            label={`${name}: your backtest's trades on the price`}
          />
          <Text fontSize="xs" color="fg.muted">
            Arrows mark entries (up: long, down: short); dots mark exits (green: gain, red: loss).
          </Text>
          <Text fontWeight="semibold">
            Trade history (latest {trades.length} of {s.trades.toLocaleString('en-US')}, newest first)
          </Text>
          <DataTable
            label="Your backtest's trades"
            rows={trades.map((t, i) => ({ ...t, key: `${t.exitTime}-${i}` }))}
            rowKey={(t) => t.key}
            columns={tradeColumns(r.symbol)}
          />
        </Stack>
      ) : (
        <Text color="fg.muted">No trade closed in this period.</Text>
      )}
    </Stack>
  );
}
