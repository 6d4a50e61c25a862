/**
 * The home page's screenshots of the app (web/public/images/dashboard-{bots,overview,portfolio}.svg),
 * drawn from engine/published so that every figure about a bot on them is a published out-of-sample
 * backtest figure, and each image says so. scripts/publish-backtests.ts writes them with the JSON.
 */
import type { PublishedBacktest } from '#engine/published/types';
import { getBot } from '#engine/strategies/registry';

const NAV = ['Dashboard', 'Bots', 'Portfolio', 'Team', 'Wallet', 'Exchange'] as const;
const GREEN = '#2fd89e';
const RED = '#ff6b6b';
const MUTED = '#7f93b8';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const pct = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}%`;
const tone = (x: number) => (x >= 0 ? GREEN : RED);
const text = (x: number, y: number, fill: string, size: number, body: string, extra = '') =>
  `<text x="${x}" y="${y}" fill="${fill}" font-size="${size}"${extra}>${esc(body)}</text>`;

/** The window, sidebar and title every screenshot shares. */
function chrome(path: string, active: (typeof NAV)[number], label: string, body: string[]): string {
  const nav = NAV.map((item, k) => {
    const y = 115 + 36 * k;
    const on = item === active;
    const mark = on
      ? `<rect x="10" y="${y - 19}" width="130" height="28" rx="7" fill="#1a2c5a"/><rect x="10" y="${y - 19}" width="3" height="28" rx="1.5" fill="#598dff"/>\n`
      : '';
    return mark + text(26, y, on ? '#fff' : MUTED, 12, item, on ? ' font-weight="600"' : '');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 520" font-family="system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif" role="img" aria-label="${esc(label)}">`,
    `<rect width="800" height="520" rx="18" fill="#0b1326"/>`,
    `<rect x="0" y="0" width="800" height="44" rx="18" fill="#0e1830"/><rect x="0" y="26" width="800" height="18" fill="#0e1830"/>`,
    `<circle cx="24" cy="22" r="5" fill="#ff5f57"/><circle cx="42" cy="22" r="5" fill="#febc2e"/><circle cx="60" cy="22" r="5" fill="#28c840"/>`,
    `<rect x="300" y="13" width="200" height="18" rx="9" fill="#16223f"/>${text(400, 26, MUTED, 10, `app.trendex / ${path}`, ' text-anchor="middle"')}`,
    `<rect x="0" y="44" width="150" height="476" fill="#0d1629"/>`,
    `<rect x="18" y="62" width="22" height="22" rx="6" fill="#1d48f0"/><rect x="23" y="74" width="3" height="6" fill="#bcd3ff"/><rect x="28" y="70" width="3" height="10" fill="#fff"/><rect x="33" y="66" width="3" height="14" fill="${GREEN}"/>`,
    text(48, 79, '#fff', 14, 'Trendex', ' font-weight="700"'),
    ...nav,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** A polyline of the run's equity curve inside the box (x, y, w, h). */
