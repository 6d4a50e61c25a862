/**
 * The bot-level kill switch: a bot halts, closes its position and tells its member once its equity
 * falls `maxDrawdownPct` below its high-water mark. The mark starts at the capital allocated to the
 * bot, so the first loss is measured against the allocation and a later one against the best equity
 * reached since (a bot may not give back more than that share of what it made either).
 *
 * Pure state, no I/O: the backtester feeds it the equity at every close, a live runner at every tick.
 */
export class KillSwitch {
  private highWaterMark: number;

  constructor(
    allocatedCapital: number,
    readonly maxDrawdownPct: number,
  ) {
    if (!(maxDrawdownPct > 0 && maxDrawdownPct <= 100))
      throw new RangeError(`maxDrawdownPct must be in (0, 100], got ${maxDrawdownPct}`);
    this.highWaterMark = allocatedCapital;
  }

  get peak(): number {
    return this.highWaterMark;
  }

  /** Equity at or below which the bot must halt. */
  get floor(): number {
    return this.highWaterMark * (1 - this.maxDrawdownPct / 100);
  }

  /** Records an equity reading; true when the bot must halt and close ("halt and close"). */
  observe(equity: number): boolean {
    if (equity > this.highWaterMark) this.highWaterMark = equity;
    return this.breached(equity);
  }

  /** Whether `equity` is at or below the floor (without moving the high-water mark). */
  breached(equity: number): boolean {
    return equity <= this.floor;
  }
}

/**
 * The fill price at which closing a position of signed `size` leaves `target` equity, when the
 * account's equity is `equity` marked at `mark` and the exit pays `feeRate` on its notional.
 * Equity at a fill f is equity + size·(f − mark) − |size|·f·feeRate (spot and futures alike).
 */
export function exitPriceForEquity(
  size: number,
  equity: number,
  mark: number,
  target: number,
  feeRate: number,
): number {
  return (target - equity + size * mark) / (size - Math.abs(size) * feeRate);
}
