import type { GridParams } from '#engine/strategies/grid';
import { riskScale } from '#engine/risk/index';
import type { BaseOrder, Rule } from './loop';

/**
 * Geometric grid: every empty level rests a buy, a lot bought at level k a sell at level k + 1 (named
 * by its lot, so it is measured against its own buy); the price walks open → low → high → close
 * (rising candle) or open → high → low → close (falling). A stop `stopLossPct` below the lowest
 * level sells every lot, then the grid is rebuilt; lots are sized so that the stop loses at most
 * `riskPct` % of equity with every level bought.
 */
export function gridBaseline(p: GridParams): Rule {
  let levels: number[] = [];
  let lots: number[] = [];
  let lotQuote = 0;
  let stop = NaN;
  const build = (center: number, equity: number) => {
    const lower = center * (1 - p.rangePct / 100);
    const upper = center * (1 + p.rangePct / 100);
    const ratio = Math.pow(upper / lower, 1 / (p.levels - 1));
    levels = Array.from({ length: p.levels }, (_, k) =>
      k === p.levels - 1 ? upper : lower * Math.pow(ratio, k),
    );
    lots = levels.map(() => 0);
    stop = levels[0] * (1 - p.stopLossPct / 100);
    const budget = p.capital / (p.levels - 1) / (1 + 0.002);
    let lossAtStop = 0;
    for (let k = 0; k < p.levels - 1; k++) lossAtStop += budget * (1 - stop / levels[k]);
    lotQuote = budget * riskScale(lossAtStop, equity, p.riskPct);
  };
  return {
    stop: () => stop,
    orders: (bars, i, account) => {
      const c = bars[i];
      if (levels.length === 0 || (lots.some((l) => l > 0) && account.size === 0)) {
        // First bar, or the stop sold every lot.
        build(c.close, account.equity);
        return [];
      }
      const path = c.close >= c.open ? [c.open, c.low, c.high, c.close] : [c.open, c.high, c.low, c.close];
      const orders: BaseOrder[] = [];
      for (let s = 0; s < 3; s++) {
        const [from, to] = [path[s], path[s + 1]];
        if (to < from) {
          // Falling: buy each empty level passed, highest first.
          for (let k = p.levels - 2; k >= 0; k--) {
            if (levels[k] < from && levels[k] >= to && lots[k] === 0) {
              lots[k] = lotQuote / levels[k];
              orders.push({
                side: 'buy',
                type: 'limit',
                size: lots[k],
                price: levels[k],
                leverage: 1,
                reason: 'buy',
                lot: k,
              });
            }
          }
        } else {
          // Rising: sell each lot whose level above was passed, lowest first.
          for (let k = 0; k < p.levels - 1; k++) {
            if (levels[k + 1] > from && levels[k + 1] <= to && lots[k] > 0) {
              orders.push({
                side: 'sell',
                type: 'limit',
                size: lots[k],
                price: levels[k + 1],
                leverage: 1,
                reason: 'sell',
                lot: k,
              });
              lots[k] = 0;
            }
          }
        }
      }
      const flat = lots.every((l) => l === 0);
      if (p.recenter && flat && (c.close < levels[0] || c.close > levels[p.levels - 1]))
        build(c.close, account.equity);
      return orders;
    },
  };
}
