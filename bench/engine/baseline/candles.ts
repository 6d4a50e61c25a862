import type { CandlesParams } from '#engine/strategies/candles';
import { NaiveAtr, NaiveEma } from './indicators';
import { enter, heldDirection, naiveRegime, naiveVolatility, type Bar, type Rule } from './loop';

const hammer = (c: Bar) => {
  const body = Math.abs(c.close - c.open);
  const range = c.high - c.low;
  const lowerWick = Math.min(c.open, c.close) - c.low;
  const upperWick = c.high - Math.max(c.open, c.close);
  return range > 0 && lowerWick >= 2 * body && upperWick <= Math.max(body, 0.1 * range);
};
const mirrored = (c: Bar): Bar => ({ ...c, open: -c.open, high: -c.low, low: -c.high, close: -c.close });

/**
 * Candles (and Candles 3X through `leverage`): engulfing / hammer patterns with the EMA trend; a
 * limit at the ATR target, the protective stop (checked first, by the guard) `stopAtr` ATRs away.
 */
export function candlesBaseline(p: CandlesParams): Rule {
  const trend = new NaiveEma(p.trendPeriod);
  const atr = new NaiveAtr(p.atrPeriod);
  let stop = 0;
  let target = 0;
  const regime = naiveRegime(p);
  const volatility = naiveVolatility(p);
  return {
    stop: () => stop,
    orders: (bars, i, account) => {
      const c = bars[i];
      const prev: Bar | undefined = bars[i - 1];
      const t = trend.next(c.close);
      const a = atr.next(c.high, c.low, prev?.close);
      regime.next(c.time, c.close);
      volatility.next(bars, i);
      const held = heldDirection(account);
      if (held !== 0) {
        if (!(held > 0 ? c.high >= target : c.low <= target)) return [];
        const side = held > 0 ? 'sell' : 'buy';
        return [
          {
            side,
            type: 'limit',
            size: Math.abs(account.size),
            price: target,
            leverage: 1,
            reason: 'ATR target',
          },
        ];
      }
      if (Number.isNaN(t) || Number.isNaN(a) || prev === undefined) return [];
      const bullish =
        prev.close < prev.open && c.close > c.open && c.open <= prev.close && c.close >= prev.open;
      const bearish =
        prev.close > prev.open && c.close < c.open && c.open >= prev.close && c.close <= prev.open;
      const dir =
        c.close > t && (bullish || hammer(c)) ? 1 : c.close < t && (bearish || hammer(mirrored(c))) ? -1 : 0;
      if (dir === 0 || !regime.allows(dir, c.close)) return [];
      const exposure = volatility.exposure(p.leverage);
      if (exposure === null) return [];
      stop = c.close - dir * p.stopAtr * a;
      target = c.close + dir * p.targetAtr * a;
      const reason = dir > 0 ? 'bullish pattern' : 'bearish pattern';
      return enter(account, dir, c.close, stop, p, reason, exposure, exposure !== undefined);
    },
  };
}
