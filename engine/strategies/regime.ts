import { HigherTimeframeEma } from '../indicators/higher-timeframe';
import { Ema } from '../indicators/moving-averages';
import type { Candles, SignalInput } from '../types';

const DAY_MS = 86_400_000;
/**
 * Hourly candles in a UTC day: every shipped bot trades hourly candles (the registry's interval;
 * the 15-minute files are merged to hourly before a bot sees them), so a warm-up counted in
 * candles is 24 a day.
 */
const CANDLES_PER_DAY = 24;

/** The trend filters a signal bot may put on its entries (research designs v2 and v4, docs/strategies.md). */
export interface RegimeParams {
  /**
   * A slow EMA of the close, in candles: longs open only above it, shorts only below, so a bot
   * does not fight the market's main trend. 0: no filter.
   */
  readonly regimePeriod: number;
  /** Whether the bot opens shorts at all (false: long only, it waits in cash when the trend is down). */
  readonly shorts: boolean;
  /**
   * Confirmation on the daily chart (v4 designs), an EMA of this many daily closes built from the
   * bot's own candles: longs open only while the last complete day closed above it, shorts only
   * below it. 0: no confirmation.
   */
  readonly trendDays: number;
}

/** The regime filter's streaming state (kept inside each strategy's own state). */
export class Regime {
  private readonly ema: Ema | null;
  private readonly daily: HigherTimeframeEma | null;
  private level = Number.NaN;

  constructor(private readonly params: RegimeParams) {
    this.ema = params.regimePeriod > 0 ? new Ema(params.regimePeriod) : null;
    this.daily = params.trendDays > 0 ? new HigherTimeframeEma(DAY_MS, params.trendDays) : null;
  }

  /**
   * Feeds candle i (every candle, before asking `allows`). It takes the candles and the index, not
   * the prices: a number handed to a call V8 does not inline is boxed on the heap, every candle.
   */
  update(c: Candles, i: number): void {
    if (this.ema !== null) this.level = this.ema.update(c.close[i]);
    if (this.daily !== null) this.daily.next(c, i);
  }

  /**
   * Whether the slow EMA and the daily EMA are defined (always, for a filter that is off): before,
   * `allows` refuses every entry.
   */
  get ready(): boolean {
    const slow = this.ema === null || !Number.isNaN(this.level);
    return slow && (this.daily === null || !Number.isNaN(this.daily.value));
  }

  /** The daily confirmation's EMA for the cockpit (NaN, "warming up", for its first days); none when off. */
  inputs(): SignalInput[] {
    return this.daily === null
      ? []
      : [{ name: `Daily EMA ${this.params.trendDays}`, value: this.daily.value, unit: 'price' }];
  }

  /** Whether an entry in `direction` at `close` is allowed (never while a filter warms up). */
  allows(direction: 1 | -1, close: number): boolean {
    if (direction < 0 && !this.params.shorts) return false;
    if (this.daily !== null && this.daily.direction !== direction) return false;
    if (this.ema === null) return true;
    return direction > 0 ? close > this.level : close < this.level;
  }
}

/**
 * Candles the filters need before they allow an entry: the slow EMA is seeded with the first
 * `regimePeriod`; the daily EMA with the closes of `trendDays` UTC days, the first of which may be
 * the partial day the candles start in (a day enters at its last hour's close), so `trendDays`
 * whole days of hourly candles are enough from any starting hour and needed from a midnight.
 */
export const regimeWarmUp = (params: RegimeParams): number =>
  Math.max(params.regimePeriod, params.trendDays * CANDLES_PER_DAY);

/** The filters off: every entry allowed (the designs before the regime filter). */
export const NO_REGIME: RegimeParams = { regimePeriod: 0, shorts: true, trendDays: 0 };
