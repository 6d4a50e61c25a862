/**
 * bench/web: "Backtest these settings" in Chromium against the same run in Node. The engine's
 * browser entry (engine/backtest/member.ts, runMemberBacktest, bundled with esbuild as Vite bundles
 * it for the worker) runs a year of hourly BTCUSDT candles from the shipped compact file
 * (web/src/bots/backtest/market/), first in a dedicated Web Worker as the page runs it, then on a
 * page's main thread under Chromium's 4x CPU throttling (Lighthouse's phone-class slowdown; Chromium
 * throttles the page's thread, not a worker's). Node runs the same function on the same decoded
 * candles in this process. Node and the worker give the best of RUNS, in milliseconds (the ratio
 * is worker / Node, measured in the same run); the throttled page gives the mean of its RUNS, as
 * Chromium throttles by pausing the thread part of the time and a best-of would dodge the pauses.
 *
 *   npx tsx bench/web/backtest.ts        (about 30 s; needs /usr/bin/chromium or CHROMIUM_PATH)
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { runMemberBacktest, type MemberBacktestRequest } from '#engine/backtest/member';
import { decodeCompactCandles } from '#engine/data/compact-candles';
import { pad } from '../engine/data';

const RUNS = 15;
const THROTTLE = 4;
const YEAR = { from: Date.UTC(2025, 3, 25), to: Date.UTC(2026, 3, 25) };
const CASES: { name: string; request: MemberBacktestRequest }[] = [
  {
    name: 'manual DCA ladder',
    request: {
      settings: {
        kind: 'manual-dca',
        symbol: 'BTCUSDT',
        initial: 50,
        stages: [
          { timesX: 1, per: 2 },
          { timesX: 2, per: 3 },
          { timesX: 3, per: 4 },
        ],
        takeProfitPct: 2,
        oneShot: false,
      },
      ...YEAR,
    },
  },
  {
    name: 'DCA King preset',
    request: { settings: { kind: 'dca-preset', bot: 'dcaking', amount: 1000 }, ...YEAR },
  },
  { name: 'Trendex grid', request: { settings: { kind: 'bot', bot: 'classic', amount: 1000 }, ...YEAR } },
  { name: 'Alpha', request: { settings: { kind: 'bot', bot: 'alfa', amount: 300 }, ...YEAR } },
  { name: 'Quant', request: { settings: { kind: 'bot', bot: 'quant', amount: 1500 }, ...YEAR } },
];

const file = gunzipSync(
  readFileSync(new URL('../../web/src/bots/backtest/market/BTCUSDT-1h.bin', import.meta.url)),
);
const history = decodeCompactCandles(file);

/** The best of RUNS timings of `fn` in ms (the first runs warm the JIT up, as in the browser). */
const bestOf = (fn: () => unknown) => {
  let best = Infinity;
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
};

// The engine as the browser gets it: one bundle exposing runMemberBacktest and the decoder.
const bundle = await build({
  stdin: {
    contents:
      "export { runMemberBacktest } from './engine/backtest/member';\n" +
      "export { decodeCompactCandles } from './engine/data/compact-candles';\n",
    resolveDir: new URL('../..', import.meta.url).pathname,
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  globalName: 'trendexEngine',
  platform: 'browser',
  minify: true,
  write: false,
});
const engineJs = bundle.outputFiles[0].text;

/** Runs in the browser (worker or page): decodes the candles, then times each case like bestOf. */
const timeCases = (bytes: number[], cases: MemberBacktestRequest[], runs: number) => {
  const { runMemberBacktest: run, decodeCompactCandles: decode } = (
    globalThis as unknown as {
      trendexEngine: typeof import('../../engine/backtest/member') &
        typeof import('../../engine/data/compact-candles');
    }
  ).trendexEngine;
  const candles = decode(new Uint8Array(bytes));
  return cases.map((request) => {
    let best = Infinity;
    let total = 0;
    let trades = 0;
    for (let r = 0; r < runs; r++) {
      const t = performance.now();
      trades = run(request, candles).stats.trades;
      const ms = performance.now() - t;
      best = Math.min(best, ms);
      total += ms;
    }
    return { ms: best, mean: total / runs, trades };
  });
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>bench</title>');
  const bytes = Array.from(file);
  const requests = CASES.map((c) => c.request);
  const workerSource = `${engineJs}\nconst timeCases = ${timeCases.toString()};\nonmessage = (e) => postMessage(timeCases(e.data.bytes, e.data.requests, e.data.runs));`;
  const inWorker = await page.evaluate(
    ({ source, bytes, requests, runs }) =>
      new Promise<{ ms: number; mean: number; trades: number }[]>((resolve, reject) => {
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        worker.onmessage = (e) => resolve(e.data);
        worker.onerror = (e) => reject(new Error(e.message));
        worker.postMessage({ bytes, requests, runs });
      }),
    { source: workerSource, bytes, requests, runs: RUNS },
  );
  await page.addScriptTag({ content: `${engineJs}\nwindow.timeCases = ${timeCases.toString()};` });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  const throttled = await page.evaluate(
    ({ bytes, requests, runs }) =>
      (window as unknown as { timeCases: typeof timeCases }).timeCases(bytes, requests, runs),
    { bytes, requests, runs: RUNS },
  );

  console.log(
    `A year of hourly BTCUSDT candles (${runMemberBacktest(CASES[0].request, history).candles} candles), ` +
      `best of ${RUNS}; Chromium ${browser.version()}, Node ${process.version}`,
  );
  console.log(
    `${'settings'.padEnd(20)}${pad('trades', 8)}${pad('Node ms', 10)}${pad('worker ms', 11)}${pad('worker/Node', 13)}` +
      `${pad(`page ${THROTTLE}x CPU, mean ms`, 24)}`,
  );
  let failures = 0;
  CASES.forEach((c, k) => {
    const node = runMemberBacktest(c.request, history);
    const nodeMs = bestOf(() => runMemberBacktest(c.request, history));
    // The same engine on the same candles: the browser's trades must be Node's.
    if (inWorker[k].trades !== node.stats.trades || throttled[k].trades !== node.stats.trades) failures++;
    console.log(
      `${c.name.padEnd(20)}${pad(node.stats.trades, 8)}${pad(nodeMs.toFixed(2), 10)}${pad(inWorker[k].ms.toFixed(2), 11)}` +
        `${pad(`${(inWorker[k].ms / nodeMs).toFixed(2)}x`, 13)}${pad(throttled[k].mean.toFixed(2), 24)}`,
    );
  });
  const slowest = Math.max(...throttled.map((t) => t.mean));
  console.log(`slowest at ${THROTTLE}x CPU throttling: ${slowest.toFixed(1)} ms (goal: under 1000 ms)`);
  if (failures > 0 || slowest >= 1000) {
    console.error(failures > 0 ? 'the browser and Node disagree on the trades' : 'over the 1 s goal');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
}
