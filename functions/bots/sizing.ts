/**
 * What the executor sends for one of the model's orders, sized from the bot's real position (its
 * recorded fills), never from the model's. Pure.
 *
 * The model (engine replay) and the exchange disagree whenever a resting order fills after its
 * candle closed and before the tick cancels it, a level the model filled did not fill, an order
 * filled in part, or a crash fell between two legs. So every model order is split into the part that
 * reduces the model's position and the part that opens or grows it, and each part is sized anew:
 *  - a reducing part never reduces more than the bot holds on that side: reduce-only on futures,
 *    never more than the bot's own coins on spot (the resting sells share them, as the exchange
 *    locks them); one that closes the model's whole position, and every futures stop, closes the
 *    bot's whole position; with nothing to reduce it is not sent, and says why;
 *  - an opening part never takes the bot past its capital × leverage: on spot the USDT it paid for
 *    what it holds plus what the resting buys would spend; on futures the notional at the order's
 *    price.
 */
export interface Intent {
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  /** The model's size (base). */
  size: number;
  /** The level; the current price for a market order. */
  price: number;
  reason: string;
  /** The model's signed position before this order. */
  modelBefore: number;
}

/** The bot's real position, from its fills. */
export interface Book {
  market: 'spot' | 'futures';
  /** Signed base the bot holds. */
  held: number;
  /** Quote paid for what it holds, fees included (spot). */
  cost: number;
  /** The member's capital × the bot's leverage, in USDT. */
  limit: number;
}

/** What the resting orders placed so far already take: coins their sells lock, USDT their buys may spend. */
export interface Committed {
  reduce: number;
  open: number;
}

export interface Leg {
  part: 'reduce' | 'open';
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  size: number;
  price: number;
  reason: string;
  reduceOnly: boolean;
}

export interface Skip {
  part: 'reduce' | 'open';
  why: string;
}

export const NOTHING_TO_REDUCE = 'not sent: the bot holds nothing this order could reduce';
export const OVER_CAPITAL = 'not sent: it would take the bot past its capital × leverage';

/** Sizes below this (base) are nothing: float noise of sums and differences. */
const EPS = 1e-12;

/** A model order that closes this share of the model's position or more closes all of it. */
const WHOLE = 0.999;

export const noneCommitted = (): Committed => ({ reduce: 0, open: 0 });

/**
 * The legs to send for `intent` (reduce first, then open) and the parts not sent; `committed` is
 * what earlier resting orders of the same candle take, and is moved on by the legs returned.
 */
export const planOrder = (
  intent: Intent,
  book: Book,
  committed: Committed = noneCommitted(),
): { legs: Leg[]; skips: Skip[] } => {
  const dir = intent.side === 'buy' ? 1 : -1;
  const legs: Leg[] = [];
  const skips: Skip[] = [];
  const modelReducible = Math.sign(intent.modelBefore) === -dir ? Math.abs(intent.modelBefore) : 0;
  const reducePart = Math.min(intent.size, modelReducible);
  const openPart = intent.size - reducePart;
  const base = { side: intent.side, type: intent.type, price: intent.price, reason: intent.reason };

  const heldOpposite = Math.sign(book.held) === -dir ? Math.abs(book.held) : 0;
  let reduced = 0;
  if (reducePart > EPS) {
    // Spot sells rest on coins the exchange locks; futures reduce-only orders each see the position.
    const available = book.market === 'spot' ? heldOpposite - committed.reduce : heldOpposite;
    const whole =
      reducePart >= modelReducible * WHOLE || (book.market === 'futures' && intent.type === 'stop');
    const size = whole ? available : Math.min(reducePart, available);
    if (size > EPS) {
      legs.push({ ...base, part: 'reduce', size, reduceOnly: book.market === 'futures' });
      reduced = size;
      if (book.market === 'spot') committed.reduce += size;
    } else skips.push({ part: 'reduce', why: NOTHING_TO_REDUCE });
  }

  if (openPart > EPS) {
    // Whatever of the other side the reduce leg left is still held; the open part would net it.
    if (heldOpposite - reduced > EPS || (book.market === 'spot' && dir < 0)) {
      skips.push({ part: 'open', why: NOTHING_TO_REDUCE });
      return { legs, skips };
    }
    const sameSide = Math.sign(book.held) === dir ? Math.abs(book.held) : 0;
    const exposure = book.market === 'spot' ? (sameSide > 0 ? book.cost : 0) : sameSide * intent.price;
    const room = (book.limit - exposure - committed.open) / intent.price;
    const size = Math.min(openPart, Math.max(0, room));
    if (size > EPS) {
      legs.push({ ...base, part: 'open', size, reduceOnly: false });
      committed.open += size * intent.price;
    } else skips.push({ part: 'open', why: OVER_CAPITAL });
  }
  return { legs, skips };
};
