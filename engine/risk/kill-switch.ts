/**
 * The bot-level kill switch: a bot halts, closes its position and tells its member once its equity
 * falls `maxDrawdownPct` below its high-water mark. The mark starts at the capital allocated to the
 * bot, so the first loss is measured against the allocation and a later one against the best equity
 * reached since (a bot may not give back more than that share of what it made either).
 *
 * Pure state, no I/O: the backtester feeds it the equity at every close, a live runner at every tick.
 */
export class KillSwitch {
  // Numbers from the start, as Account's (engine/backtest/account.ts): a field declared without a
  // value would box every number later written to it.
  private highWaterMark = 0;
  /** The share of the high-water mark the equity may fall to: 1 − maxDrawdownPct / 100. */
  private readonly kept: number = 1;
  /**
   * highWaterMark × kept, updated with the mark rather than computed per read: the backtest reads
   * it two or three times a candle, and its division was a measurable share of a backtest's time.
   */
  private floorLevel = 0;

  constructor(
    allocatedCapital: number,
    readonly maxDrawdownPct: number,
  ) {
    if (!(maxDrawdownPct > 0 && maxDrawdownPct <= 100))
      throw new RangeError(`maxDrawdownPct must be in (0, 100], got ${maxDrawdownPct}`);
    this.highWaterMark = allocatedCapital;
    this.kept = 1 - maxDrawdownPct / 100;
    this.floorLevel = allocatedCapital * this.kept;
  }

  get peak(): number {
    return this.highWaterMark;
  }

  /** Equity at or below which the bot must halt: peak × (1 − maxDrawdownPct / 100). */
  get floor(): number {
    return this.floorLevel;
  }

  /** Records an equity reading; true when the bot must halt and close ("halt and close"). */
  observe(equity: number): boolean {
    if (equity > this.highWaterMark) {
      this.highWaterMark = equity;
      this.floorLevel = equity * this.kept;
    }
    return equity <= this.floorLevel;
  }

  /** Whether `equity` is at or below the floor (without moving the high-water mark). */
  breached(equity: number): boolean {
    return equity <= this.floorLevel;
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
  return exitShortfallAtZero(size, equity, mark, target) / (size - Math.abs(size) * feeRate);
}

/**
 * How far `target` lies above the equity left by closing the position at a price of 0 (before
 * fees): the numerator of exitPriceForEquity, so a long's exit price is above 0 exactly when this is.
 * At or below 0, even a total loss of the position leaves the equity above `target`.
 */
export function exitShortfallAtZero(size: number, equity: number, mark: number, target: number): number {
  return target - equity + size * mark;
}
