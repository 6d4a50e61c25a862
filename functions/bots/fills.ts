/**
 * A bot's position from its real fills, pure: what a fill does to the position, and the closed
 * trade (with its profit) when it reduces one. Spot fees are paid in the asset received, so a buy
 * leaves less base than it bought and its entry price carries the fee; futures fees are in quote
 * and kept aside until the trade that closes the size they opened.
 */
import type { BotPosition } from './store';

export interface Fill {
  side: 'buy' | 'sell';
  /** Base quantity the exchange filled. */
  qty: number;
  price: number;
  /** Fee in quote, every part valued at the fill's price. */
  fee: number;
  /** The part of `qty` the fee took in the base asset (a spot buy's): not received. */
  feeBase: number;
  market: 'spot' | 'futures';
  orderId: string;
  at: string;
}

export interface ClosedPart {
  side: 'long' | 'short';
  size: number;
  entryPrice: number;
  exitPrice: number;
  /** Quote in and out, fees counted where they were paid. */
  buyUsdt: number;
  sellUsdt: number;
  profit: number;
  entryDate: string;
  orderId: string;
}

export interface FillOutcome {
  position: BotPosition | undefined;
  closed: ClosedPart | null;
}

/** Below this a remaining size is dust: the position is flat. */
const DUST = 1e-9;

export const applyFill = (position: BotPosition | undefined, fill: Fill): FillOutcome => {
  const dir = fill.side === 'buy' ? 1 : -1;
  // A fee in the base asset was taken from the base received; the rest of the fee was paid in quote.
  const received = fill.qty - fill.feeBase;
  const quoteFee = fill.fee - fill.feeBase * fill.price;
  const held = position?.size ?? 0;
  if (held === 0 || Math.sign(held) === dir) {
    const size = Math.abs(held) + received;
    // A fee in quote: a long's cost grows by it, a short's proceeds shrink by it.
    const paid = fill.qty * fill.price + dir * quoteFee;
    const cost = (position?.cost ?? 0) + paid;
    const entry =
      fill.market === 'spot'
        ? cost / size
        : (Math.abs(held) * (position?.entry ?? 0) + received * fill.price) / size;
    return {
      position: {
        size: dir * size,
        entry,
        cost,
        openedAt: position?.openedAt ?? fill.at,
        orderId: position?.orderId ?? fill.orderId,
      },
      closed: null,
    };
  }
  const closing = Math.min(received, Math.abs(held));
  const share = closing / Math.abs(held);
  const long = held > 0;
  const pos = position!;
  const entryCost = pos.cost * share;
  const exitFee = fill.fee * (closing / fill.qty);
  const exitQuote = closing * fill.price;
  // Long: bought for entryCost, sold for exitQuote less its fee. Short: the other way round.
  const profit = long ? exitQuote - exitFee - entryCost : entryCost - exitQuote - exitFee;
  const closed: ClosedPart = {
    side: long ? 'long' : 'short',
    size: closing,
    entryPrice: pos.entry,
    exitPrice: fill.price,
    buyUsdt: long ? entryCost : exitQuote + exitFee,
    sellUsdt: long ? exitQuote - exitFee : entryCost,
    profit,
    entryDate: pos.openedAt,
    orderId: pos.orderId,
  };
  const remaining = Math.abs(held) - closing;
  const rest = received - closing;
  if (remaining > DUST * Math.abs(held))
    return {
      position: { ...pos, size: Math.sign(held) * remaining, cost: pos.cost - entryCost },
      closed,
    };
  if (rest > DUST) {
    // One order closed the position and opened the other way: the rest opens anew.
    const share = rest / fill.qty;
    const opened = applyFill(undefined, {
      ...fill,
      qty: rest,
      fee: fill.fee * share,
      feeBase: fill.feeBase * share,
    });
    return { position: opened.position, closed };
  }
  return { position: undefined, closed };
};
