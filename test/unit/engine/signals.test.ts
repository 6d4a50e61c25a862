import { describe, expect, it } from 'vitest';
import { runBacktest } from '#engine/backtest/backtest';
import { BOTS } from '#engine/strategies/registry';
import { alphaStrategy, type AlphaParams } from '#engine/strategies/alpha';
import { candlesStrategy, isHammer, isShootingStar, type CandlesParams } from '#engine/strategies/candles';
import { glintStrategy } from '#engine/strategies/glint';
import { neroStrategy, type NeroParams } from '#engine/strategies/nero';
import { quantStrategy, type QuantParams } from '#engine/strategies/quant';
import { volatilityTargetExposure } from '#engine/strategies/volatility';
import { NO_REGIME } from '#engine/strategies/regime';
import { NO_VOLATILITY_TARGET } from '#engine/strategies/volatility';
import { zenoStrategy, type ZenoParams } from '#engine/strategies/zeno';
import { closes, flat, frictionless, hourly, ramp } from './helpers';

// The signal tests below check each bot's own rule, so the shipped slow-trend filter is off there
// (it needs hundreds of candles); the filter has its own tests at the end.
const futures = frictionless('futures', 1000);
const zigzag = (n: number, base = 100, amp = 1): number[] =>
  Array.from({ length: n }, (_, i) => base + (i % 2 === 0 ? amp : -amp));

describe('Zeno (EMA trend, ATR trailing stop)', () => {
  const p: ZenoParams = {
    ...(BOTS.zeno.defaultParams as ZenoParams),
    ...NO_REGIME,
    ...NO_VOLATILITY_TARGET,
    fastPeriod: 3,
    slowPeriod: 6,
    atrPeriod: 3,
  };

  it('goes long when the fast EMA crosses above the slow one, and trails out', () => {
    const c = closes([...ramp(15, 120, 100), ...ramp(15, 100, 130), ...ramp(5, 130, 100)]);
    const r = runBacktest(zenoStrategy, p, c, futures);
    const long = r.trades.find((t) => t.side === 'long');
    expect(long).toBeDefined();
    expect(long!.reason).toMatch(/stop loss|flip/);
  });

  it('goes short on the cross below, with 3x leverage for Zeno 3X', () => {
    const c = closes([...ramp(15, 100, 120), ...ramp(15, 120, 90), 90]);
    const r = runBacktest(zenoStrategy, { ...p, leverage: 3 }, c, futures);
    expect(r.openPosition.size).toBeLessThan(0);
  });

  it('does not trade a flat market', () => {
    const r = runBacktest(zenoStrategy, p, closes(flat(60)), futures);
    expect(r.trades).toHaveLength(0);
    expect(r.openPosition.size).toBe(0);
  });
});

describe('Alpha (RSI + Bollinger mean reversion)', () => {
  const p = {
    ...(BOTS.alfa.defaultParams as AlphaParams),
    ...NO_REGIME,
    ...NO_VOLATILITY_TARGET,
    bandPeriod: 10,
    rsiPeriod: 5,
    atrPeriod: 5,
  };

  it('buys a plunge below the lower band with RSI oversold, exits at the middle band', () => {
    const c = closes([...zigzag(20), 97, 94, 90, 95, 99, 101]);
    const r = runBacktest(alphaStrategy, p, c, futures);
    expect(r.trades).toHaveLength(1);
    expect(r.trades[0].side).toBe('long');
    expect(r.trades[0].reason).toBe('back to the middle band');
  });

  it('stays out of a quiet range', () => {
    expect(runBacktest(alphaStrategy, p, closes(zigzag(60)), futures).trades).toHaveLength(0);
  });
});

