/**
 * The smallest order a bot would place for a capital: a deploy whose smallest order the exchange
 * would refuse (under its minimum order value or lot size) is refused before anything trades, with
 * the amount that would do. Every bot's orders grow in proportion to its capital, so one figure per
 * USDT of capital answers both. Pure.
 */
import { botEvidence } from '../published/bot-evidence';
import { dcaCycleScale, type DcaParams } from '../strategies/dca';
import { gridLevels, gridLotQuote, type GridParams } from '../strategies/grid';
import { getBot, type BotId } from '../strategies/registry';

/**
 * The smallest order (quote) `bot` places with `capital` USDT and `params` over its defaults:
 * - a DCA ladder: its smallest stage as the cycle's risk limit scales it; ATR steps are taken at
 *   their narrowest (every stage at the opening price), where that scale is smallest;
 * - the grid: one lot (the sells of a lot are worth more than its buy);
 * - a signal bot: its entries are sized from the volatility at the time, so its smallest entry in
 *   the out-of-sample tests, as a share of its equity then (engine/published/evidence.ts).
 */
export function smallestOrderQuote(bot: BotId, capital: number, params: object = {}): number {
  const definition = getBot(bot);
  const merged = { ...definition.defaultParams, ...params };
  if (definition.kind === 'dca') {
    const p = merged as DcaParams;
    const smallestStage = Math.min(1, ...p.stages.map((s) => s.timesX));
    return p.initial * smallestStage * dcaCycleScale(p, 1, 0, capital);
  }
  if (definition.kind === 'grid') {
    const p = { ...(merged as GridParams), capital };
    return gridLotQuote(p, gridLevels(1, p.levels, p.rangePct), capital);
  }
  return (botEvidence(bot).smallestEntryShare ?? 0) * capital;
}

/** The least whole USDT of capital whose smallest order is at least `minimumOrder` (quote). */
export function capitalForMinimumOrder(smallest: number, capital: number, minimumOrder: number): number {
  return smallest > 0 ? Math.ceil((capital * minimumOrder) / smallest) : Number.POSITIVE_INFINITY;
}
