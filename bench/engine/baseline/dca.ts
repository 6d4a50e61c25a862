import type { DcaParams } from '#engine/strategies/dca';
import { NaiveAtr, NaiveRsi } from './indicators';
import type { BaseOrder, Rule } from './loop';

/** DCA: a market base order, limit buys one stage below the previous fill, a take profit on the average. */
export function dcaBaseline(p: DcaParams): Rule {
  const atr = new NaiveAtr(p.atrPeriod);
  const rsi = new NaiveRsi(p.rsiPeriod);
  let stage = 0;
  let lastFill = 0;
  let finished = false;
  return (bars, i, account) => {
    const c = bars[i];
    const a = p.stepUnit === 'atr' ? atr.next(c.high, c.low, bars[i - 1]?.close) : 0;
    const r = p.entryRsiBelow !== null ? rsi.next(c.close, bars[i - 1]?.close) : NaN;
    if (finished) return [];
    if (stage > 0 && account.size <= 0) stage = 0;
    if (stage === 0) {
      if (p.entryRsiBelow !== null && !(r < p.entryRsiBelow)) return [];
      if (p.stepUnit === 'atr' && Number.isNaN(a)) return [];
      stage = 1;
      lastFill = c.close;
      return [order('buy', 'market', p.initial / c.close, c.close, 'base order')];
    }
    const tp = account.entry * (1 + p.takeProfitPct / 100);
    if (c.high >= tp) {
      stage = 0;
      finished = p.oneShot;
      return [order('sell', 'limit', account.size, tp, 'take profit')];
    }
    const orders: BaseOrder[] = [];
    while (stage <= p.stages.length) {
      const s = p.stages[stage - 1];
      const level = p.stepUnit === 'percent' ? lastFill * (1 - s.per / 100) : lastFill - s.per * a;
      if (!(c.low <= level) || !(level > 0)) break;
      orders.push(order('buy', 'limit', (p.initial * s.timesX) / level, level, `stage ${stage + 1}`));
      lastFill = level;
      stage++;
    }
    return orders;
  };
}

const order = (
  side: BaseOrder['side'],
  type: BaseOrder['type'],
  size: number,
  price: number,
  reason: string,
): BaseOrder => ({ side, type, size, price, leverage: 1, reason });
