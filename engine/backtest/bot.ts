import type { Candles } from '../types';
import { getBot, type BotId } from '../strategies/registry';
import { runBacktest, type BacktestResult, type RunOptions } from './backtest';
import { defaultConfig, type BacktestConfig } from './config';

interface BotBacktest {
  readonly config: BacktestConfig;
  readonly result: BacktestResult;
}

/**
 * Backtests a registered bot with its default parameters (or `params` over them: the research log
 * runs a design that did not ship) and the market's default costs.
 */
export function backtestBot(
  id: BotId,
  candles: Candles,
  overrides: Partial<BacktestConfig> = {},
  options: RunOptions = {},
  params: Readonly<Record<string, unknown>> = {},
): BotBacktest {
  const bot = getBot(id);
  const config = { ...defaultConfig(bot.market, bot.capital), ...overrides };
  const p = { ...bot.defaultParams, ...params };
  return { config, result: runBacktest(bot.strategy, p, candles, config, options) };
}
