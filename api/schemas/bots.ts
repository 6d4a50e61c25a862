import * as z from 'zod';
import { BotIdSchema, RequestId, Timestamp } from './common';

/** The four automatic DCA presets of the DCA page's Automatic Trading tab. */
export const DcaPresetId = z.enum(['universal', 'aibot', 'dcaking', 'dcaairobot'], {
  error: 'Choose one of the four automatic DCA bots.',
});
export type DcaPresetId = z.infer<typeof DcaPresetId>;

/** The bots deployed from their own page with Deploy / Undeploy (everything but the DCA family). */
export const PageBotId = z.enum(
  ['classic', 'alfa', 'zeno', 'zeno3x', 'candles', 'candles3x', 'glint', 'nero', 'quant'],
  { error: 'Choose a bot from the list.' },
);
export type PageBotId = z.infer<typeof PageBotId>;

export const DcaSymbol = z.enum(['BTCUSDT', 'ETHUSDT'], { error: 'Choose BTCUSDT or ETHUSDT.' });
export type DcaSymbol = z.infer<typeof DcaSymbol>;

/** Micro-USDT amount a member types (integer, > 0). */
const Amount = (what: string) =>
  z
    .number({ error: `Enter ${what}.` })
    .int({ error: `${what} must be a whole number of micro-USDT.` })
    .positive({ error: `Enter ${what} above 0.` });

/** The spec's deploy form: the two checkboxes (terms; the high risk of futures, where the page has it). */
const Acceptance = {
  acceptTerms: z.boolean().default(false),
  acceptRisk: z.boolean().default(false),
};

/** A bot that lost money in testing is deployed only with this box ticked. */
const Consent = { acceptLoss: z.boolean().default(false) };

export const DeploymentStatus = z.enum(['active', 'stopping', 'stopped', 'killed']);

/** One deployment of a bot by a member: what runs (or ran) on the member's exchange account. */
export const Deployment = z.object({
  id: z.string(),
  bot: BotIdSchema,
  name: z.string(),
  status: DeploymentStatus,
  symbol: z.string(),
  market: z.enum(['spot', 'futures']),
  /** Capital the bot trades with, micro-USDT. */
  capital: z.number().int(),
  /** Quote of the futures account the bot trades (Deploy as USDC). */
  quote: z.enum(['USDT', 'USDC']),
  deployedAt: Timestamp,
  stoppedAt: Timestamp.optional(),
  /** Why the bot stopped by itself (the kill switch, a refused key...), shown to the member. */
  stopReason: z.string().optional(),
});
export type Deployment = z.infer<typeof Deployment>;

/** One out-of-sample period of a bot's published backtest, next to buy-and-hold (engine/published). */
export const PeriodEvidence = z.object({
  interval: z.enum(['1h', '15m']),
  /** 'YYYY-MM-DD to YYYY-MM-DD' */
  period: z.string(),
  returnPct: z.number(),
  maxDrawdownPct: z.number(),
  holdReturnPct: z.number(),
  holdMaxDrawdownPct: z.number(),
  /** The day the kill switch halted the bot (YYYY-MM-DD), or null. */
  haltedOn: z.string().nullable(),
});

/** What the out-of-sample backtests say of a bot, shown before any deploy control. */
export const BotEvidence = z.object({
  periods: z.array(PeriodEvidence),
  lostMoneyInTesting: z.boolean(),
  /** The futures goal (docs/strategies.md); null for the spot bots. */
  meetsGoal: z.boolean().nullable(),
  misses: z.array(z.string()),
  /** The largest out-of-sample drawdown, percent of capital. */
  worstDrawdownPct: z.number(),
});
export type BotEvidence = z.infer<typeof BotEvidence>;

/** The risk limits the bot trades under, in percent of the amount it may use. */
export const BotRisk = z.object({
  /** Loss at the protective stop: per position (signal bots), for a full ladder or grid (DCA, grid). */
  stopLossPct: z.number().nullable(),
  /**
   * The yearly volatility a signal bot's positions are sized for (volatility-targeted designs, in
   * percent), whose stop then loses no fixed share of the amount (`stopLossPct` null); else null.
   */
  targetVolPct: z.number().nullable(),
  /** The kill switch: the bot halts once it is this far below its best equity. */
  killSwitchPct: z.number(),
  /** The share of realised profit charged to the fuel wallet. */
  profitChargePct: z.number(),
});
export type BotRisk = z.infer<typeof BotRisk>;

