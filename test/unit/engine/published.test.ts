import { describe, expect, it } from 'vitest';
import { allPublishedBacktests, publishedBacktest, publishedBacktests } from '#engine/published/index';
import { BOT_IDS } from '#engine/strategies/registry';

describe('published backtests', () => {
  it('cover every bot on hourly and 15-minute data, labelled as backtests', () => {
    for (const id of BOT_IDS) {
      expect(publishedBacktests(id).map((r) => r.interval)).toEqual(['1h', '15m']);
      for (const r of publishedBacktests(id)) {
        expect(r.label).toBe('backtest');
        expect(r.stats.wins + r.stats.losses).toBe(r.stats.trades);
        expect(r.stats.quarterly.length).toBeGreaterThan(3);
      }
    }
    expect(publishedBacktest('zeno', '1h')?.stats.quarterly[0].quarter).toBe('2017-Q3');
    expect(publishedBacktest('glint', '15m')?.symbol).toBe('ETHUSDT');
    expect(allPublishedBacktests).toHaveLength(BOT_IDS.length * 2);
  });
});
