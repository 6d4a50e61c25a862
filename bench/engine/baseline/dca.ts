import type { DcaParams } from '#engine/strategies/dca';
import { riskScale } from '#engine/risk/index';
import { NaiveAtr, NaiveRsi } from './indicators';
import type { BaseOrder, Rule } from './loop';

/**
 * DCA: a market base order, limit buys one stage below the previous fill, a take profit on the
 * average; a stop `stopLossPct` below the first fill, the cycle's orders scaled so that a full ladder
 * loses at most `riskPct` % of equity there. ATR steps use the ATR up to the previous bar.
 */
export function dcaBaseline(p: DcaParams): Rule {
  const atr = new NaiveAtr(p.atrPeriod);
  const rsi = new NaiveRsi(p.rsiPeriod);
  let stage = 0;
  let lastFill = 0;
  let finished = false;
  let stop = NaN;
  let scale = 1;
  const next = (fill: number, per: number, a: number) =>
    p.stepUnit === 'percent' ? fill * (1 - per / 100) : fill - per * a;
  /** What a cycle opened at `first` loses at the stop once every stage above it filled. */
  const lossAtStop = (first: number, a: number) => {
    let price = first;
    let cost = p.initial;
    let quantity = p.initial / first;
    for (const s of p.stages) {
      price = next(price, s.per, a);
      if (!(price > stop)) break;
      cost += p.initial * s.timesX;
      quantity += (p.initial * s.timesX) / price;
    }
    return cost - quantity * stop;
  };
  return {
    stop: () => stop,
    orders: (bars, i, account) => {
      const c = bars[i];
      let a = 0;
      if (p.stepUnit === 'atr') {
        a = atr.values.length > 0 ? atr.values[atr.values.length - 1] : NaN;
        atr.next(c.high, c.low, bars[i - 1]?.close);
      }
      const r = p.entryRsiBelow !== null ? rsi.next(c.close, bars[i - 1]?.close) : NaN;
      if (finished) return [];
      if (stage > 0 && account.size <= 0) stage = 0;
      if (stage === 0) {
        if (p.entryRsiBelow !== null && !(r < p.entryRsiBelow)) return [];
        if (p.stepUnit === 'atr' && Number.isNaN(a)) return [];
        stage = 1;
        lastFill = c.close;
        stop = p.stopLossPct === null ? NaN : c.close * (1 - p.stopLossPct / 100);
        scale = p.stopLossPct === null ? 1 : riskScale(lossAtStop(c.close, a), account.equity, p.riskPct);
        return [order('buy', 'market', (p.initial * scale) / c.close, c.close, 'base order')];
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
        const level = next(lastFill, s.per, a);
        if (!(c.low <= level) || !(level > 0)) break;
        orders.push(
          order('buy', 'limit', (p.initial * s.timesX * scale) / level, level, `stage ${stage + 1}`),
        );
        lastFill = level;
        stage++;
      }
      return orders;
    },
  };
}

const order = (
  side: BaseOrder['side'],
  type: BaseOrder['type'],
  size: number,
  price: number,
  reason: string,
): BaseOrder => ({ side, type, size, price, leverage: 1, reason });