describe('Candles (patterns with an EMA trend filter)', () => {
  const p = {
    ...(BOTS.candles.defaultParams as CandlesParams),
    ...NO_REGIME,
    ...NO_VOLATILITY_TARGET,
    trendPeriod: 5,
    atrPeriod: 3,
  };
  const uptrend = ramp(10, 90, 110).map((close) => ({ close }));

  it('recognises hammers and shooting stars', () => {
    expect(isHammer({ open: 100, high: 104, low: 99.5, close: 100.5 })).toBe(false);
    expect(isHammer({ open: 100, high: 101.1, low: 97, close: 101 })).toBe(true);
    expect(isShootingStar({ open: 101, high: 105, low: 100, close: 100 })).toBe(true);
  });

  it('buys a bullish engulfing candle above the EMA and takes the ATR target', () => {
    const c = hourly([...uptrend, { close: 109 }, { open: 108.5, close: 112 }, { close: 140, high: 140 }]);
    const r = runBacktest(candlesStrategy, p, c, futures);
    expect(r.trades).toHaveLength(1);
    expect(r.trades[0].reason).toBe('ATR target');
  });

  it('ignores the same engulfing candle below the EMA', () => {
    const down = ramp(10, 130, 110).map((close) => ({ close }));
    const c = hourly([...down, { close: 100 }, { open: 99.5, close: 101 }, { close: 101 }]);
    const r = runBacktest(candlesStrategy, p, c, futures);
    expect(r.trades).toHaveLength(0);
    expect(r.openPosition.size).toBe(0);
  });
});

describe('Glint (Donchian breakout)', () => {
  const p = { entryPeriod: 5, exitPeriod: 3, riskPct: 1, leverage: 1, fraction: 0.95 };

  it('goes long on a close above the previous high and exits at the exit-channel low', () => {
    const c = closes([...zigzag(8), 105, 107, 108, 95]);
    const r = runBacktest(glintStrategy, p, c, futures);
    expect(r.trades[0]?.side).toBe('long');
    expect(r.trades[0]?.reason).toBe('stop loss');
    // The lowest low of the 3 candles before the one that fell through it: the breakout candle
    // opened at 99.
    expect(r.trades[0]?.exitPrice).toBe(99);
  });

  it('does not trade inside the channel', () => {
    expect(runBacktest(glintStrategy, p, closes(zigzag(40)), futures).trades).toHaveLength(0);
  });
});

describe('Nero (MACD momentum, ADX filter)', () => {
  const base = {
    ...(BOTS.nero.defaultParams as NeroParams),
    ...NO_REGIME,
    ...NO_VOLATILITY_TARGET,
    fastPeriod: 3,
    slowPeriod: 6,
    signalPeriod: 3,
    adxPeriod: 5,
  };
  const turn = closes([...flat(30), ...ramp(10, 100, 115)]);

  it('enters when the histogram turns up in a trending market', () => {
    const r = runBacktest(neroStrategy, { ...base, adxMin: 0 }, turn, futures);
    expect(r.openPosition.size).toBeGreaterThan(0);
  });

  it('stays out when ADX is below the filter', () => {
    const r = runBacktest(neroStrategy, { ...base, adxMin: 101 }, turn, futures);
    expect(r.openPosition.size).toBe(0);
    expect(r.trades).toHaveLength(0);
  });
});

describe('Quant (z-score mean reversion, volatility targeting)', () => {
  const p: QuantParams = {
    ...(BOTS.quant.defaultParams as QuantParams),
    ...NO_REGIME,
    follow: false,
    stopZ: 3,
    zPeriod: 10,
    volPeriod: 10,
  };

  it('sizes for the target volatility, capped at the leverage', () => {
    expect(volatilityTargetExposure(0.01, 8760, 0.6, 3)).toBeCloseTo(0.6 / (0.01 * Math.sqrt(8760)), 12);
    expect(volatilityTargetExposure(0.0001, 8760, 0.6, 3)).toBe(3);
  });

  it('buys a close far below its mean and sells when it reverts', () => {
    const r = runBacktest(quantStrategy, p, closes([...zigzag(20), 94, 100, 100]), futures);
    expect(r.trades).toHaveLength(1);
    expect(r.trades[0].side).toBe('long');
    expect(r.trades[0].reason).toBe('back to the mean');
  });

  it('does not trade a stable market', () => {
    expect(runBacktest(quantStrategy, p, closes(zigzag(60)), futures).trades).toHaveLength(0);
  });

  it('with follow, buys a close far above its mean and sells once the stretch fades', () => {
    const r = runBacktest(
      quantStrategy,
      { ...p, follow: true },
      closes([...zigzag(20), 106, 100, 100]),
      futures,
    );
    expect(r.trades).toHaveLength(1);
    expect(r.trades[0].side).toBe('long');
    expect(r.trades[0].entryPrice).toBe(106);
    expect(r.trades[0].reason).toBe('back to the mean');
  });
});
