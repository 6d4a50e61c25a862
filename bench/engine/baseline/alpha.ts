import type { AlphaParams } from '#engine/strategies/alpha';
import { last, mean, NaiveAtr, NaiveRsi, stdev } from './indicators';
import { enter, exit, heldDirection, naiveRegime, naiveVolatility, type Rule } from './loop';

/** Alpha: RSI + Bollinger mean reversion, exit at the middle band; protective stop `stopAtr` ATRs from entry. */
export function alphaBaseline(p: AlphaParams): Rule {
  const rsi = new NaiveRsi(p.rsiPeriod);
  const atr = new NaiveAtr(p.atrPeriod);
  const closes: number[] = [];
  const regime = naiveRegime(p);
  const volatility = naiveVolatility(p);
  let stop = 0;
  return {
    stop: () => stop,
    orders: (bars, i, account) => {
      const c = bars[i];
      const r = rsi.next(c.close, bars[i - 1]?.close);
      closes.push(c.close);
      const window = last(closes, p.bandPeriod);
      const full = window.length === p.bandPeriod;
      const middle = full ? mean(window) : NaN;
      const width = full ? p.bandWidth * stdev(window) : NaN;
      const a = atr.next(c.high, c.low, bars[i - 1]?.close);
      regime.next(c.time, c.close);
      volatility.next(bars, i);
      const held = heldDirection(account);
      if (held !== 0) {
        const back = held > 0 ? c.close >= middle : c.close <= middle;
        return back ? [exit(account, 'market', c.close, 'middle band')] : [];
      }
      if (Number.isNaN(a) || Number.isNaN(r) || Number.isNaN(middle)) return [];
      const dir =
        c.close < middle - width && r < p.oversold
          ? 1
          : c.close > middle + width && r > p.overbought
            ? -1
            : 0;
      if (dir === 0 || !regime.allows(dir, c.close)) return [];
      const exposure = volatility.exposure(p.leverage);
      if (exposure === null) return [];
      stop = c.close - dir * p.stopAtr * a;
      const reason = dir > 0 ? 'oversold' : 'overbought';
      return enter(account, dir, c.close, stop, p, reason, exposure, exposure !== undefined);
    },
  };
}
