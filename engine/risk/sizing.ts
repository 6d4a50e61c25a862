/**
 * Position sizing from the risk per trade: a position is as large as the loss at its stop allows,
 * never larger than the exposure cap (margin × leverage, or the cash for spot).
 */

/** Base quantity whose loss from `entry` to `stop` is `riskPct` % of `equity`, capped at `maxNotional`. */
export function riskSizedQuantity(
  equity: number,
  entry: number,
  stop: number,
  riskPct: number,
  maxNotional: number,
): number {
  const distance = Math.abs(entry - stop);
  if (!(distance > 0) || !(equity > 0) || !(entry > 0)) return 0;
  return Math.min((equity * riskPct) / 100 / distance, maxNotional / entry);
}

/**
 * The factor (at most 1) that shrinks a plan of orders whose loss at its stop would be `lossAtStop`
 * (quote units) so that it risks no more than `riskPct` % of `equity` (DCA ladders, grids).
 */
export function riskScale(lossAtStop: number, equity: number, riskPct: number): number {
  if (!(lossAtStop > 0)) return 1;
  return Math.min(1, (equity * riskPct) / 100 / lossAtStop);
}
