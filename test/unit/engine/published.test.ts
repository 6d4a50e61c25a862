import { describe, expect, it } from 'vitest';
import { loadCandles } from '#engine/data/load-candles';
import { publishRun } from '#engine/published/build';
import { allPublishedBacktests, publishedBacktest, publishedBacktests } from '#engine/published/index';
import { IN_SAMPLE, OUT_OF_SAMPLE } from '#engine/published/periods';
import { BOT_IDS, getBot, type BotId } from '#engine/strategies/registry';

describe('published backtests', () => {
  it('cover every bot on the out-of-sample hourly and 15-minute periods, labelled as such', () => {
    for (const id of BOT_IDS) {
      expect(publishedBacktests(id).map((r) => r.interval)).toEqual(['1h', '15m']);
      for (const r of publishedBacktests(id)) {
        expect(r.label).toBe('backtest');
        expect(r.sample).toBe('out-of-sample');
        expect(r.from).toBeGreaterThanOrEqual(IN_SAMPLE.to);
        expect(r.stats.wins + r.stats.losses).toBe(r.stats.trades);
        expect(r.summary).toContain('out-of-sample');
        expect(r.summary).toContain(r.period);
        expect(r.summary).toContain('buy-and-hold');
        if (r.stats.totalReturnPct < 0) expect(r.summary).toMatch(/^This strategy lost money out-of-sample/);
      }
    }
    expect(publishedBacktest('zeno', '1h')?.stats.quarterly[0].quarter).toBe('2021-Q1');
    expect(publishedBacktest('glint', '15m')?.symbol).toBe('ETHUSDT');
    expect(allPublishedBacktests).toHaveLength(BOT_IDS.length * 2);
  });

  it('never end in a liquidation, and no drawdown passes its kill switch', () => {
    for (const r of allPublishedBacktests) {
      expect(r.liquidations).toBe(0);
      expect(r.stats.maxDrawdownPct).toBeLessThanOrEqual(r.killSwitchPct);
    }
  });

  // Every bot on both periods (about 2 s in all): making the engine faster must not move a figure.
  it.each<BotId>(BOT_IDS)('re-running %s reproduces its published entries byte for byte', (id) => {
    for (const period of OUT_OF_SAMPLE) {
      const rerun = publishRun(id, loadCandles(getBot(id).symbol, period.interval), period);
      expect(JSON.stringify(rerun)).toBe(JSON.stringify(publishedBacktest(id, period.interval)));
    }
  });
});
