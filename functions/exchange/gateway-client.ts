/**
 * The API functions' way to a member's exchange: they hold no ccxt (its ~400 KB floor alone would
 * keep a function over the 500 KB budget; bench/lambda) and no decrypted key. They invoke the
 * exchange gateway (functions/bots/exchangeGateway.ts), the one function beside the order executor and the bots' tick
 * that calls exchanges, from the fixed egress IPs. A refusal the gateway worded for the member
 * (a DomainError: a key the exchange refused, say) comes back as that same DomainError; anything
 * else as a failed call.
 */
import { DomainError } from '#core/errors';
import { invoke } from '#core/invoke';
import type { Credentials, ExchangeAccount, ExchangeName, UsdtBalances } from './clients';
import type { OrderRules } from './trading';

export type GatewayCall =
  /** The one read-only check made before a key is stored (nothing is stored by it). */
  | { op: 'permissions'; memberId: string; exchange: ExchangeName; credentials: Credentials }
  /** The stored key's USDT balances. */
  | { op: 'balances'; memberId: string; exchange: ExchangeName }
  /** The free quote balance of the member's Binance market; null when no Binance key is bound. */
  | { op: 'freeQuote'; memberId: string; market: 'spot' | 'futures'; quote: string }
  /** A symbol's smallest order, from the exchange's market filters. */
  | { op: 'orderRules'; market: 'spot' | 'futures'; symbol: string }
  /** A stopping bot's close-out: resting orders cancelled, the position closed at market. */
  | { op: 'stop'; deploymentId: string }
  /** A paused bot's resting orders cancelled, its position kept under its protective stop. */
  | { op: 'hold'; deploymentId: string };

/** What each operation answers. */
export interface GatewayValues {
  permissions: Awaited<ReturnType<ExchangeAccount['permissions']>>;
  balances: UsdtBalances;
  freeQuote: number | null;
  orderRules: OrderRules;
  stop: null;
  hold: null;
}

/** The gateway's answer: the value, or the refusal it worded (never a stack or a secret). */
export type GatewayAnswer<Op extends GatewayCall['op']> =
  | { ok: true; value: GatewayValues[Op] }
  | { ok: false; error: { status: number; code: string; message: string; field?: string } | null };

/** A gateway call that failed for a reason not worded for the member (the network, a timeout). */
export class GatewayCallFailed extends Error {
  override name = 'GatewayCallFailed';
}

const gatewayName = () => {
  const name = process.env.EXCHANGE_GATEWAY_FUNCTION;
  if (!name) throw new Error('EXCHANGE_GATEWAY_FUNCTION is not set');
  return name;
};

export const callGateway = async <C extends GatewayCall>(call: C): Promise<GatewayValues[C['op']]> => {
  const answer = await invoke<GatewayAnswer<C['op']>>(gatewayName(), call);
  if (answer.ok) return answer.value;
  if (answer.error)
    throw new DomainError(answer.error.status, answer.error.code, answer.error.message, answer.error.field);
  throw new GatewayCallFailed(`the exchange gateway could not ${call.op}`);
};