/** A bot in the marketplace, with whether this member may deploy it and its live deployment. */
export const BotCard = z.object({
  id: BotIdSchema,
  name: z.string(),
  kind: z.enum(['dca', 'grid', 'signal']),
  market: z.enum(['spot', 'futures']),
  symbol: z.string(),
  leverage: z.number(),
  /** Capital the bot is designed for (USDT, whole units as the spec's pages show it). */
  capital: z.number(),
  summary: z.string(),
  /** What it does and its parameters, written from the strategy's own definition. */
  description: z.string(),
  parameters: z.array(z.object({ name: z.string(), value: z.string() })),
  evidence: BotEvidence,
  risk: BotRisk,
  /** The least amount it may be deployed with, before the exchange's own minimum (USDT). */
  minimum: z.number(),
  /** The plan that unlocks it: Executive (silver) or Imperial (gold). */
  tier: z.enum(['silver', 'gold']),
  /** The member's plan (or an admin's grant) unlocks it. */
  unlocked: z.boolean(),
  deployment: Deployment.nullable(),
});
export type BotCard = z.infer<typeof BotCard>;

export const BotsView = z.object({
  plan: z.enum(['none', 'silver', 'gold']),
  bots: z.array(BotCard),
});
export type BotsView = z.infer<typeof BotsView>;

export const DeployRequest = z.object({
  bot: PageBotId,
  ...Acceptance,
  /** Deploy as USDC: the bot trades the USDC-margined futures account. */
  quote: z.enum(['USDT', 'USDC']).default('USDT'),
  /** The amount the bot may use (micro-USDT); its capital requirement when left out. */
  amount: Amount('the amount').optional(),
  ...Consent,
  requestId: RequestId,
});
export type DeployRequest = z.infer<typeof DeployRequest>;

export const UndeployRequest = z.object({ bot: PageBotId, ...Acceptance });

export const DeployAnswer = z.object({ message: z.string(), deployment: Deployment });

export const DcaAutoRequest = z.object({
  bot: DcaPresetId,
  amount: Amount('the amount'),
  ...Consent,
  requestId: RequestId,
});

/** The limits of a deploy, read when its form opens; the manual DCA's for the symbol chosen. */
export const DeployLimitsQuery = z
  .object({ bot: BotIdSchema, symbol: DcaSymbol.optional() })
  .refine((q) => q.symbol === undefined || q.bot === 'dca', {
    error: 'Only the manual DCA trades a symbol of your choosing.',
    path: ['symbol'],
  });
export type DeployLimitsQuery = z.infer<typeof DeployLimitsQuery>;

export const DeployLimits = z.object({
  bot: BotIdSchema,
  market: z.enum(['spot', 'futures']),
  symbol: z.string(),
  /**
   * The least amount: the bot's own minimum, or more where its smallest order needs it (micro-USDT);
   * the manual DCA's is one order at the exchange's minimum (its form works out its ladder's own).
   */
  minimum: z.number().int(),
  /** The member's free USDT on that Binance market (micro-USDT); null when no key is bound or it cannot be read. */
  free: z.number().int().nullable(),
  /** The exchange's minimum order value for the symbol (USDT). */
  orderMinimum: z.number(),
  /** The bot's smallest order per USDT of its amount (its orders grow with the amount). */
  smallestOrderPerUsdt: z.number(),
});
export type DeployLimits = z.infer<typeof DeployLimits>;

/**
 * The refusal of an amount whose smallest order the exchange would not take, said the same way by
 * the server and the deploy form: "The smallest order this bot would place is 0.63 USDT; Binance's
 * minimum is 5 USDT. Use at least 64 USDT."
 */
export const smallestOrderText = (smallest: number, orderMinimum: number, useAtLeast: string): string =>
  `The smallest order this bot would place is ${smallest.toFixed(2)} USDT; Binance's minimum is ` +
  `${Number(orderMinimum.toFixed(2))} USDT. ${useAtLeast}`;

const percent = (what: string) =>
  z
    .number({ error: `Enter the ${what}.` })
    .gt(0, { error: `The ${what} must be above 0.` })
    .max(100, { error: `The ${what} must be at most 100.` });

