/**
 * A deployment as the engine sees it: the registry's strategy with the deployment's parameters and
 * capital, the market's costs, and the candles it replays. Pure.
 */
import { deploymentModel, type EngineModel } from '#engine/backtest/settings';
import { decideLive, type LiveDecision } from '#engine/live/decide';
import { warmUpCandles } from '#engine/strategies/registry';
import type { Candles } from '#engine/types';
import { MICRO_PER_USDT } from '#api/money';
import type { CandlesItem, DeploymentItem } from './store';

export type Model = EngineModel;

export const modelOf = (d: Pick<DeploymentItem, 'bot' | 'capital' | 'params'>): Model =>
  deploymentModel(d.bot, d.capital / MICRO_PER_USDT, d.params ?? {});

/**
 * The candles a deployment replays: the history its strategy needs before its first candle
 * (registry warmUpCandles), then every candle since.
 */
export const deploymentCandles = (
  d: Pick<DeploymentItem, 'bot' | 'params' | 'tradeFrom'>,
  item: CandlesItem,
  step: number,
): Candles => candlesFrom(item, d.tradeFrom! - warmUpCandles(d.bot, d.params ?? {}) * step);

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
export const decide = (
  d: Pick<DeploymentItem, 'bot' | 'capital' | 'params' | 'tradeFrom'>,
  item: CandlesItem,
  step: number,
): LiveDecision => {
  return decideLive({ ...modelOf(d), candles: deploymentCandles(d, item, step), tradeFrom: d.tradeFrom! });
};
