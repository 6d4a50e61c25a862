import type { QuantParams } from '#engine/strategies/quant';
import { last, mean, stdev, zscore } from './indicators';
import { enter, exit, heldDirection, naiveRegime, type Rule } from './loop';

const YEAR_MS = 365 * 86_400_000;

/**
 * Quant: z-score mean reversion, exposure sized to a target volatility of log returns; the protective
 * stop `stopZ` standard deviations from the mean at entry sizes the position.
 */
export function quantBaseline(p: QuantParams): Rule {
  const closes: number[] = [];
  const returns: number[] = [];
  let stop = 0;
  const regime = naiveRegime(p);
  return {
    stop: () => stop,
    orders: (bars, i, account) => {
      const c = bars[i];
      closes.push(c.close);
      regime.next(c.time, c.close);
      if (i > 0) returns.push(Math.log(c.close / bars[i - 1].close));
      const z = zscore(closes, p.zPeriod);
      if (Number.isNaN(z) || returns.length < p.volPeriod) return [];
      const held = heldDirection(account);
      const s = p.follow ? -z : z;
      if (held !== 0) {
        const reverted = held > 0 ? s > -p.exitZ : s < p.exitZ;
        return reverted ? [exit(account, 'market', c.close, 'back to the mean')] : [];
      }
      const dir = s < -p.entryZ ? 1 : s > p.entryZ ? -1 : 0;
      if (dir === 0 || !regime.allows(dir, c.close)) return [];
      const barsPerYear = YEAR_MS / (bars[1].time - bars[0].time);
      const annual = stdev(last(returns, p.volPeriod)) * Math.sqrt(barsPerYear);
      const exposure = annual > 0 ? Math.min(p.leverage, p.targetVol / annual) : p.leverage;
      const window = last(closes, p.zPeriod);
      stop = (p.follow ? c.close : mean(window)) - dir * p.stopZ * stdev(window);
      return enter(account, dir, c.close, stop, p, `z-score ${z.toFixed(2)}`, exposure);
    },
  };
}
