import type { GridParams } from '#engine/strategies/grid';
import type { BaseOrder, Rule } from './loop';

/**
 * Geometric grid: every empty level rests a buy, a lot bought at level k a sell at level k + 1; the
 * price walks open → low → high → close (rising candle) or open → high → low → close (falling).
 */
export function gridBaseline(p: GridParams): Rule {
  let levels: number[] = [];
  let lots: number[] = [];
  const quote = p.capital / (p.levels - 1) / (1 + 0.002);
  const build = (center: number) => {
    const lower = center * (1 - p.rangePct / 100);
    const upper = center * (1 + p.rangePct / 100);
    const ratio = Math.pow(upper / lower, 1 / (p.levels - 1));
    levels = Array.from({ length: p.levels }, (_, k) =>
      k === p.levels - 1 ? upper : lower * Math.pow(ratio, k),
    );
    lots = levels.map(() => 0);
  };
  return (bars, i) => {
    const c = bars[i];
    if (levels.length === 0) {
      build(c.close);
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
            lots[k] = quote / levels[k];
            orders.push({
              side: 'buy',
              type: 'limit',
              size: lots[k],
              price: levels[k],
              leverage: 1,
              reason: 'buy',
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
            });
            lots[k] = 0;
          }
        }
      }
    }
    const flat = lots.every((l) => l === 0);
    if (p.recenter && flat && (c.close < levels[0] || c.close > levels[p.levels - 1])) build(c.close);
    return orders;
  };
}
