import { Box, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  LineSeries,
  createChart,
  createSeriesMarkers,
  type IChartApi,
  type SeriesMarker,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useTheme } from 'next-themes';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { dateText, pctText, priceText, usdFigure } from '../format';

const GAIN = '#12b886';
const LOSS = '#e03131';
const BRAND = '#3366ff';
const GRAY = '#868e96';

const sec = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/**
 * A lightweight-charts chart in a box that follows the box's width and the colour mode; its price
 * axis and crosshair label write values with `priceFormat` (thousands separators, the right decimals).
 */
function useChart(draw: (chart: IChartApi) => void, deps: unknown[], priceFormat: (x: number) => string) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useTheme().resolvedTheme === 'dark';
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: dark ? '#c9ccd4' : '#495057',
        attributionLogo: true,
      },
      grid: {
        vertLines: { color: dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)' },
        horzLines: { color: dark ? 'rgba(255,255,255,0.06)' : 'rgba(0,0,0,0.06)' },
      },
      timeScale: { timeVisible: true, borderVisible: false },
      rightPriceScale: { borderVisible: false },
      handleScroll: { vertTouchDrag: false },
      localization: { priceFormatter: priceFormat },
    });
    draw(chart);
    chart.timeScale().fitContent();
    return () => chart.remove();
    // redrawn when the data or the colour mode changes
  }, [dark, ...deps]);
  return box;
}

/**
 * A chart as assistive tech meets it: a figure named by `label` and described by `summary`, the
 * figures it draws in words; `figures` (a visually hidden table) lists them where a sentence would
 * not do. The canvas itself says nothing; the library's attribution link inside stays reachable.
 */
function ChartFigure({
  box,
  h,
  label,
  summary,
  figures,
}: {
  box: RefObject<HTMLDivElement | null>;
  h: Record<string, string>;
  label: string;
  summary: string;
  figures?: ReactNode;
}) {
  const id = useId();
  return (
    <Box as="figure" m="0" aria-label={label} aria-describedby={id}>
      <Box ref={box} h={h} w="full" />
      <Text id={id} srOnly>
        {summary}
      </Text>
      {figures && <VisuallyHidden>{figures}</VisuallyHidden>}
    </Box>
  );
}

const amount = (x: number) => `${usdFigure(x)} USDT`;

/** Where a series starts and ends, and its lowest and highest points, in words. */
const rangeSummary = (
  what: string,
  points: readonly (readonly [number, number])[],
  unit: (x: number) => string,
) => {
  if (points.length === 0) return `No ${what} to draw.`;
  const low = points.reduce((a, b) => (b[1] < a[1] ? b : a));
  const high = points.reduce((a, b) => (b[1] > a[1] ? b : a));
  const [first, last] = [points[0], points[points.length - 1]];
  return (
    `${what} from ${unit(first[1])} on ${dateText(first[0])} to ${unit(last[1])} on ${dateText(last[0])}; ` +
    `lowest ${unit(low[1])} on ${dateText(low[0])}, highest ${unit(high[1])} on ${dateText(high[0])}.`
  );
};

/** The backtest's equity over its period. */
export function EquityChart({
  points,
  label,
}: {
  points: readonly (readonly [number, number])[];
  label: string;
}) {
  const box = useChart(
    (chart) => {
      const series = chart.addSeries(AreaSeries, {
        lineColor: BRAND,
        topColor: 'rgba(51,102,255,0.35)',
        bottomColor: 'rgba(51,102,255,0.02)',
        lineWidth: 2,
      });
      series.setData(points.map(([t, v]) => ({ time: sec(t), value: v })));
    },
    [points],
    usdFigure,
  );
  return (
    <ChartFigure
      box={box}
      h={{ base: '56', md: '72' }}
      label={label}
      summary={rangeSummary('Equity', points, amount)}
    />
  );
}

