/**
 * "Backtest these settings": the browser's worker runs runMemberBacktest over the compact candle
 * files the web app ships (web/src/bots/backtest/market/). These tests read the same files, decode
 * them as the worker does, and hold the result to the Node backtest of the shipped CSV candles.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runBacktest } from '#engine/backtest/backtest';
import { backtestBot } from '#engine/backtest/bot';
import { defaultConfig } from '#engine/backtest/config';
import { BacktestInputError, runMemberBacktest, type MemberBacktestRequest } from '#engine/backtest/member';
import { deploymentModel, memberModel, type MemberSettings } from '#engine/backtest/settings';
import { candlesBetween, candlesFromRows } from '#engine/candles';
import { decodeCompactCandles, encodeCompactCandles } from '#engine/data/compact-candles';
import { loadHourlyHistory } from '#engine/data/load-candles';
import { HOUR_MS } from '#engine/published/periods';
import { buyAndHold } from '#engine/stats/buy-and-hold';
import { dcaPresetParams } from '#engine/strategies/dca-presets';
import { dcaStrategy } from '#engine/strategies/dca';
import { modelOf } from '#functions/bots/model';
import { BACKTEST_SYMBOLS } from '../../../web/src/bots/backtest/symbols';

const shipped = (symbol: string) =>
  decodeCompactCandles(
    gunzipSync(
      readFileSync(new URL(`../../../web/src/bots/backtest/market/${symbol}-1h.bin`, import.meta.url)),
    ),
  );

const YEAR_2022 = { from: Date.UTC(2022, 0, 1), to: Date.UTC(2023, 0, 1) };
const LADDER: MemberSettings = {
  kind: 'manual-dca',
  symbol: 'ETHUSDT',
  initial: 40,
  stages: [
    { timesX: 1, per: 2 },
    { timesX: 2, per: 3 },
    { timesX: 3, per: 5 },
  ],
  takeProfitPct: 2,
  oneShot: false,
};

describe('the browser backtest', () => {
  it('ships, for each symbol, every hourly candle of data/market exactly as the CSV files parse', () => {
    for (const symbol of BACKTEST_SYMBOLS) {
      const file = shipped(symbol);
      const csv = loadHourlyHistory(symbol);
      expect(file.length).toBe(csv.length);
      for (const column of ['time', 'open', 'high', 'low', 'close'] as const)
        expect(file[column], `${symbol} ${column}`).toEqual(csv[column]);
    }
  });

  it('runs a manual ladder as the Node backtest does, with the capital the server allocates', () => {
    const request: MemberBacktestRequest = { settings: LADDER, ...YEAR_2022 };
    const browser = runMemberBacktest(request, shipped('ETHUSDT'));
    // The Node side: the CSV candles, the DCA strategy with the server's own model of the deployment.
    const candles = candlesBetween(loadHourlyHistory('ETHUSDT'), YEAR_2022.from, YEAR_2022.to);
    const deployed = modelOf({
      bot: 'dca',
      capital: 40 * 7 * 1e6,
      params: { ...memberModel(LADDER).params },
    });
    const node = runBacktest(deployed.strategy, deployed.params, candles, deployed.config);
    expect(browser.capital).toBe(280);
    expect(browser.stats).toEqual(node.stats);
    expect(browser.stats.trades).toBeGreaterThan(0);
    expect(browser.trades).toEqual(node.trades.slice(-200));
    expect(browser.averageCapitalInUse).toBe(node.averageCapitalInUse);
    expect(browser.buyAndHold).toEqual(buyAndHold(candles));
    expect(browser.equity.at(-1)).toEqual([node.time.at(-1), node.equity.at(-1)]);
    expect(browser.equity.length).toBeLessThanOrEqual(1001);
    expect(browser.first).toBe(Date.UTC(2022, 0, 1));
    expect(browser.last).toBe(Date.UTC(2022, 11, 31, 23));
  });

  it('runs a DCA preset on the member’s amount and a bot page’s bot as the Node backtest does', () => {
    const preset = runMemberBacktest(
      { settings: { kind: 'dca-preset', bot: 'dcaking', amount: 500 }, ...YEAR_2022 },
      shipped('BTCUSDT'),
    );
    const candles = candlesBetween(loadHourlyHistory('BTCUSDT'), YEAR_2022.from, YEAR_2022.to);
    const node = runBacktest(
      dcaStrategy,
      dcaPresetParams('dcaking', 500),
      candles,
      defaultConfig('spot', 500),
    );
    expect(preset.stats).toEqual(node.stats);

    for (const bot of ['zeno3x', 'classic'] as const) {
      const browser = runMemberBacktest(
        { settings: { kind: 'bot', bot, amount: 800 }, ...YEAR_2022 },
        shipped('BTCUSDT'),
      );
      const model = deploymentModel(bot, 800);
      const nodeRun = runBacktest(model.strategy, model.params, candles, model.config);
      expect(browser.stats, bot).toEqual(nodeRun.stats);
      expect(browser.killed, bot).toEqual(nodeRun.killed);
    }
    // On the bot's own capital, the same run as the engine's backtestBot of the registry's bot.
    const own = runMemberBacktest(
      { settings: { kind: 'bot', bot: 'zeno', amount: 50 }, ...YEAR_2022 },
      shipped('BTCUSDT'),
    );
    expect(own.stats).toEqual(backtestBot('zeno', candles).result.stats);
  });

  it('reports its progress through the candles, ending at all of them', () => {
    const seen: number[] = [];
    runMemberBacktest({ settings: LADDER, ...YEAR_2022 }, shipped('ETHUSDT'), (done, total) => {
      expect(total).toBe(8760);
      seen.push(done);
    });
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.at(-1)).toBe(8760);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('draws the price in at most about 600 bars that hold every candle and each trade’s time', () => {
    const r = runMemberBacktest(
      { settings: LADDER, from: Date.UTC(2018, 0, 1), to: Date.UTC(2023, 0, 1) },
      shipped('ETHUSDT'),
    );
    expect(r.bars.length).toBeLessThanOrEqual(601);
    expect(r.barMs % HOUR_MS).toBe(0);
    const [first, last] = [r.bars[0], r.bars.at(-1)!];
    for (const t of r.trades) {
      expect(t.entryTime).toBeGreaterThanOrEqual(first[0]);
      expect(t.exitTime).toBeLessThan(last[0] + r.barMs);
    }
    expect(Math.max(...r.bars.map((b) => b[2]))).toBe(
      Math.max(...candlesBetween(shipped('ETHUSDT'), Date.UTC(2018, 0, 1), Date.UTC(2023, 0, 1)).high),
    );
  });

  it('refuses a period across the hole in the shipped data, too short a period and impossible settings, in words', () => {
    const history = shipped('BTCUSDT');
    const across = { settings: LADDER, from: Date.UTC(2023, 0, 1), to: Date.UTC(2024, 11, 1) };
    expect(() => runMemberBacktest(across, history)).toThrow(
      new BacktestInputError(
        'The shipped candles have no data from 2023-03-03 to 2024-07-10: pick a period on one side of that gap.',
      ),
    );
    // a period that only runs into the hole would be cut short without a word: refused as well
    const into = { settings: LADDER, from: Date.UTC(2023, 0, 1), to: Date.UTC(2024, 0, 1) };
    expect(() => runMemberBacktest(into, history)).toThrow(
      'The shipped candles have no data from 2023-03-03 to 2024-01-01: pick a period on one side of that gap.',
    );
    expect(() =>
      runMemberBacktest({ settings: LADDER, from: Date.UTC(2030, 0, 1), to: Date.UTC(2031, 0, 1) }, history),
    ).toThrow(/pick a period of at least two days inside them/);
    expect(() =>
      runMemberBacktest({ settings: LADDER, from: Date.UTC(2022, 1, 1), to: Date.UTC(2022, 0, 1) }, history),
    ).toThrow('The period must end after it starts.');
    const noStep = { ...LADDER, stages: [{ timesX: 1, per: 0 }] } as MemberSettings;
    expect(() => runMemberBacktest({ settings: noStep, ...YEAR_2022 }, history)).toThrow(
      'These settings cannot run: stage timesX, per must be > 0.',
    );
  });

  it('encodes only what it decodes back exactly', () => {
    const rows = [
      { time: 0, open: 1.5, high: 2.25, low: 1.125, close: 2 },
      { time: HOUR_MS, open: 2, high: 2.5, low: 1.75, close: 2.125 },
    ];
    expect(decodeCompactCandles(encodeCompactCandles(candlesFromRows(rows), HOUR_MS)).close).toEqual(
      Float64Array.from([2, 2.125]),
    );
    const offStep = candlesFromRows([rows[0], { ...rows[1], time: HOUR_MS / 2 }]);
    expect(() => encodeCompactCandles(offStep, HOUR_MS)).toThrow(/does not survive the compact encoding/);
  });
});
