import type { AccountView, Candles, Market, Order, Strategy } from '../types';
import { exitPriceForEquity, exitShortfallAtZero, KillSwitch } from './kill-switch';

/** Emitted once when the kill switch halts a bot; the live side notifies the member with it. */
export interface KillEvent {
  readonly type: 'killed';
  /** Open time of the candle (or time of the tick) on which the bot halted. */
  readonly time: number;
  /** The high-water mark and the floor (peak × (1 − maxDrawdownPct / 100)) it was measured against. */
  readonly peak: number;
  readonly floor: number;
  readonly maxDrawdownPct: number;
}

export interface GuardSettings {
  readonly market: Market;
  /** Allocated capital: the kill switch's first high-water mark. */
  readonly capital: number;
  readonly maxDrawdownPct: number;
  /** Exit costs, so a kill at its level leaves the equity at the floor rather than below it. */
  readonly takerFee: number;
  readonly slippage: number;
}

const NONE: readonly Order[] = Object.freeze([]);

/**
 * The risk rules every bot runs under, enforced outside the strategy so that the backtester and a
 * live runner apply exactly the same code:
 * - the protective stop of the open position (`Strategy.stopLevel`), required for futures;
 * - the kill switch: at `maxDrawdownPct` below the high-water mark, close everything and halt.
 *
 * Per candle: `beforeCandle` (the position carried into the candle, against the candle's range),
 * then the strategy, then `atClose` (the equity marked at the close). Orders returned are stops at
 * known levels or market orders at the close, so they fill like any other order.
 */
export class RiskGuard {
  private readonly killSwitch: KillSwitch;
  private killEvent: KillEvent | null = null;
  private readonly futures: boolean;

  constructor(private readonly settings: GuardSettings) {
    this.killSwitch = new KillSwitch(settings.capital, settings.maxDrawdownPct);
    this.futures = settings.market === 'futures';
  }

  get halted(): boolean {
    return this.killEvent !== null;
  }

  get killed(): KillEvent | null {
    return this.killEvent;
  }

  /**
   * Orders that close the position carried into candle i if its range reaches the kill level or the
   * strategy's protective stop (`Strategy.stopLevel` of `state`; none without one). Long positions
   * are reached on the way down, so the higher of the two levels comes first; short ones the other
   * way. The guard asks the strategy itself, rather than taking the level as an argument, because a
   * price passed to a call V8 does not inline is a heap allocation, and this runs every candle.
   */
  beforeCandle<S>(
    c: Candles,
    i: number,
    account: AccountView,
    strategy: Strategy<unknown, S>,
    state: S,
  ): readonly Order[] {
    const q = account.positionSize;
    if (q === 0) {
      if (this.killSwitch.breached(account.equity)) this.halt(c.time[i]);
      return NONE;
    }
    const stop = strategy.stopLevel ? strategy.stopLevel(state, account) : NaN;
    if (this.futures && !Number.isFinite(stop)) this.refuseWithoutStop(c.time[i]);
    const long = q > 0;
    // How far the candle went against the position: its low for a long, its high for a short. No
    // closures here: this runs every candle a position is open, and a closure per call (named by
    // the transpiler's keepNames helper) cost more than the rest of the candle.
    const worst = long ? c.low[i] : c.high[i];
    // A long that even a fall to 0 would not take to the floor has no kill level a price can reach
    // (killLevel would be at or below 0): its two divisions are skipped, the usual case of a spot
    // DCA or grid that holds most of its capital in cash.
    const kill = long && worst > 0 && this.longBeyondKill(account) ? -Infinity : this.killLevel(account);
    const killReached = long ? worst <= kill : worst >= kill;
    const stopReached = long ? worst <= stop : worst >= stop;
    // The rare exits apart, so that the check every candle pays for stays small enough for V8 to
    // inline into the backtest loop.
    return killReached || stopReached ? this.exit(c.time[i], q, kill, stop, killReached, stopReached) : NONE;
  }

  /** The exit of a position whose kill level or stop the candle reached. */
  private exit(
    time: number,
    q: number,
    kill: number,
    stop: number,
    killReached: boolean,
    stopReached: boolean,
  ): readonly Order[] {
    // Longs are reached on the way down, so the higher level comes first; shorts the other way.
    const killFirst = q > 0 ? kill >= stop : kill <= stop;
    if (killReached && (!stopReached || killFirst)) {
      this.halt(time);
      return [closeAll(q, 'stop', kill, `kill switch: ${this.settings.maxDrawdownPct}% drawdown`)];
    }
    return [closeAll(q, 'stop', stop, 'stop loss')];
  }

  private refuseWithoutStop(time: number): never {
    throw new Error(`a futures position without a protective stop (candle ${time})`);
  }

  /**
   * Whether the strategy's order may go through. An order that opens or adds to a position must be
   * able to pay its way in and out (taker fee and slippage both ways) without taking the equity to
   * the floor; when it cannot, the drawdown budget is spent and the bot halts instead.
   */
  admits(order: Order, account: AccountView, time: number): boolean {
    if (this.halted) return false;
    const direction = order.side === 'buy' ? 1 : -1;
    if (account.positionSize * direction < 0) return true;
    const { takerFee, slippage } = this.settings;
    const roundTrip = order.size * order.price * 2 * (takerFee + slippage);
    if (account.equity - roundTrip > this.killSwitch.floor) return true;
    this.halt(time);
    return false;
  }

  /** After the candle's fills, with equity marked at its close: halts (closing at the close) below the floor. */
  atClose(c: Candles, i: number, account: AccountView): readonly Order[] {
    if (this.halted || !this.killSwitch.observe(account.equity)) return NONE;
    return this.haltAtClose(c, i, account);
  }

  private haltAtClose(c: Candles, i: number, account: AccountView): readonly Order[] {
    this.halt(c.time[i]);
    const q = account.positionSize;
    return q === 0
      ? NONE
      : [closeAll(q, 'market', c.close[i], `kill switch: ${this.settings.maxDrawdownPct}% drawdown`)];
  }

  /**
   * The stop level at which closing the position leaves the equity at the floor, after costs (the
   * live executor rests a stop order there).
   */
  killLevel(account: AccountView): number {
    const q = account.positionSize;
    const { takerFee, slippage } = this.settings;
    const fill = exitPriceForEquity(q, account.equity, account.markPrice, this.killSwitch.floor, takerFee);
    // A stop fills `slippage` beyond its level, so the level sits that much nearer the price.
    return q > 0 ? fill / (1 - slippage) : fill / (1 + slippage);
  }

  /** Whether closing the long at any price above 0 leaves the equity above the floor. */
  private longBeyondKill(account: AccountView): boolean {
    const shortfall = exitShortfallAtZero(
      account.positionSize,
      account.equity,
      account.markPrice,
      this.killSwitch.floor,
    );
    return shortfall <= 0;
  }

  private halt(time: number): void {
    const { peak, floor, maxDrawdownPct } = this.killSwitch;
    this.killEvent = { type: 'killed', time, peak, floor, maxDrawdownPct };
  }
}

function closeAll(q: number, type: 'stop' | 'market', price: number, reason: string): Order {
  return { side: q > 0 ? 'sell' : 'buy', type, size: Math.abs(q), price, leverage: 1, reason };
}