/** Two equity curves over the same times: the live one from fills, the model's from the backtester. */
export function LiveModelChart({
  live,
  model,
  label,
}: {
  live: readonly (readonly [number, number])[];
  model: readonly (readonly [number, number])[];
  label: string;
}) {
  const box = useChart(
    (chart) => {
      const drawn = chart.addSeries(LineSeries, {
        color: GRAY,
        lineWidth: 2,
        lineStyle: 2,
        title: 'Backtest',
      });
      drawn.setData(model.map(([t, v]) => ({ time: sec(t), value: v })));
      const real = chart.addSeries(LineSeries, { color: BRAND, lineWidth: 2, title: 'Live' });
      real.setData(live.map(([t, v]) => ({ time: sec(t), value: v })));
    },
    [live, model],
    usdFigure,
  );
  return (
    <ChartFigure
      box={box}
      h={{ base: '56', md: '72' }}
      label={label}
      summary={`${rangeSummary('Live equity', live, amount)} ${rangeSummary('Backtest equity', model, amount)}`}
    />
  );
}

export interface TradeMark {
  side: 'long' | 'short';
  entryTime: number;
  exitTime: number;
  pnl: number;
  returnPct: number;
}

/**
 * The price around the listed trades with an arrow at each entry (up for a long, down for a short)
 * and a dot at each exit (green on a gain, red on a loss), placed on the bar that holds the time.
 */
export function TradesChart({
  bars,
  barMs,
  trades,
  label,
  symbol,
}: {
  bars: [number, number, number, number, number][];
  barMs: number;
  trades: readonly TradeMark[];
  label: string;
  /** The pair the bars are of: prices are written to its tick. */
  symbol?: string;
}) {
  const price = (x: number) => priceText(x, symbol);
  const box = useChart(
    (chart) => {
      const series = chart.addSeries(CandlestickSeries, {
        upColor: GAIN,
        downColor: LOSS,
        borderVisible: false,
        wickUpColor: GAIN,
        wickDownColor: LOSS,
      });
      series.setData(bars.map(([t, open, high, low, close]) => ({ time: sec(t), open, high, low, close })));
      const first = bars[0]?.[0] ?? 0;
      const barOf = (t: number) => sec(first + Math.floor((t - first) / barMs) * barMs);
      const marks: SeriesMarker<UTCTimestamp>[] = [];
      for (const t of trades) {
        marks.push({
          time: barOf(t.entryTime),
          position: t.side === 'long' ? 'belowBar' : 'aboveBar',
          shape: t.side === 'long' ? 'arrowUp' : 'arrowDown',
          color: BRAND,
          text: t.side === 'long' ? 'L' : 'S',
        });
        marks.push({
          time: barOf(t.exitTime),
          position: t.side === 'long' ? 'aboveBar' : 'belowBar',
          shape: 'circle',
          color: t.pnl >= 0 ? GAIN : LOSS,
        });
      }
      marks.sort((a, b) => a.time - b.time);
      createSeriesMarkers(series, marks);
    },
    [bars, trades, barMs, symbol],
    price,
  );
  const closes = bars.map(([t, , , , close]) => [t, close] as const);
  return (
    <ChartFigure
      box={box}
      h={{ base: '64', md: '80' }}
      label={label}
      summary={`${rangeSummary('Closing price', closes, price)} ${trades.length} trades marked, listed in the table that follows.`}
      figures={
        <Table.Root>
          <Table.Caption>{label}: the trades marked</Table.Caption>
          <Table.Header>
            <Table.Row>
              {['Side', 'Entry', 'Exit', 'Result'].map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {trades.map((t) => (
              <Table.Row key={`${t.entryTime}-${t.exitTime}`}>
                <Table.Cell>{t.side === 'long' ? 'Long' : 'Short'}</Table.Cell>
                <Table.Cell>{dateText(t.entryTime)}</Table.Cell>
                <Table.Cell>{dateText(t.exitTime)}</Table.Cell>
                <Table.Cell>{pctText(t.returnPct)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      }
    />
  );
}
