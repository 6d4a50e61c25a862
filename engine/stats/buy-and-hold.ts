import type { Candles } from '../types';
import { maxDrawdownPct } from './stats';

export interface BuyAndHold {
  /** Buying at the first candle's open and holding to the last close, without fees, in percent. */
  readonly returnPct: number;
  /** Largest fall of the closes from their running peak (from the entry price), in percent. */
  readonly maxDrawdownPct: number;
}

/** The benchmark every published return stands next to: the same symbol over the same candles. */
export function buyAndHold(c: Candles): BuyAndHold {
  if (c.length === 0) return { returnPct: 0, maxDrawdownPct: 0 };
  const curve = new Float64Array(c.length + 1);
  curve[0] = c.open[0];
  curve.set(c.close, 1);
  return {
    returnPct: (c.close[c.length - 1] / c.open[0] - 1) * 100,
    maxDrawdownPct: maxDrawdownPct(curve),
  };
}
