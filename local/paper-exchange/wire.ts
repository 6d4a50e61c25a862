/**
 * What the paper exchange's venues share on the wire: Binance-style number strings, HMAC-SHA256
 * and Ed25519 request signatures, the order parameters (Binance's names; WazirX's after upper-casing) and the
 * shape of a venue's routes.
 */
import { createHmac, timingSafeEqual, verify } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ExchangeError, errors, type Account, type OrderSide, type OrderType, type Venue } from './engine';

export const num = (n: number, decimals = 8) => (Number.isFinite(n) ? n.toFixed(decimals) : '0');

export const hmac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('hex');

export const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Whether `signature` (base64, as Binance takes it) is the Ed25519 signature of `payload`. */
export const ed25519Signed = (publicKey: string, payload: string, signature: string) => {
  try {
    return verify(null, Buffer.from(payload, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    // not base64 of a signature's length: not signed by this key
    return false;
  }
};

/** The raw query or body without its `signature` parameter, and that signature. */
export const splitSignature = (raw: string): { rest: string; signature?: string } => {
  const match = /(^|&)signature=([^&]*)/.exec(raw);
  if (!match) return { rest: raw };
  const rest = (raw.slice(0, match.index) + raw.slice(match.index + match[0].length)).replace(/^&/, '');
  return { rest, signature: decodeURIComponent(match[2]) };
};

interface PaperRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  account?: Account;
}

/**
 * One venue's REST API: routes by `METHOD /path`, public ones answered to anyone, private ones
 * after `authenticate` found the caller's account from the request's key and signature.
 */
export interface VenueApi {
  public: Record<string, (r: PaperRequest) => unknown>;
  private: Record<string, (r: PaperRequest & { account: Account }) => unknown>;
  /** Routes that take the API key alone, unsigned (Binance's USER_STREAM calls: listen keys). */
  keyed?: Record<string, (req: IncomingMessage) => unknown>;
  authenticate: (
    req: IncomingMessage,
    rawQuery: string,
    body: string,
    params: Record<string, string>,
  ) => Account;
}

const CONDITIONAL_TYPES = [
  'STOP',
  'STOP_MARKET',
  'TAKE_PROFIT',
  'TAKE_PROFIT_MARKET',
  'TRAILING_STOP_MARKET',
];

/** An order request; `types` are the order types the endpoint takes. */
export const newOrderFrom = (
  venue: Venue,
  p: Record<string, string>,
  types: OrderType[] = ['MARKET', 'LIMIT'],
) => {
  if (!p.side) throw errors.badParam('side');
  if (!p.type) throw errors.badParam('type');
  if (venue === 'futures' && CONDITIONAL_TYPES.includes(p.type))
    // Binance's answer since conditional orders moved to the algo service (late 2025)
    throw new ExchangeError(
      400,
      -4120,
      'Order type not supported for this endpoint. Please use the Algo Order API endpoints instead.',
    );
  if (!types.includes(p.type as OrderType)) throw new ExchangeError(400, -1116, 'Invalid orderType.');
  return {
    venue,
    symbol: p.symbol,
    side: p.side as OrderSide,
    type: p.type as OrderType,
    quantity: p.quantity ? Number(p.quantity) : undefined,
    quoteOrderQty: p.quoteOrderQty ? Number(p.quoteOrderQty) : undefined,
    price: p.price ? Number(p.price) : undefined,
    stopPrice: p.stopPrice ? Number(p.stopPrice) : undefined,
    reduceOnly: p.reduceOnly === 'true',
    timeInForce: p.timeInForce,
    clientOrderId: p.newClientOrderId,
  };
};

/** myTrades / userTrades with `orderId`: only that order's trades, as Binance answers. */
export const ofOrder = (t: { orderId: number }, params: Record<string, string>) =>
  params.orderId === undefined || t.orderId === Number(params.orderId);

/** An order resting with a part filled is PARTIALLY_FILLED on Binance (the book keeps it NEW). */
export const workingStatus = (o: { status: string; executedQty: number }) =>
  o.status === 'NEW' && o.executedQty > 0 ? 'PARTIALLY_FILLED' : o.status;
