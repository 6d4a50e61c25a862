/**
 * The member's cockpit (issue 31): what each running bot is doing, its order journal, pause and
 * resume, and its live equity next to the engine's backtest over the same candles.
 */
import * as z from 'zod';
import { Deployment } from './bots';
import { BotIdSchema, PageQuery, Timestamp, page } from './common';

export const BotStateName = z.enum([
  'waiting',
  'position',
  'paused',
  'killed',
  'attention',
  'stopping',
  'stopped',
]);
export type BotStateName = z.infer<typeof BotStateName>;

/** A bot's state in words: "Waiting for a signal", "Needs attention" with why and what to do. */
export const BotState = z.object({
  name: BotStateName,
  label: z.string(),
  /** Why it is in that state (the kill switch's drawdown, the exchange's refusal...). */
  detail: z.string().optional(),
  /** What the member can do about it. */
  todo: z.string().optional(),
});
export type BotState = z.infer<typeof BotState>;

/** One of the dashboard's "Running bots". */
export const RunningBot = z.object({
  id: z.string(),
  bot: BotIdSchema,
  name: z.string(),
  symbol: z.string(),
  market: z.enum(['spot', 'futures']),
  /** micro-USDT */
  capital: z.number().int(),
  quote: z.enum(['USDT', 'USDC']),
  state: BotState,
  /** Unrealised profit of its open position at the current price, micro-USDT (real fills); null when flat. */
  openPnl: z.number().int().nullable(),
});
export type RunningBot = z.infer<typeof RunningBot>;

export const RunningBots = z.object({ bots: z.array(RunningBot) });

export const DeploymentIdQuery = z.object({ id: z.string().min(1).max(64) });
export const DeploymentIdRequest = DeploymentIdQuery;

export const KillAcknowledgement = z.object({
  id: z.string().min(1).max(64),
  /** Trade again, with the kill switch measured from the bot's equity now; false: leave it stopped. */
  resume: z.boolean(),
});

export const SignalInput = z.object({
  name: z.string(),
  /** null while the indicator warms up. */
  value: z.number().nullable(),
  unit: z.enum(['price', 'pct', 'number']),
});

/** The bot's open position from its real fills, marked at the current price, with its guards. */
export const CockpitPosition = z.object({
  side: z.enum(['long', 'short']),
  size: z.number(),
  entry: z.number(),
  /** The current price (the forming candle's last trade); null when no price was read yet. */
  mark: z.number().nullable(),
  /** micro-USDT; null without a mark. */
  unrealised: z.number().int().nullable(),
  /** The protective stop (the model's level; the kept stop while paused). */
  stop: z.number().nullable(),
  /** Where the kill switch closes the bot (its maximum drawdown of the capital). */
  kill: z.number().nullable(),
  /** Futures only: where the exchange would liquidate the position (isolated margin). */
  liquidation: z.number().nullable(),
});

export const Cockpit = z.object({
  deployment: Deployment,
  state: BotState,
  interval: z.enum(['1h', '15m']),
  /** Open time of the last candle the bot acted on (ms); null before its first. */
  lastCandle: z.number().nullable(),
  /** When the candle it acts on next closes (ms). */
  nextClose: z.number().nullable(),
  /** What the signal reads now (the engine's indicators over the same candles). */
  inputs: z.array(SignalInput),
  position: CockpitPosition.nullable(),
  pausedAt: Timestamp.nullable(),
});
export type Cockpit = z.infer<typeof Cockpit>;

export const JournalStatus = z.enum([
  'sending',
  'resting',
  'filled',
  'partly filled',
  'cancelled',
  'refused',
  'missed',
  'skipped',
]);

/** One order the bot sent (or chose not to send), as our own record of its client order id has it. */
export const JournalOrder = z.object({
  time: Timestamp,
  clientOrderId: z.string(),
  orderId: z.string().nullable(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit', 'stop']),
  /** The average fill price when it filled, else its level (null: a market order not filled). */
  price: z.number().nullable(),
  size: z.number(),
  filled: z.number(),
  /** Fee in quote as the exchange charged it. */
  fee: z.number().nullable(),
  status: JournalStatus,
  /** The model's reason: "stage 3", "take profit", "ATR trailing stop", "kill switch: 30% drawdown". */
  reason: z.string(),
  /** The exchange's refusal, or why it was missed or not sent. */
  note: z.string().optional(),
});
export type JournalOrder = z.infer<typeof JournalOrder>;

export const JournalQuery = PageQuery.extend({ id: z.string().min(1).max(64) });
export const Journal = page(JournalOrder);

/** Live against the engine since deployment: both equity curves and where they part, micro-USDT. */
export const LiveVersusModel = z.object({
  /** Open time of the first candle the bot traded (ms); null before its first tick. */
  since: z.number().nullable(),
  points: z.array(z.object({ time: z.number(), model: z.number().int(), live: z.number().int() })),
  /** live − model at the last candle, and its parts. */
  difference: z.number().int(),
  fees: z.number().int(),
  slippage: z.number().int(),
  /** The rest: levels the model filled and the exchange did not, orders not sent, timing. */
  missed: z.number().int(),
  /** Orders the model filled that did not fill live (missed or not sent). */
  missedOrders: z.number().int(),
});
export type LiveVersusModel = z.infer<typeof LiveVersusModel>;
