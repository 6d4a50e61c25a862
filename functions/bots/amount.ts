/**
 * The amount a bot may use, checked before anything trades: at least the bot's own minimum, no
 * more than the member's free balance on its market, and enough that its smallest order passes the
 * exchange's minimum order value and lot size (from the exchange's market filters). The capital
 * the deployment records is this amount: what the executor sizes with (capital × leverage).
 */
import { MICRO_PER_USDT, usdt } from '#api/money';
import { smallestOrderText, type BotRisk } from '#api/schemas/bots';
import { config } from '#core/config';
import { badRequest } from '#core/errors';
import { logger } from '#core/logger';
import { defaultConfig } from '#engine/backtest/config';
import { capitalForMinimumOrder, smallestOrderQuote } from '#engine/risk/smallest-order';
import type { DcaParams } from '#engine/strategies/dca';
import { sizedForVolatility } from '#engine/strategies/describe';
import type { DcaPreset } from '#engine/strategies/dca-presets';
import { getBot, presetParamsFor, type BotId } from '#engine/strategies/registry';
import { freeQuoteOf, orderRulesOf } from '#functions/exchange/service';
import { gateMessages } from './gates';
import { getCandles } from './store';

const PRESETS: readonly BotId[] = ['universal', 'aibot', 'dcaking', 'dcaairobot'];

/** The least amount of a bot before the exchange's rules: a signal bot's capital requirement (spec section 9). */
export const botMinimum = (bot: BotId): number => (getBot(bot).kind === 'signal' ? getBot(bot).capital : 0);

/** The parameters a deployment with `amount` USDT runs (an automatic DCA's ladder is sized by it). */
export const paramsFor = (bot: BotId, amount: number): DcaParams | undefined =>
  PRESETS.includes(bot) ? presetParamsFor(bot as DcaPreset, amount) : undefined;

/** The risk limits a bot trades under, in percent of its amount (its shipped parameters). */
export const botRisk = (bot: BotId): BotRisk => {
  const p = getBot(bot).defaultParams as {
    riskPct?: number;
    stopLossPct?: number | null;
    targetVol?: number;
  };
  // The manual DCA runs the member's ladder without a stop (engine/strategies/dca-presets.ts).
  const stopped = bot !== 'dca' && p.stopLossPct !== null;
  // A design sized for a volatility does not size by `riskPct`: its stop loses no fixed share.
  const volatility = sizedForVolatility(bot);
  return {
    stopLossPct: stopped && !volatility && typeof p.riskPct === 'number' ? p.riskPct : null,
    targetVolPct: volatility ? Number(p.targetVol) * 100 : null,
    // The executor's own kill switch (functions/bots/model.ts runs the bot under this config).
    killSwitchPct: defaultConfig(getBot(bot).market, 1).maxDrawdownPct,
    profitChargePct: config.profitChargeRate * 100,
  };
};

const twoDecimals = (x: number) => x.toFixed(2);

/** The exchange's least order value for the symbol now: its minimum notional, or its least lot at the last price. */
export const orderMinimumOf = async (market: 'spot' | 'futures', symbol: string): Promise<number> => {
  const [rules, candles] = await Promise.all([
    orderRulesOf(market, symbol),
    getCandles(market, symbol, '1h').catch(() => null),
  ]);
  const price = candles?.price ?? 0;
  return Math.max(rules.minCost, rules.minAmount * price);
};

/**
 * The bot's smallest order per USDT of its amount: its orders grow in proportion to the amount.
 * The manual DCA's ladder is the member's own: its least is a single order at the exchange's
 * minimum, and its form works out the least of the ladder entered (manualLeastInitial).
 */
export const smallestOrderPerUsdt = (bot: BotId): number => {
  if (bot === 'dca') return 1;
  const reference = 1000;
  return smallestOrderQuote(bot, reference, paramsFor(bot, reference)) / reference;
};

/** The least amount whose smallest order passes `orderMinimum` (whole USDT), and at least the bot's own. */
export const leastAmount = (bot: BotId, orderMinimum: number): number =>
  Math.max(botMinimum(bot), capitalForMinimumOrder(smallestOrderPerUsdt(bot), 1, orderMinimum));

/** The refusal of an amount whose smallest order the exchange would not take. */
export const smallestOrderRefusal = (smallest: number, orderMinimum: number, useAtLeast: string) =>
  badRequest('ORDER_TOO_SMALL', smallestOrderText(smallest, orderMinimum, useAtLeast), 'amount');

/**
 * Refuses an amount under the bot's minimum or whose smallest order is under the exchange's
 * minimum; `smallest` is the smallest order of this deployment (its own parameters).
 */
export const checkOrderSize = async (
  bot: BotId,
  market: 'spot' | 'futures',
  symbol: string,
  amount: number,
  smallest: number,
  useAtLeast: (least: number, orderMinimum: number) => string = (least) => `Use at least ${least} USDT.`,
) => {
  if (amount < botMinimum(bot))
    throw badRequest(
      'AMOUNT_TOO_SMALL',
      `${getBot(bot).name} needs at least ${botMinimum(bot)} USDT.`,
      'amount',
    );
  const orderMinimum = await orderMinimumOf(market, symbol);
  if (smallest < orderMinimum)
    throw smallestOrderRefusal(
      smallest,
      orderMinimum,
      useAtLeast(capitalForMinimumOrder(smallest, amount, orderMinimum), orderMinimum),
    );
};

/** The member's free quote on a Binance market in micro-USDT; null when no key is bound or it cannot be read. */
export const freeBalanceOf = async (
  memberId: string,
  market: 'spot' | 'futures',
  quote: string,
): Promise<number | null> => {
  try {
    const free = await freeQuoteOf(memberId, market, quote);
    return free === null ? null : usdt(free);
  } catch (error) {
    logger.info('free balance read failed', { memberId, error: (error as Error).name });
    return null;
  }
};

/** The exchange gate: a bound Binance key whose free balance covers the amount (micro-USDT). */
export const checkBalance = async (
  memberId: string,
  market: 'spot' | 'futures',
  quote: string,
  amount: number,
) => {
  const free = await freeBalanceOf(memberId, market, quote);
  if (free === null) throw badRequest('EXCHANGE_BALANCE', gateMessages.balance);
  if (free < amount)
    throw badRequest(
      'EXCHANGE_BALANCE',
      `${gateMessages.balance} Your Binance ${market} account has ${twoDecimals(free / MICRO_PER_USDT)} ${quote} free; this bot would use ${twoDecimals(amount / MICRO_PER_USDT)}.`,
      'amount',
    );
};
