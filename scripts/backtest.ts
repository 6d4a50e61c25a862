/**
 * Backtests one bot on the shipped candles, prints its statistics and writes an offline HTML report
 * (equity curve and trades on the candles, drawn with lightweight-charts inlined from node_modules).
 *
 *   npm run backtest -- --bot zeno --symbol BTCUSDT --from 2023-01-01 --to 2024-01-01 [--interval 1h]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { backtestBot } from '#engine/backtest/bot';
import { candlesBetween } from '#engine/candles';
import { loadCandles } from '#engine/data/load-candles';
import { getBot, isBotId, BOT_IDS } from '#engine/strategies/registry';
import type { BacktestResult } from '#engine/backtest/backtest';
import type { Candles } from '#engine/types';

const { values } = parseArgs({
  options: {
    bot: { type: 'string', default: 'zeno' },
    symbol: { type: 'string' },
    interval: { type: 'string' },
    from: { type: 'string', default: '2017-01-01' },
    to: { type: 'string', default: '2100-01-01' },
    out: { type: 'string' },
  },
});

if (!isBotId(values.bot)) throw new Error(`unknown bot '${values.bot}', one of: ${BOT_IDS.join(', ')}`);
const bot = getBot(values.bot);
const symbol = values.symbol ?? bot.symbol;
const interval = values.interval ?? bot.interval;
const candles = candlesBetween(loadCandles(symbol, interval), Date.parse(values.from), Date.parse(values.to));
if (candles.length === 0)
  throw new Error(`no ${symbol} ${interval} candles between ${values.from} and ${values.to}`);

function progress(done: number, total: number): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} candles`);
  if (done === total) process.stderr.write('\n');
}

const { config, result } = backtestBot(bot.id, candles, {}, { onProgress: progress, chunkSize: 8192 });
const s = result.stats;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);
const period = `${day(candles.time[0])} to ${day(candles.time[candles.length - 1])}`;
const fmt = (x: number | null, digits = 2) => (x === null ? 'n/a' : x.toFixed(digits));

const summary = [
  `Backtest: ${bot.name} (${bot.id}) on ${symbol} ${interval}, ${period}, ${candles.length} candles`,
  `Capital ${config.capital} USDT, ${bot.market} ${bot.leverage}x, fees maker ${config.makerFee * 100}% / taker ${config.takerFee * 100}%, slippage ${config.slippage * 100}%${bot.market === 'futures' ? `, funding ${config.fundingRate * 100}% per 8h` : ''}`,
  `End equity ${fmt(s.endEquity)} (${fmt(s.totalReturnPct)}%), max drawdown ${fmt(s.maxDrawdownPct)}%, Sharpe ${fmt(s.sharpe)}`,
  `Trades ${s.trades}: ${s.wins} won, ${s.losses} lost, win rate ${fmt(s.winRatePct, 1)}%, profit factor ${fmt(s.profitFactor)}`,
  `Quarterly: ${s.quarterly.map((q) => `${q.quarter} ${fmt(q.returnPct, 1)}%`).join(', ')}`,
];
console.log(summary.join('\n'));

const outPath =
  values.out ?? `reports/backtest-${bot.id}-${symbol}-${interval}-${values.from}-${values.to}.html`;
mkdirSync('reports', { recursive: true });
writeFileSync(outPath, renderReport(candles, result, summary));
console.log(`Report: ${outPath}`);

/** Charts take seconds (UTC) and at most a few hundred thousand points comfortably. */
function chartData(c: Candles, r: BacktestResult) {
  const step = Math.max(1, Math.ceil(c.length / 200_000));
  const bars = [];
  const equity = [];
  for (let i = 0; i < c.length; i += step) {
    const time = c.time[i] / 1000;
    bars.push({ time, open: c.open[i], high: c.high[i], low: c.low[i], close: c.close[i] });
    equity.push({ time, value: r.equity[i] });
  }
  const markers = r.trades.slice(-2000).flatMap((t) => [
    {
      time: t.entryTime / 1000,
      position: t.side === 'long' ? 'belowBar' : 'aboveBar',
      color: '#2962ff',
      shape: t.side === 'long' ? 'arrowUp' : 'arrowDown',
      text: t.side,
    },
    {
      time: t.exitTime / 1000,
      position: 'aboveBar',
      color: t.pnl > 0 ? '#26a69a' : '#ef5350',
      shape: 'circle',
      text: `${t.pnl.toFixed(2)} ${t.reason}`,
    },
  ]);
  markers.sort((a, b) => a.time - b.time);
  return { bars, equity, markers };
}

function renderReport(c: Candles, r: BacktestResult, lines: string[]): string {
  // The package's exports map hides dist/, so read the standalone bundle by path.
  const bundle = '../node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js';
  const lib = readFileSync(new URL(bundle, import.meta.url), 'utf8');
  const rows = r.trades
    .slice(-500)
    .reverse()
    .map(
      (t) =>
        `<tr><td>${day(t.entryTime)}</td><td>${day(t.exitTime)}</td><td>${t.side}</td><td>${t.entryPrice.toFixed(2)}</td><td>${t.exitPrice.toFixed(2)}</td><td class="${t.pnl > 0 ? 'win' : 'loss'}">${t.pnl.toFixed(2)}</td><td>${t.returnPct.toFixed(2)}%</td><td>${t.reason}</td></tr>`,
    )
    .join('');
  const json = JSON.stringify(chartData(c, r)).replace(/</g, '\\u003c');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${lines[0]}</title>
<style>body{font:14px system-ui;margin:16px;background:#111;color:#ddd}.chart{height:420px;margin:12px 0}
table{border-collapse:collapse;font-size:12px}td,th{padding:2px 8px;border-bottom:1px solid #333}.win{color:#26a69a}.loss{color:#ef5350}</style>
<script>${lib}</script></head><body>
<p><b>BACKTEST</b> (simulated on historical candles, not live trading)</p>${lines.map((l) => `<div>${l}</div>`).join('')}
<h3>Equity</h3><div id="equity" class="chart"></div><h3>Trades on the candles</h3><div id="candles" class="chart"></div>
<h3>Trades (latest 500)</h3><table><tr><th>entry</th><th>exit</th><th>side</th><th>entry price</th><th>exit price</th><th>PnL</th><th>return</th><th>reason</th></tr>${rows}</table>
<script>
const data = ${json};
const opts = { layout: { background: { color: '#111' }, textColor: '#ddd' }, grid: { vertLines: { color: '#222' }, horzLines: { color: '#222' } }, timeScale: { timeVisible: true } };
const eq = LightweightCharts.createChart(document.getElementById('equity'), opts);
eq.addSeries(LightweightCharts.LineSeries, { color: '#f0b90b' }).setData(data.equity);
eq.timeScale().fitContent();
const cc = LightweightCharts.createChart(document.getElementById('candles'), opts);
const series = cc.addSeries(LightweightCharts.CandlestickSeries, {});
series.setData(data.bars);
LightweightCharts.createSeriesMarkers(series, data.markers);
cc.timeScale().fitContent();
</script></body></html>`;
}
