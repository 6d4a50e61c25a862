import type { Trade } from '../backtest/account';
import type { Stats } from '../stats/stats';
import type { BotId } from '../strategies/registry';
import type { Market } from '../types';

/** One bot's backtest on one shipped series, as the bot pages show it. Always labelled a backtest. */
export interface PublishedBacktest {
  readonly bot: BotId;
  readonly label: 'backtest';
  readonly symbol: string;
  readonly interval: '1h' | '15m';
  /** Open time of the first and last candle, epoch ms UTC. */
  readonly from: number;
  readonly to: number;
  readonly candles: number;
  readonly capital: number;
  readonly leverage: number;
  readonly market: Market;
  readonly fees: { readonly maker: number; readonly taker: number };
  readonly slippage: number;
  readonly fundingRatePer8h: number;
  readonly stats: Stats;
  /** The latest trades (capped), oldest first. */
  readonly recentTrades: readonly Trade[];
  /** Downsampled equity curve: [epoch ms, equity]. */
  readonly equity: readonly (readonly [number, number])[];
}

export interface PublishedBacktests {
  readonly generatedBy: string;
  readonly runs: readonly PublishedBacktest[];
}
