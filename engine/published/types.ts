import type { Trade } from '../backtest/account';
import type { KillEvent } from '../risk/guard';
import type { BuyAndHold } from '../stats/buy-and-hold';
import type { Stats } from '../stats/stats';
import type { BotId } from '../strategies/registry';
import type { Market } from '../types';

/**
 * One bot's backtest on one out-of-sample period of the shipped candles, as the bot pages show it.
 * Always labelled a backtest, always out-of-sample (its parameters were chosen on another period),
 * always next to buy-and-hold of the same symbol over the same candles.
 */
export interface PublishedBacktest {
  readonly bot: BotId;
  readonly label: 'backtest';
  readonly sample: 'out-of-sample';
  readonly symbol: string;
  readonly interval: '1h' | '15m';
  /** Open time of the first and last candle, epoch ms UTC, and the same as 'YYYY-MM-DD to YYYY-MM-DD'. */
  readonly from: number;
  readonly to: number;
  readonly period: string;
  readonly candles: number;
  readonly capital: number;
  readonly leverage: number;
  readonly market: Market;
  readonly fees: { readonly maker: number; readonly taker: number };
  readonly slippage: number;
  readonly fundingRatePer8h: number;
  /** The kill switch the run had: halt at this drawdown from the high-water mark. */
  readonly killSwitchPct: number;
  /** The parameters the run used (chosen in-sample). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly stats: Stats;
  readonly buyAndHold: BuyAndHold;
  /** Trades closed by a liquidation over the whole run (the risk limits aim for none). */
  readonly liquidations: number;
  /** When and where the kill switch halted the bot, or null. */
  readonly killed: KillEvent | null;
  /** One plain sentence: period, out-of-sample, the return (says "lost" when it lost) and buy-and-hold. */
  readonly summary: string;
  /** The latest trades (capped), oldest first. */
  readonly recentTrades: readonly Trade[];
  /** Downsampled equity curve: [epoch ms, equity]. */
  readonly equity: readonly (readonly [number, number])[];
}

export interface PublishedBacktests {
  readonly generatedBy: string;
  /** Where the parameters were chosen (never a published period). */
  readonly inSample: string;
  readonly runs: readonly PublishedBacktest[];
}
