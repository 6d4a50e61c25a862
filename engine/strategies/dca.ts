import { Atr, Rsi } from '../indicators/oscillators';
import { riskScale } from '../risk/sizing';
import { NO_ORDERS, type Candles, type Order, type ShippedStrategy } from '../types';
import { order } from './orders';

/** The spec's manual DCA form allows the First to the Fifteenth position. */
export const MAX_DCA_STAGES = 15;

/** Stage k (k >= 2): buy `initial × timesX` when price is `per` below the previous fill. */
export interface DcaStage {
  readonly timesX: number;
  /** Percent (stepUnit 'percent') or ATR multiples (stepUnit 'atr'). */
  readonly per: number;
}

export interface DcaParams {
  /** Base order, in quote (USDT). */
  readonly initial: number;
  /** Stages 2..15 (at most 14 entries). */
  readonly stages: readonly DcaStage[];
  /** Sell everything at average entry × (1 + takeProfitPct / 100). */
  readonly takeProfitPct: number;
  /** Stop after the first take profit instead of starting a new cycle. */
  readonly oneShot: boolean;
  /** 'atr': a stage's `per` is measured in ATRs (the current ATR, so steps widen when volatility rises: AI Bot). */
  readonly stepUnit: 'percent' | 'atr';
  readonly atrPeriod: number;
  /** Open a cycle only while RSI is below this (DCA AI Robot); null opens at once. */
  readonly entryRsiBelow: number | null;
  readonly rsiPeriod: number;
  /**
   * The cycle's protective stop, this many percent below its first fill: the whole position is sold
   * there (the risk guard enforces it). null: no stop, only the bot's kill switch.
   */
  readonly stopLossPct: number | null;
  /**
   * With a stop: the loss at the stop of a cycle whose every stage filled, in percent of equity at
   * the cycle's opening. The cycle's orders shrink to fit it (never grow beyond `initial`).
   */
  readonly riskPct: number;
}

export interface DcaState {
  readonly params: DcaParams;
  /** Stages filled in the current cycle (0: waiting to open). */
  stage: number;
  lastFill: number;
  finished: boolean;
  /** This cycle's protective stop (NaN: none) and the factor its orders were scaled by to fit riskPct. */
  stop: number;
  scale: number;
  /**
   * 1 + takeProfitPct / 100, and per stage 1 − per / 100 (percent steps): the factors of
   * takeProfitPrice and nextStagePrice, computed once rather than divided out every candle.
   */
  readonly takeProfitFactor: number;
  readonly stepFactors: Float64Array;
  readonly atr: Atr | null;
  readonly rsi: Rsi | null;
}

/** Price of the next stage: `per` percent (or `per` × ATR) below the previous fill. */
export function nextStagePrice(previousFill: number, stage: DcaStage, unit: DcaParams['stepUnit'], atr = 0) {
  return unit === 'percent' ? previousFill * (1 - stage.per / 100) : previousFill - stage.per * atr;
}

export function takeProfitPrice(averagePrice: number, takeProfitPct: number): number {
  return averagePrice * (1 + takeProfitPct / 100);
}

export interface DcaPlanRow {
  readonly stage: number;
  readonly price: number;
  readonly quote: number;
  readonly quantity: number;
  readonly averagePrice: number;
  readonly takeProfitPrice: number;
}

/**
 * The whole ladder of a percent-step cycle opened at `firstPrice` (what the DCA form previews):
 * each stage's price, spend and the average and take-profit prices once it has filled. Fees are
 * left out: this is the order plan, the account charges them.
 */
export function dcaPlan(params: DcaParams, firstPrice: number): DcaPlanRow[] {
  const rows: DcaPlanRow[] = [];
  let price = firstPrice;
  let quote = params.initial;
  let cost = 0;
  let quantity = 0;
  for (let k = 0; k <= params.stages.length; k++) {
    if (k > 0) {
      price = nextStagePrice(price, params.stages[k - 1], 'percent');
      quote = params.initial * params.stages[k - 1].timesX;
    }
    cost += quote;
    quantity += quote / price;
    const averagePrice = cost / quantity;
    rows.push({
      stage: k + 1,
      price,
      quote,
      quantity: quote / price,
      averagePrice,
      takeProfitPrice: takeProfitPrice(averagePrice, params.takeProfitPct),
    });
  }
  return rows;
}

function validateDcaParams(p: DcaParams): void {
  if (p.stages.length > MAX_DCA_STAGES - 1) throw new RangeError(`at most ${MAX_DCA_STAGES} DCA stages`);
  if (!(p.initial > 0) || !(p.takeProfitPct > 0))
    throw new RangeError('initial and takeProfitPct must be > 0');
  if (p.stopLossPct !== null && !(p.stopLossPct > 0 && p.stopLossPct < 100 && p.riskPct > 0))
    throw new RangeError('stopLossPct must be in (0, 100) and riskPct > 0');
  for (const s of p.stages)
    if (!(s.timesX > 0) || !(s.per > 0)) throw new RangeError('stage timesX, per must be > 0');
}

