/**
 * A deployment as the engine sees it: the registry's strategy with the deployment's parameters and
 * capital, the market's costs, and the candles it replays. Pure.
 */
import { defaultConfig, type BacktestConfig } from '#engine/backtest/config';
import { decideLive, type LiveDecision } from '#engine/live/decide';
import { getBot } from '#engine/strategies/registry';
import type { Candles, Strategy } from '#engine/types';
import { MICRO_PER_USDT } from '#api/money';
import type { CandlesItem, DeploymentItem } from './store';

/** Candles of history the strategies need before they trade (Candles' EMA 200 is the longest). */
export const WARM_UP_CANDLES = 300;

export interface Model {
  strategy: Strategy<object, object>;
  params: object;
  config: BacktestConfig;
}

export const modelOf = (d: Pick<DeploymentItem, 'bot' | 'capital' | 'params'>): Model => {
  const bot = getBot(d.bot);
  const capital = d.capital / MICRO_PER_USDT;
  const params = { ...bot.defaultParams, ...(d.params ?? {}) } as Record<string, unknown>;
  // The grid spreads its budget over its levels: the member's amount is that budget.
  if (bot.kind === 'grid') params.capital = capital;
  return { strategy: bot.strategy, params, config: defaultConfig(bot.market, capital) };
};

/** The candles item's closed candles from `from` (open time) on, as the engine's columns. */
export const candlesFrom = (item: CandlesItem, from: number): Candles => {
  let start = 0;
  while (start < item.t.length && item.t[start] < from) start++;
  const col = (values: number[]) => Float64Array.from(values.slice(start));
  return {
    length: item.t.length - start,
    time: col(item.t),
    open: col(item.o),
    high: col(item.h),
    low: col(item.l),
    close: col(item.c),
    volume: col(item.v),
  };
};

/** The model's decision for a deployment over the candles it has seen (warm-up included). */
export const decide = (d: DeploymentItem, item: CandlesItem, step: number): LiveDecision => {
  const model = modelOf(d);
  const tradeFrom = d.tradeFrom!;
  return decideLive({
    ...model,
    candles: candlesFrom(item, tradeFrom - WARM_UP_CANDLES * step),
    tradeFrom,
  });
};