/** One of stages 2..15 of the manual DCA form: buy `initial × timesX` `per` % below the previous fill. */
export const DcaStageInput = z.object({
  timesX: z
    .number({ error: 'Enter the time x of every position.' })
    .gt(0, { error: 'Time x must be above 0.' })
    .max(100, { error: 'Time x must be at most 100.' }),
  per: percent('percentage of every position'),
});

/** The spec's DCA form: symbol, initial, takeprofitper, second..fifteenth with their per fields, oneshot. */
export const DcaManualRequest = z.object({
  symbol: DcaSymbol,
  initial: Amount('the initial amount'),
  takeProfitPct: percent('take profit percentage'),
  /** Positions 2 to 15 (the First position is the initial order itself). */
  stages: z.array(DcaStageInput).max(14, { error: 'At most fifteen positions.' }),
  oneShot: z.boolean().default(false),
  ...Consent,
  requestId: RequestId,
});
export type DcaManualRequest = z.infer<typeof DcaManualRequest>;

/** The spec's "DCA position": id, symbol, initial, currentprice, qty, takeprice, AveragePrice, count, oneshot. */
export const DcaPosition = z.object({
  id: z.string(),
  bot: BotIdSchema,
  name: z.string(),
  symbol: z.string(),
  status: DeploymentStatus,
  /** micro-USDT */
  initial: z.number().int(),
  currentPrice: z.number().nullable(),
  /** Base quantity held now (real fills). */
  qty: z.number(),
  averagePrice: z.number().nullable(),
  takePrice: z.number().nullable(),
  takeProfitPct: z.number(),
  /** Stages filled in the current cycle. */
  count: z.number().int(),
  stages: z.array(DcaStageInput),
  oneShot: z.boolean(),
  deployedAt: Timestamp,
});
export type DcaPosition = z.infer<typeof DcaPosition>;

export const DcaPositions = z.object({ positions: z.array(DcaPosition) });

export const DcaIdRequest = z.object({ id: z.string().min(1).max(64) });

export const DcaEditRequest = z.object({
  id: z.string().min(1).max(64),
  takeProfitPct: percent('take profit percentage'),
});

/** The spec's Position tab: symbol, trade, side, quantity, price, current price, order id, profit. */
export const Position = z.object({
  deploymentId: z.string(),
  bot: BotIdSchema,
  /** The bot's name (the spec's "trade" column). */
  trade: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  quantity: z.number(),
  /** Average entry price of the real fills. */
  price: z.number(),
  currentPrice: z.number().nullable(),
  /** The exchange's id of the order that opened the position. */
  orderId: z.string(),
  /** Unrealised profit at the current price, micro-USDT (real fills, marked). */
  profit: z.number().int(),
});
export type Position = z.infer<typeof Position>;

export const Positions = z.object({ positions: z.array(Position) });

/** The spec's Close Order tab: symbol, buy usdt, sell usdt, order id, buy price, sell price, entry date, profit. */
export const ClosedOrder = z.object({
  id: z.string(),
  deploymentId: z.string(),
  bot: BotIdSchema,
  trade: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  /** micro-USDT */
  buyUsdt: z.number().int(),
  sellUsdt: z.number().int(),
  orderId: z.string(),
  buyPrice: z.number(),
  sellPrice: z.number(),
  entryDate: Timestamp,
  exitDate: Timestamp,
  /** Realised profit net of the exchange's fees, micro-USDT (real fills). */
  profit: z.number().int(),
  /** The 20 % profit charge booked for it, micro-USDT (0 on a loss). */
  charge: z.number().int(),
});
export type ClosedOrder = z.infer<typeof ClosedOrder>;

export const ClosedOrdersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(2048).optional(),
  bot: BotIdSchema.optional(),
});

export const ClosedOrders = z.object({ items: z.array(ClosedOrder), cursor: z.string().optional() });

/** The spec's Profit Statement: the total and a table of date and amount (realised, per UTC day). */
export const ProfitStatement = z.object({
  total: z.number().int(),
  today: z.number().int(),
  rows: z.array(z.object({ date: z.string(), amount: z.number().int() })),
});
export type ProfitStatement = z.infer<typeof ProfitStatement>;

/** Moves money from the wallet into the fuel wallet that pays the 20 % profit charge. */
export const FuelTopUpRequest = z.object({ amount: Amount('the amount'), requestId: RequestId });
