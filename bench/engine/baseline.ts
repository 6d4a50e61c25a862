/**
 * The baseline the strategy benchmark compares against: a straightforward implementation of the
 * same strategies with one object per candle, an order array per candle and an immutable account
 * object per fill, as one would first write it. Same rules, no attention to allocation.
 */
import type { Candles } from '#engine/types';
import type { DcaParams } from '#engine/strategies/dca';
import type { GridParams } from '#engine/strategies/grid';
import type { ZenoParams } from '#engine/strategies/zeno';

interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
interface Fill {
  side: 'buy' | 'sell';
  size: number;
  price: number;
  fee: number;
}
interface SpotAccount {
  cash: number;
  qty: number;
  avg: number;
}

export const toObjects = (c: Candles): Candle[] =>
  Array.from({ length: c.length }, (_, i) => ({
    time: c.time[i],
    open: c.open[i],
    high: c.high[i],
    low: c.low[i],
    close: c.close[i],
  }));

function applySpot(a: SpotAccount, f: Fill): SpotAccount {
  if (f.side === 'buy') {
    const size = Math.min(f.size, a.cash / (f.price * (1 + f.fee)));
    return {
      cash: a.cash - size * f.price * (1 + f.fee),
      qty: a.qty + size,
      avg: (a.avg * a.qty + f.price * size) / (a.qty + size),
    };
  }
  const size = Math.min(f.size, a.qty);
  return {
    cash: a.cash + size * f.price * (1 - f.fee),
    qty: a.qty - size,
    avg: a.qty - size > 0 ? a.avg : 0,
  };
}

export function baselineDca(candles: Candle[], p: DcaParams, capital: number): number[] {
  let account: SpotAccount = { cash: capital, qty: 0, avg: 0 };
  let stage = 0;
  let lastFill = 0;
  const equity: number[] = [];
  for (const c of candles) {
    const fills: Fill[] = [];
    if (stage === 0) {
      fills.push({ side: 'buy', size: p.initial / c.close, price: c.close * 1.0005, fee: 0.001 });
      stage = 1;
      lastFill = c.close;
    } else if (c.high >= account.avg * (1 + p.takeProfitPct / 100)) {
      fills.push({
        side: 'sell',
        size: account.qty,
        price: account.avg * (1 + p.takeProfitPct / 100),
        fee: 0.001,
      });
      stage = 0;
    } else {
      while (stage <= p.stages.length && c.low <= lastFill * (1 - p.stages[stage - 1].per / 100)) {
        lastFill = lastFill * (1 - p.stages[stage - 1].per / 100);
        fills.push({
          side: 'buy',
          size: (p.initial * p.stages[stage - 1].timesX) / lastFill,
          price: lastFill,
          fee: 0.001,
        });
        stage++;
      }
    }
    for (const f of fills) account = applySpot(account, f);
    equity.push(account.cash + account.qty * c.close);
  }
  return equity;
}

export function baselineGrid(candles: Candle[], p: GridParams): number[] {
  let account: SpotAccount = { cash: p.capital, qty: 0, avg: 0 };
  let levels: number[] = [];
  let lots: number[] = [];
  const equity: number[] = [];
  const build = (center: number) => {
    const lower = center * (1 - p.rangePct / 100);
    const ratio = Math.pow((center * (1 + p.rangePct / 100)) / lower, 1 / (p.levels - 1));
    levels = Array.from({ length: p.levels }, (_, k) => lower * Math.pow(ratio, k));
    lots = levels.map(() => 0);
  };
  for (const c of candles) {
    if (levels.length === 0) build(c.close);
    const path = c.close >= c.open ? [c.open, c.low, c.high, c.close] : [c.open, c.high, c.low, c.close];
    const fills: Fill[] = [];
    for (let s = 0; s < 3; s++) {
      const [from, to] = [path[s], path[s + 1]];
      levels.forEach((level, k) => {
        if (k === p.levels - 1) return;
        if (to < from && level < from && level >= to && lots[k] === 0) {
          lots[k] = p.capital / (p.levels - 1) / 1.002 / level;
          fills.push({ side: 'buy', size: lots[k], price: level, fee: 0.001 });
        } else if (to > from && levels[k + 1] > from && levels[k + 1] <= to && lots[k] > 0) {
          fills.push({ side: 'sell', size: lots[k], price: levels[k + 1], fee: 0.001 });
          lots[k] = 0;
        }
      });
    }
    for (const f of fills) account = applySpot(account, f);
    if (lots.every((l) => l === 0) && (c.close < levels[0] || c.close > levels[p.levels - 1])) build(c.close);
    equity.push(account.cash + account.qty * c.close);
  }
  return equity;
}

/** Zeno recomputing its EMAs and ATR from arrays of candle objects (batch per candle window). */
export function baselineZeno(candles: Candle[], p: ZenoParams, capital: number): number[] {
  const closes: number[] = [];
  const equity: number[] = [];
  let fast = NaN;
  let slow = NaN;
  let atr = NaN;
  let prevSpread = NaN;
  let pos = { dir: 0, size: 0, entry: 0, stop: 0 };
  let cash = capital;
  for (const [i, c] of candles.entries()) {
    closes.push(c.close);
    const window = closes.slice(-p.slowPeriod);
    fast =
      i < p.fastPeriod
        ? NaN
        : Number.isNaN(fast)
          ? avg(window.slice(-p.fastPeriod))
          : fast + (c.close - fast) * (2 / (p.fastPeriod + 1));
    slow =
      i < p.slowPeriod
        ? NaN
        : Number.isNaN(slow)
          ? avg(window)
          : slow + (c.close - slow) * (2 / (p.slowPeriod + 1));
    const prevClose = candles[i - 1]?.close ?? c.close;
    const tr = Math.max(c.high - c.low, Math.abs(c.high - prevClose), Math.abs(c.low - prevClose));
    atr = Number.isNaN(atr) ? tr : atr + (tr - atr) / p.atrPeriod;
    const spread = fast - slow;
    if (pos.dir !== 0 && (pos.dir > 0 ? c.low <= pos.stop : c.high >= pos.stop)) {
      cash += pos.size * pos.entry + pos.dir * pos.size * (pos.stop - pos.entry);
      pos = { dir: 0, size: 0, entry: 0, stop: 0 };
    } else if (pos.dir !== 0) {
      pos = {
        ...pos,
        stop:
          pos.dir > 0
            ? Math.max(pos.stop, c.close - p.trailAtr * atr)
            : Math.min(pos.stop, c.close + p.trailAtr * atr),
      };
    }
    const dir = prevSpread <= 0 && spread > 0 ? 1 : prevSpread >= 0 && spread < 0 ? -1 : 0;
    if (dir !== 0 && dir !== pos.dir) {
      if (pos.dir !== 0) cash += pos.size * pos.entry + pos.dir * pos.size * (c.close - pos.entry);
      const size = (cash * p.fraction) / c.close;
      cash -= size * c.close;
      pos = { dir, size, entry: c.close, stop: c.close - dir * p.trailAtr * atr };
    }
    prevSpread = spread;
    equity.push(cash + pos.size * pos.entry + pos.dir * pos.size * (c.close - pos.entry));
  }
  return equity;
}

const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
