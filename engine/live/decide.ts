/**
 * What a deployed bot does next, decided by the backtester's own code: the executor replays the
 * bot's strategy, risk guard and simulated account (the "model") over the closed candles since its
 * deployment, and turns the model's fills into exchange orders. Pure: no I/O, no clock.
 *
 * The engine fills three kinds of order on a candle: market orders at its close (sent live right
 * after the candle closes), and limit and stop orders at levels the strategy knew before the candle
 * (a DCA stage, a take profit, a protective stop, the kill switch). Those must already rest on the
 * exchange while the candle trades, so after each candle the executor asks which levels the model
 * would fill on the next one: it replays the same history plus one probe candle that falls far
 * (every buy level and long stop below the price fills) and one that rises far (every sell level
 * and short stop above it), and keeps the limit and stop fills of the probes. Levels do not depend
 * on the probe candle itself (the engine's rule for limit and stop orders), so the probes find
 * exactly the resting orders. The probes run with the kill switch off (otherwise a kill level above
 * a DCA stage would hide the stage); the kill level is added from the real replay.
 */
import { Backtest, type ModelFill } from '../backtest/backtest';
import type { BacktestConfig } from '../backtest/config';
import type { KillEvent } from '../risk/guard';
import type { Candles, Order, SignalInput, Strategy } from '../types';

export interface LiveInput<P, S> {
  readonly strategy: Strategy<P, S>;
  readonly params: P;
  readonly config: BacktestConfig;
  /** Closed candles, oldest first: warm-up history, then the candles since deployment. */
  readonly candles: Candles;
  /** Open time of the first candle the bot may trade on (the first to close after deployment). */
  readonly tradeFrom: number;
}

export interface RestingOrder {
  readonly side: Order['side'];
  readonly type: 'limit' | 'stop';
  /** The level it rests at. */
  readonly price: number;
  readonly size: number;
  readonly reason: string;
}

export interface LiveDecision {
  /** Every fill of the model since deployment, in order. */
  readonly fills: readonly ModelFill[];
  /** Orders to rest on the exchange for the candle after the last one. */
  readonly resting: readonly RestingOrder[];
  /** Set once the kill switch halted the bot. */
  readonly killed: KillEvent | null;
  /** The model's position after the last candle (signed base size) and its equity. */
  readonly position: number;
  readonly equity: number;
  /** What the signal reads after the last candle (the strategy's inputs; empty where it has none). */
  readonly inputs: readonly SignalInput[];
  /** The model's protective stop and kill-switch levels for its open position (NaN: none). */
  readonly stopLevel: number;
  readonly killLevel: number;
}

const replay = <P, S>(input: LiveInput<P, S>, candles: Candles, config: BacktestConfig) => {
  const fills: ModelFill[] = [];
  const bt = new Backtest(input.strategy, input.params, config, {
    tradeFrom: input.tradeFrom,
    onFill: (fill) => fills.push(fill),
  });
  bt.feed(candles);
  return { bt, fills };
};

/** The candles plus one more after the last, opening at its close and reaching `extreme`. */
const withProbe = (c: Candles, extreme: number): Candles => {
  const n = c.length;
  const grow = (column: Float64Array, value: number) => {
    const out = new Float64Array(n + 1);
    out.set(column);
    out[n] = value;
    return out;
  };
  const last = c.close[n - 1];
  const step = n > 1 ? c.time[n - 1] - c.time[n - 2] : 3_600_000;
  return {
    length: n + 1,
    time: grow(c.time, c.time[n - 1] + step),
    open: grow(c.open, last),
    high: grow(c.high, Math.max(last, extreme)),
    low: grow(c.low, Math.min(last, extreme)),
    close: grow(c.close, last),
    volume: grow(c.volume, 0),
  };
};

/** The limit and stop fills of the probe candle (the one after `lastTime`). */
const restingFrom = (fills: readonly ModelFill[], lastTime: number): RestingOrder[] =>
  fills
    .filter((f) => f.time > lastTime && f.order.type !== 'market')
    .map((f) => ({
      side: f.order.side,
      type: f.order.type as 'limit' | 'stop',
      price: f.order.price,
      size: f.filled,
      reason: f.order.reason,
    }));

export function decideLive<P, S>(input: LiveInput<P, S>): LiveDecision {
  const { candles, config } = input;
  const real = replay(input, candles, config);
  const account = real.bt.account;
  const killed = real.bt.guard.killed;
  const q = account.positionSize;
  const kill = q !== 0 && Number.isFinite(account.markPrice) ? real.bt.guard.killLevel(account) : NaN;
  const base = {
    fills: real.fills,
    killed,
    position: q,
    equity: account.equity,
    inputs: real.bt.signalInputs(),
    stopLevel: real.bt.stopLevel(),
    killLevel: kill > 0 ? kill : NaN,
  };
  if (killed !== null || candles.length === 0) return { ...base, resting: [] };

  const noKill = { ...config, maxDrawdownPct: 100 };
  const last = candles.close[candles.length - 1];
  const lastTime = candles.time[candles.length - 1];
  const down = replay(input, withProbe(candles, last * 1e-3), noKill);
  const up = replay(input, withProbe(candles, last * 1e3), noKill);
  // A limit on the wrong side of the price (a buy above it, a sell below) fills at once on the
  // exchange. One known before the candle (a take profit the price is past) fills in both probes
  // and rests once. One that only a probe fills was made inside the probe, on the path it assumes
  // (the grid buys the empty levels the rising probe falls back through): the model fills it only
  // if a real candle takes that path, so it does not rest (the executor takes a level the model
  // then fills at market). Rested, the grid bought every empty level above the price each hour, a
  // position the model never held.
  const wrongSide = (r: RestingOrder) =>
    r.type === 'limit' && (r.side === 'buy' ? r.price > last : r.price < last);
  const ups = restingFrom(up.fills, lastTime);
  const inBoth = (r: RestingOrder) =>
    ups.some((u) => u.side === r.side && u.type === r.type && u.price === r.price);
  const resting = [
    ...restingFrom(down.fills, lastTime).filter((r) => !wrongSide(r) || inBoth(r)),
    ...ups.filter((r) => !wrongSide(r)),
  ];

  // The kill switch rests as a stop too, unless the protective stop on that side comes first.
  if (q !== 0 && Number.isFinite(account.markPrice)) {
    const exit = q > 0 ? 'sell' : 'buy';
    const stops = resting.filter((r) => r.type === 'stop' && r.side === exit);
    const nearer = stops.some((s) => (q > 0 ? s.price >= kill : s.price <= kill));
    if (kill > 0 && !nearer)
      resting.push({
        side: exit,
        type: 'stop',
        price: kill,
        size: Math.abs(q),
        reason: `kill switch: ${config.maxDrawdownPct}% drawdown`,
      });
  }
  return { ...base, resting };
}
