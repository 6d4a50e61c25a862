import type { NeroParams } from '#engine/strategies/nero';
import { NaiveAtr, NaiveEma, wilder } from './indicators';
import { enter, exit, heldDirection, naiveRegime, naiveVolatility, type Rule } from './loop';

/**
 * Nero: MACD histogram turns, filtered by ADX (Wilder: a tie moves neither DI) and the DI lines; the
 * protective stop `stopAtr` ATRs from entry sizes the position; exit when momentum fades.
 */
export function neroBaseline(p: NeroParams): Rule {
  const fast = new NaiveEma(p.fastPeriod);
  const slow = new NaiveEma(p.slowPeriod);
  const signal = new NaiveEma(p.signalPeriod);
  const atr = new NaiveAtr(p.atrPeriod);
  const adxAtr = new NaiveAtr(p.adxPeriod);
  const ups: number[] = [];
  const downs: number[] = [];
  const dxs: number[] = [];
  let up = NaN;
  let down = NaN;
  let adx = NaN;
  let plusDI = NaN;
  let minusDI = NaN;
  let previous = NaN;
  let stop = 0;
  const regime = naiveRegime(p);
  const volatility = naiveVolatility(p);
  const orders: Rule['orders'] = (bars, i, account) => {
    const c = bars[i];
    const prev = bars[i - 1];
    regime.next(c.time, c.close);
    volatility.next(bars, i);
    // MACD
    const f = fast.next(c.close);
    const s = slow.next(c.close);
    const histogram = Number.isNaN(s) ? NaN : f - s - signal.next(f - s);
    // ADX
    const higherHigh = prev ? c.high - prev.high : 0;
    const lowerLow = prev ? prev.low - c.low : 0;
    ups.push(higherHigh > 0 && higherHigh > lowerLow ? higherHigh : 0);
    downs.push(lowerLow > 0 && lowerLow > higherHigh ? lowerLow : 0);
    const range = adxAtr.next(c.high, c.low, prev?.close);
    up = wilder(ups, p.adxPeriod, up);
    down = wilder(downs, p.adxPeriod, down);
    if (!Number.isNaN(up)) {
      const plus = range > 0 ? up / range : 0;
      const minus = range > 0 ? down / range : 0;
      plusDI = plus * 100;
      minusDI = minus * 100;
      dxs.push(plus + minus === 0 ? 0 : (Math.abs(plus - minus) / (plus + minus)) * 100);
      adx = wilder(dxs, p.adxPeriod, adx);
    }
    const a = atr.next(c.high, c.low, prev?.close);

    const before = previous;
    previous = histogram;
    const held = heldDirection(account);
    const trending = adx > p.adxMin;
    const dir =
      before <= 0 && histogram > 0 && trending && plusDI > minusDI
        ? 1
        : before >= 0 && histogram < 0 && trending && minusDI > plusDI
          ? -1
          : 0;
    if (dir !== 0 && dir !== held && !Number.isNaN(a)) {
      const exposure = volatility.exposure(p.leverage);
      if (!regime.allows(dir, c.close) || exposure === null)
        return held === 0 ? [] : [exit(account, 'market', c.close, 'no flip against the slow trend')];
      stop = c.close - dir * p.stopAtr * a;
      const reason = dir > 0 ? 'MACD up' : 'MACD down';
      return enter(account, dir, c.close, stop, p, reason, exposure, exposure !== undefined);
    }
    const faded = (held > 0 && histogram < 0) || (held < 0 && histogram > 0);
    return faded ? [exit(account, 'market', c.close, 'momentum faded')] : [];
  };
  return { stop: () => stop, orders };
}
