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
  /** The shipped file the period comes from (15m: the 2024-2026 file). */
  readonly interval: '1h' | '15m';
  /** The candles the bot ran on: always hourly, as live (a 15-minute file is merged into hours). */
  readonly barInterval: '1h';
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
  /**
   * Capital tied up in the position (spot cost, futures margin), averaged over the candles, in USDT
   * and in percent of the allocation, and the run's profit in percent of it (null: never in use).
   */
  readonly capitalInUse: {
    readonly average: number;
    readonly averagePct: number;
    readonly returnPct: number | null;
  };
  /** Trade-order Monte Carlo: 5th percentile of the compounded return (null: no trade). */
  readonly monteCarlo5thPctReturn: number | null;
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

/** What the research found for one bot, over all its published periods. */
export interface PublishedBotVerdict {
  /** The research design that shipped (engine/research/designs.ts). */
  readonly design: string;
  /**
   * The futures goal (docs/strategies.md): every out-of-sample period positive after costs, profit
   * factor >= 1.1, max drawdown <= 20 % and below buy-and-hold's, never halted. null for spot bots,
   * which are not held to it.
   */
  readonly meetsGoal: boolean | null;
  /** It lost money in at least one out-of-sample period: its card must say so. */
  readonly lostMoneyInTesting: boolean;
  /** Each part of the goal it missed, in words. */
  readonly misses: readonly string[];
  /** In-sample robustness of the chosen parameters. */
  readonly robustness: {
    readonly inSampleReturnPct: number;
    /** The chosen point with each numeric parameter moved ±20 %, one at a time, in-sample. */
    readonly neighbours: readonly {
      readonly params: Readonly<Record<string, unknown>>;
      readonly returnPct: number;
    }[];
    /** The chosen point and every neighbour made money in-sample. */
    readonly allPositive: boolean;
  };
}

export interface PublishedBacktests {
  readonly generatedBy: string;
  /** Where the parameters were chosen (never a published period). */
  readonly inSample: string;
  readonly runs: readonly PublishedBacktest[];
  readonly bots: { readonly [K in BotId]: PublishedBotVerdict };
}
