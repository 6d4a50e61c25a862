import { describe, expect, it } from 'vitest';
import { backtestBot } from '#engine/backtest/bot';
import { allocateCandles, candlesBetween, sliceCandles } from '#engine/candles';
import { BOT_IDS, getBot } from '#engine/strategies/registry';
import type { Candles } from '#engine/types';
import { btc1h, eth15m } from './real-candles';

/** 3,000 real candles of the bot's symbol from 2021 (hourly) or 2025 (ETH 15-minute). */
function sample(symbol: string): Candles {
  return symbol === 'ETHUSDT'
    ? sliceCandles(eth15m(), 0, 3000)
    : candlesBetween(btc1h(), Date.UTC(2021, 4, 1), Date.UTC(2021, 8, 1));
}

/** The same candles with every price from index `from` on multiplied by `k` (volumes unchanged). */
function rescaledAfter(c: Candles, from: number, k: number): Candles {
  const out = allocateCandles(c.length);
  out.time.set(c.time);
  out.volume.set(c.volume);
  for (const key of ['open', 'high', 'low', 'close'] as const)
    for (let i = 0; i < c.length; i++) out[key][i] = i >= from ? c[key][i] * k : c[key][i];
  return out;
}

describe('no bot looks ahead', () => {
  it.each(BOT_IDS)('%s: a run on a prefix agrees with the full run on that prefix', (id) => {
    const c = sample(getBot(id).symbol);
    const cut = 1800;
    const full = backtestBot(id, c).result;
    const prefix = backtestBot(id, sliceCandles(c, 0, cut)).result;
    expect(prefix.equity).toEqual(full.equity.subarray(0, cut));
    const closedBefore = full.trades.filter((t) => t.exitTime < c.time[cut]);
    expect(prefix.trades.filter((t) => t.exitTime < c.time[cut])).toEqual(closedBefore);
  });

  it.each(BOT_IDS)('%s: rescaling the candles after a point changes nothing before it', (id) => {
    const c = sample(getBot(id).symbol);
    const cut = 1500;
    const base = backtestBot(id, c).result;
    for (const k of [0.5, 1.7]) {
      const moved = backtestBot(id, rescaledAfter(c, cut, k)).result;
      expect(moved.equity.subarray(0, cut)).toEqual(base.equity.subarray(0, cut));
      const before = (r: typeof base) => r.trades.filter((t) => t.exitTime < c.time[cut]);
      expect(before(moved)).toEqual(before(base));
    }
  });
});