/**
 * Spot DCA. Each cycle opens with a market buy of `initial` (gated by RSI if asked), adds a resting
 * limit buy one stage below the previous fill, and a resting limit sell of the whole position at the
 * take-profit price of the current average entry. When a candle reaches both, the take profit wins
 * (it was resting before the candle, and it is the exit the user asked for). With `stopLossPct`,
 * the cycle is abandoned at its stop (checked by the risk guard before the take profit and the
 * stages, so the stop wins a candle that reaches both), and its orders are scaled so that the stop
 * loses at most `riskPct` % of equity. AI Bot's steps use the ATR up to the previous candle: the
 * stage level is known before the candle that fills it.
 */
export const dcaStrategy: ShippedStrategy<DcaParams, DcaState> = {
  init(params) {
    validateDcaParams(params);
    return {
      params,
      stage: 0,
      lastFill: 0,
      finished: false,
      stop: Number.NaN,
      scale: 1,
      takeProfitFactor: 1 + params.takeProfitPct / 100,
      stepFactors: Float64Array.from(params.stages, (stage) => 1 - stage.per / 100),
      atr: params.stepUnit === 'atr' ? new Atr(params.atrPeriod) : null,
      rsi: params.entryRsiBelow === null ? null : new Rsi(params.rsiPeriod),
    };
  },

  onCandle(state, c, i, account) {
    // The ATR before candle i: a level candle i can fill must not depend on candle i's own range.
    const atr = state.atr === null ? 0 : state.atr.value;
    state.atr?.update(c.high[i], c.low[i], c.close[i]);
    // The RSI is read only when a cycle may open (openCycle).
    state.rsi?.push(c.close[i]);
    if (state.finished) return NO_ORDERS;
    const { params } = state;
    // The stop closed the cycle, or its opening buy was refused (no cash): start a new one.
    if (state.stage > 0 && account.positionSize <= 0) state.stage = 0;
    if (state.stage === 0) return openCycle(state, c, i, atr, account.equity);

    // takeProfitPrice(entryPrice, takeProfitPct), with its factor computed once.
    const tp = account.entryPrice * state.takeProfitFactor;
    if (c.high[i] >= tp) {
      state.stage = 0;
      state.finished = params.oneShot;
      return [order('sell', 'limit', account.positionSize, tp, 1, 'take profit')];
    }
    return ladder(state, c, i, atr);
  },

  stopLevel: (state) => state.stop,

  // Only the ATR steps and the RSI entry read an indicator; the RSI starts with the first change.
  warmUp: (p) =>
    Math.max(p.stepUnit === 'atr' ? p.atrPeriod : 0, p.entryRsiBelow === null ? 0 : p.rsiPeriod + 1),
};

function openCycle(state: DcaState, c: Candles, i: number, atr: number, equity: number): readonly Order[] {
  const { params, rsi } = state;
  if (params.entryRsiBelow !== null && !((rsi?.value ?? 0) < params.entryRsiBelow)) return NO_ORDERS;
  if (params.stepUnit === 'atr' && Number.isNaN(atr)) return NO_ORDERS;
  const price = c.close[i];
  state.stage = 1;
  state.lastFill = price;
  state.stop = params.stopLossPct === null ? Number.NaN : price * (1 - params.stopLossPct / 100);
  state.scale = dcaCycleScale(params, price, atr, equity);
  const quote = params.initial * state.scale;
  return [order('buy', 'market', quote / price, price, 1, 'DCA base order')];
}

/**
 * The factor a cycle opened at `price` scales its orders by so that its loss at the stop is at most
 * `riskPct` % of `equity` (1 without a stop).
 */
export function dcaCycleScale(params: DcaParams, price: number, atr: number, equity: number): number {
  if (params.stopLossPct === null) return 1;
  const stop = price * (1 - params.stopLossPct / 100);
  return riskScale(ladderLossAtStop(params, price, atr, stop), equity, params.riskPct);
}

/**
 * What a cycle opened at `firstPrice` loses at `stop` once every stage above the stop has filled
 * (the stages' levels with the ATR known at the opening; fees left out).
 */
function ladderLossAtStop(params: DcaParams, firstPrice: number, atr: number, stop: number): number {
  let price = firstPrice;
  let cost = params.initial;
  let quantity = params.initial / firstPrice;
  for (const stage of params.stages) {
    price = nextStagePrice(price, stage, params.stepUnit, atr);
    if (!(price > stop)) break;
    cost += params.initial * stage.timesX;
    quantity += (params.initial * stage.timesX) / price;
  }
  return cost - quantity * stop;
}

/** The reason of stage k's order, made once rather than per order. */
const STAGE_REASONS = Array.from({ length: MAX_DCA_STAGES + 1 }, (_, k) => `DCA stage ${k}`);

/** Limit buys for every stage the candle's low reached (a gap can fill several at once). */
function ladder(state: DcaState, c: Candles, i: number, atr: number): readonly Order[] {
  const { params } = state;
  let orders: Order[] | null = null;
  while (state.stage <= params.stages.length) {
    const stage = params.stages[state.stage - 1];
    // nextStagePrice, with a percent step's factor computed once.
    const level =
      params.stepUnit === 'percent'
        ? state.lastFill * state.stepFactors[state.stage - 1]
        : state.lastFill - stage.per * atr;
    if (!(c.low[i] <= level) || !(level > 0)) break;
    const quote = params.initial * stage.timesX * state.scale;
    (orders ??= []).push(order('buy', 'limit', quote / level, level, 1, STAGE_REASONS[state.stage + 1]));
    state.lastFill = level;
    state.stage++;
  }
  return orders ?? NO_ORDERS;
}
