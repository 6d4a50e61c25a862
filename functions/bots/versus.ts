/**
 * A running bot's live equity (from its real fills) next to the engine's backtest over the same
 * candles since it started trading, and where the two part: fees, slippage, and the rest (levels the
 * model filled and the exchange did not, orders not sent). Pure.
 *
 * Both curves are marked at each candle's close: the model's is the backtester's own equity; the
 * live one is the capital plus what the recorded fills realised plus the open position at the close.
 */
import { usdt, MICRO_PER_USDT } from '#api/money';
import type { LiveVersusModel } from '#api/schemas/cockpit';
import { Backtest, type ModelFill } from '#engine/backtest/backtest';
import { intervalMs } from '#functions/exchange/service';
import { applyFill } from './fills';
import { deploymentCandles, modelOf } from './model';
import { fillCandleOf } from './resting';
import type { BotOrderItem, BotPosition, CandlesItem, DeploymentItem } from './store';

const none: LiveVersusModel = {
  since: null,
  points: [],
  difference: 0,
  fees: 0,
  slippage: 0,
  missed: 0,
  missedOrders: 0,
};

/** What filled of an order, at which price and in which candle: a cancelled order may have filled in part. */
const realFills = (orders: readonly BotOrderItem[], step: number) =>
  orders
    .filter((o) => (o.filled ?? 0) > 0 && o.average !== undefined)
    .map((o) => ({ ...o, at: fillCandleOf(o, step) }))
    .sort((a, b) => a.at - b.at || a.updatedAt.localeCompare(b.updatedAt));

export const liveVersusModel = (
  d: DeploymentItem,
  item: CandlesItem | null,
  orders: readonly BotOrderItem[],
): LiveVersusModel => {
  if (!item || d.tradeFrom === undefined || d.lastCandle === undefined || d.lastCandle < d.tradeFrom)
    return none;
  const step = intervalMs(d.interval);
  const model = modelOf(d);
  const fills: ModelFill[] = [];
  const bt = new Backtest(model.strategy, model.params, model.config, {
    tradeFrom: d.tradeFrom,
    onFill: (f) => fills.push(f),
  });
  const candles = deploymentCandles(d, item, step);
  bt.feed(candles);
  const result = bt.result();
  const capital = d.capital / MICRO_PER_USDT;
  const live = realFills(orders, step);
  let position: BotPosition | undefined;
  let realised = 0;
  let next = 0;
  const points: LiveVersusModel['points'] = [];
  for (let i = 0; i < candles.length; i++) {
    const t = candles.time[i];
    if (t < d.tradeFrom || t > d.lastCandle) continue;
    // The fills of this candle (a market order's candle is the one that closed; a resting one's the one it filled in).
    for (; next < live.length && live[next].at <= t; next++) {
      const o = live[next];
      const spotBuy = d.market === 'spot' && o.side === 'buy';
      const outcome = applyFill(position, {
        side: o.side,
        qty: o.filled!,
        price: o.average!,
        fee: o.fee ?? 0,
        // Binance takes a spot buy's fee in the coin bought.
        feeBase: spotBuy ? (o.fee ?? 0) / o.average! : 0,
        market: d.market,
        orderId: o.orderId ?? o.clientOrderId,
        at: o.updatedAt,
      });
      position = outcome.position;
      realised += outcome.closed?.profit ?? 0;
    }
    const open = position ? position.size * (candles.close[i] - position.entry) : 0;
    // The backtest marks one equity per candle fed, warm-up included: index i is candle i.
    points.push({ time: t, model: usdt(result.equity[i]), live: usdt(capital + realised + open) });
  }
  if (points.length === 0) return { ...none, since: d.tradeFrom };

  const modelFills = fills.filter((f) => f.time <= d.lastCandle!);
  const fee = (f: ModelFill) =>
    f.filled * f.order.price * (f.order.type === 'limit' ? model.config.makerFee : model.config.takerFee);
  const modelFees = modelFills.reduce((s, f) => s + fee(f), 0);
  const liveFees = live.reduce((s, o) => s + (o.fee ?? 0), 0);
  // Each model fill against the real fill of the same candle, side and kind: the price they got apart.
  const unmatched = [...live];
  let slippage = 0;
  let missedOrders = 0;
  for (const f of modelFills) {
    const k = unmatched.findIndex(
      (o) => o.at === f.time && o.side === f.order.side && o.type === f.order.type,
    );
    if (k < 0) {
      missedOrders++;
      continue;
    }
    const [o] = unmatched.splice(k, 1);
    const better = f.order.side === 'buy' ? f.order.price - o.average! : o.average! - f.order.price;
    slippage += better * o.filled!;
  }
  const last = points[points.length - 1];
  const difference = last.live - last.model;
  const fees = usdt(modelFees - liveFees);
  const slip = usdt(slippage);
  return {
    since: d.tradeFrom,
    points,
    difference,
    fees,
    slippage: slip,
    missed: difference - fees - slip,
    missedOrders,
  };
};
