/**
 * A bot as a member sets it up, turned into what the engine runs: the strategy, its parameters and
 * the simulated account. The live executor (functions/bots/model.ts) and the browser backtest
 * ("Backtest these settings") both go through here, so a member backtests exactly what would run.
 */
import {
  dcaPresetParams,
  ladderUnits,
  manualDcaParams,
  type DcaPreset,
  type ManualDcaInput,
} from '../strategies/dca-presets';
import { getBot, type BotId } from '../strategies/registry';
import type { Strategy } from '../types';
import { defaultConfig, type BacktestConfig } from './config';

export interface EngineModel {
  readonly strategy: Strategy<object, object>;
  readonly params: object;
  readonly config: BacktestConfig;
}

/** A deployment's model: the bot's shipped parameters with the deployment's own over them, on `capital` USDT. */
export function deploymentModel(
  id: BotId,
  capital: number,
  params: Readonly<Record<string, unknown>> = {},
): EngineModel {
  const bot = getBot(id);
  const merged: Record<string, unknown> = { ...bot.defaultParams, ...params };
  // The grid spreads its budget over its levels: the member's amount is that budget.
  if (bot.kind === 'grid') merged.capital = capital;
  return { strategy: bot.strategy, params: merged, config: defaultConfig(bot.market, capital) };
}

/** The bots a member can backtest from the browser, and what they enter for each. */
export type MemberSettings =
  /** A bot page (and the grid) on an amount. */
  | { readonly kind: 'bot'; readonly bot: BotId; readonly amount: number }
  /** An automatic DCA preset on the amount one cycle spends (as it starts from the DCA page). */
  | { readonly kind: 'dca-preset'; readonly bot: DcaPreset; readonly amount: number }
  /** The manual DCA as entered on the DCA page. */
  | ({ readonly kind: 'manual-dca'; readonly symbol: string } & ManualDcaInput);

/** The symbol the settings trade and their model, the same as the server would start. */
export function memberModel(s: MemberSettings): { readonly symbol: string } & EngineModel {
  switch (s.kind) {
    case 'bot':
      return { symbol: getBot(s.bot).symbol, ...deploymentModel(s.bot, s.amount) };
    case 'dca-preset':
      return {
        symbol: 'BTCUSDT',
        ...deploymentModel(s.bot, s.amount, { ...dcaPresetParams(s.bot, s.amount) }),
      };
    case 'manual-dca': {
      // The capital the server allocates: the whole ladder, in whole micro-USDT.
      const capital = Math.round(s.initial * ladderUnits(s.stages) * 1e6) / 1e6;
      return { symbol: s.symbol, ...deploymentModel('dca', capital, { ...manualDcaParams(s) }) };
    }
  }
}