function sparkline(
  run: PublishedBacktest,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
): string {
  const values = run.equity.map((p) => p[1]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const points = values.map(
    (v, k) =>
      `${(x + (w * k) / (values.length - 1)).toFixed(1)},${(y + h - ((v - lo) / span) * h).toFixed(1)}`,
  );
  return `<path d="M${points.join(' L')}" fill="none" stroke="${color}" stroke-width="2"/>`;
}

const years = (run: PublishedBacktest) => `${run.period.slice(0, 4)}–${run.period.slice(-8, -6)}`;

const marketOf = (run: PublishedBacktest) =>
  run.market === 'spot' ? `Spot · ${run.symbol}` : `Futures ${run.leverage}x · ${run.symbol}`;

/** Bot marketplace: six cards, each a bot's out-of-sample return next to buy-and-hold. */
export function botsSvg(bots: readonly (readonly PublishedBacktest[])[]): string {
  const cards = bots.slice(0, 6).map((runs, k) => {
    const x = 172 + 204 * (k % 3);
    const y = 122 + 192 * Math.floor(k / 3);
    const run = runs[0];
    return [
      `<g data-bot="${run.bot}">`,
      `<rect x="${x}" y="${y}" width="192" height="180" rx="12" fill="#111c35" stroke="#1c2a4a"/>`,
      text(x + 14, y + 24, '#fff', 13, getBot(run.bot).name, ' font-weight="700"'),
      text(x + 14, y + 40, MUTED, 10, marketOf(run)),
      sparkline(run, x + 14, y + 50, 164, 40, tone(run.stats.totalReturnPct)),
      // each period: the return, buy-and-hold and the worst drop, and a halt where there was one
      ...runs.flatMap((r, j) => {
        const top = y + 110 + 34 * j;
        return [
          text(
            x + 14,
            top,
            tone(r.stats.totalReturnPct),
            12,
            `${years(r)} ${pct(r.stats.totalReturnPct)}`,
            ' font-weight="700"',
          ),
          r.killed ? text(x + 178, top, RED, 10, 'halted', ' text-anchor="end"') : '',
          text(
            x + 14,
            top + 14,
            MUTED,
            9,
            `hold ${pct(r.buyAndHold.returnPct)} · worst drop ${r.stats.maxDrawdownPct.toFixed(1)}%`,
          ),
        ];
      }),
      '</g>',
    ].join('');
  });
  return chrome(
    'bots',
    'Bots',
    'Trendex bot marketplace: out-of-sample backtest results of six bots in two periods',
    [
      text(172, 80, '#fff', 18, 'Bot marketplace', ' font-weight="700"'),
      text(172, 100, MUTED, 11, 'Out-of-sample backtests of two periods, fees included · not live results'),
      ...cards,
    ],
  );
}

/**
 * Dashboard: one bot's out-of-sample periods side by side (return, buy-and-hold, worst drop,
 * whether the kill switch halted it) over its equity curve, and other bots' returns in both periods:
 * no period's figure without the other's.
 */
export function overviewSvg(
  featured: readonly PublishedBacktest[],
  others: readonly (readonly PublishedBacktest[])[],
): string {
  const name = getBot(featured[0].bot).name;
  const tiles = featured.slice(0, 2).map((run, k) => {
    const x = 172 + 306 * k;
    const s = run.stats;
    return [
      `<rect x="${x}" y="114" width="294" height="76" rx="12" fill="#111c35" stroke="#1c2a4a"/>`,
      text(x + 16, 136, MUTED, 11, `${name}, tested ${years(run)}${run.killed ? ' · halted' : ''}`),
      text(x + 16, 166, tone(s.totalReturnPct), 22, pct(s.totalReturnPct), ' font-weight="700"'),
      text(x + 100, 160, MUTED, 10, `hold ${pct(run.buyAndHold.returnPct)}`),
      text(
        x + 100,
        176,
        MUTED,
        10,
        `worst drop ${s.maxDrawdownPct.toFixed(1)}% (hold ${run.buyAndHold.maxDrawdownPct.toFixed(1)}%)`,
      ),
    ].join('');
  });
  const list = others.slice(0, 4).map((runs, k) => {
    const y = 258 + 60 * k;
    const bot = runs[0].bot;
    return [
      `<g data-bot="${bot}">`,
      text(588, y, '#fff', 12, getBot(bot).name, ' font-weight="600"'),
      ...runs
        .filter((r) => r.killed)
        .map((r) => text(770, y, RED, 9, `halted ${years(r)}`, ' text-anchor="end"')),
      ...runs.flatMap((r, j) => [
        text(
          588,
          y + 15 + 13 * j,
          tone(r.stats.totalReturnPct),
          10,
          `${years(r)} ${pct(r.stats.totalReturnPct)}`,
        ),
        text(690, y + 15 + 13 * j, MUTED, 9, `hold ${pct(r.buyAndHold.returnPct)}`),
      ]),
      '</g>',
    ].join('');
  });
  const first = featured[0];
  return chrome(
    'dashboard',
    'Dashboard',
    'Trendex dashboard: out-of-sample backtests of two periods, next to buy-and-hold, and other bots in both periods',
    [
      text(172, 80, '#fff', 18, 'Backtest overview', ' font-weight="700"'),
      text(172, 98, MUTED, 11, `Out-of-sample backtests, fees included · not a live account`),
      ...tiles,
      `<g data-bot="${first.bot}"><rect x="172" y="206" width="396" height="294" rx="12" fill="#111c35" stroke="#1c2a4a"/>`,
      text(
        188,
        232,
        '#fff',
        13,
        `${name} equity ${years(first)} (start ${first.capital} USDT)`,
        ' font-weight="600"',
      ),
      sparkline(first, 188, 250, 364, 230, tone(first.stats.totalReturnPct)) + '</g>',
      `<rect x="580" y="206" width="200" height="294" rx="12" fill="#111c35" stroke="#1c2a4a"/>`,
      text(588, 232, '#fff', 13, 'Other bots, both periods', ' font-weight="600"'),
      ...list,
    ],
  );
}

/** The home page's three images from the published runs (scripts/publish-backtests.ts writes them). */
export function dashboardImages(runs: readonly PublishedBacktest[]): Record<string, string> {
  const of = (id: string) => runs.filter((r) => r.bot === id);
  const hourly = (id: string) => of(id).find((r) => r.interval === '1h')!;
  return {
    'dashboard-bots.svg': botsSvg(['dcaking', 'classic', 'zeno3x', 'alfa', 'candles', 'nero'].map(of)),
    'dashboard-overview.svg': overviewSvg(of('zeno'), ['universal', 'glint', 'quant', 'candles'].map(of)),
    'dashboard-portfolio.svg': portfolioSvg(hourly('zeno')),
  };
}

/** Portfolio: the latest closed trades of one bot's out-of-sample backtest. */
export function portfolioSvg(run: PublishedBacktest): string {
  const columns = [
    ['Side', 188],
    ['Quantity', 250],
    ['Entry', 340],
    ['Exit', 440],
    ['Closed', 540],
    ['PnL (USDT)', 760],
  ] as const;
  const header = columns.map(([label, x]) =>
    text(x, 154, MUTED, 11, label, ` font-weight="600"${x === 760 ? ' text-anchor="end"' : ''}`),
  );
  const rows = run.recentTrades
    .slice(-8)
    .reverse()
    .map((t, k) => {
      const y = 196 + 40 * k;
      return [
        text(188, y, t.side === 'long' ? GREEN : RED, 12, t.side.toUpperCase(), ' font-weight="600"'),
        text(250, y, '#fff', 12, t.size.toFixed(4)),
        text(340, y, '#fff', 12, t.entryPrice.toFixed(1)),
        text(440, y, '#fff', 12, t.exitPrice.toFixed(1)),
        text(540, y, MUTED, 12, new Date(t.exitTime).toISOString().slice(0, 10)),
        text(
          760,
          y,
          tone(t.pnl),
          12,
          `${t.pnl >= 0 ? '+' : '−'}${Math.abs(t.pnl).toFixed(2)}`,
          ' text-anchor="end"',
        ),
      ].join('');
    });
  return chrome(
    'portfolio',
    'Portfolio',
    'Trendex portfolio: the latest trades of an out-of-sample backtest',
    [
      text(172, 80, '#fff', 18, `${getBot(run.bot).name} · latest trades`, ' font-weight="700"'),
      text(
        172,
        100,
        MUTED,
        11,
        `Out-of-sample backtest, ${run.symbol} ${run.interval}, ${run.period} · not live positions`,
      ),
      `<rect x="172" y="132" width="608" height="368" rx="12" fill="#111c35" stroke="#1c2a4a"/>`,
      `<rect x="173" y="133" width="606" height="34" rx="11" fill="#142040"/>`,
      ...header,
      ...rows,
    ],
  );
}
