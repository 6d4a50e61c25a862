import type { ZenoParams } from '#engine/strategies/zeno';
import { NaiveAtr, NaiveEma } from './indicators';
import { enter, exit, heldDirection, naiveRegime, naiveVolatility, type Rule } from './loop';

/** Zeno (and Zeno 3X through `leverage`): EMA fast/slow crosses; the protective stop trails at `trailAtr` ATRs. */
export function zenoBaseline(p: ZenoParams): Rule {
  const fast = new NaiveEma(p.fastPeriod);
  const slow = new NaiveEma(p.slowPeriod);
  const atr = new NaiveAtr(p.atrPeriod);
  const spreads: number[] = [];
  const regime = naiveRegime(p);
  const volatility = naiveVolatility(p);
  let stop = 0;
  return {
    stop: () => stop,
    orders: (bars, i, account) => {
      const c = bars[i];
      regime.next(c.time, c.close);
      volatility.next(bars, i);
      const spread = fast.next(c.close) - slow.next(c.close);
      const a = atr.next(c.high, c.low, bars[i - 1]?.close);
      const previous = spreads.length > 0 ? spreads[spreads.length - 1] : NaN;
      spreads.push(spread);
      const held = heldDirection(account);
      if (held > 0) stop = Math.max(stop, c.close - p.trailAtr * a);
      if (held < 0) stop = Math.min(stop, c.close + p.trailAtr * a);
      const dir = previous <= 0 && spread > 0 ? 1 : previous >= 0 && spread < 0 ? -1 : 0;
      if (dir === 0 || dir === held || Number.isNaN(a)) return [];
      const exposure = volatility.exposure(p.leverage);
      if (!regime.allows(dir, c.close) || exposure === null)
        return held === 0 ? [] : [exit(account, 'market', c.close, 'no flip against the slow trend')];
      stop = c.close - dir * p.trailAtr * a;
      const reason = dir > 0 ? 'EMA cross up' : 'EMA cross down';
      return enter(account, dir, c.close, stop, p, reason, exposure, exposure !== undefined);
    },
  };
}
