/**
 * The exchange gateway (an internal Lambda function, invoked by the API functions through
 * functions/exchange/gateway-client.ts): the calls the API makes of a member's exchange, from the
 * fixed egress IPs, with ccxt and the member's key opened here and nowhere in the API. It answers a
 * value or the refusal worded for the member; it throws only when it cannot answer at all. Its
 * entry is in bots, which depends on exchange (its operations but the close-out are exchange's).
 */
import { DomainError } from '#core/errors';
import { logger } from '#core/logger';
import {
  errorSummary,
  keyPermissions,
  marketOrderRules,
  memberTradingAccount,
  storedKeyBalances,
  type GatewayAnswer,
  type GatewayCall,
  type GatewayValues,
} from '#functions/exchange/service';
import { finishPause } from './pause';
import { finishStop } from './service';

const run = async (call: GatewayCall): Promise<GatewayValues[GatewayCall['op']]> => {
  switch (call.op) {
    case 'permissions':
      return keyPermissions(call.memberId, call.exchange, call.credentials);
    case 'balances':
      return storedKeyBalances(call.memberId, call.exchange);
    case 'freeQuote': {
      const account = await memberTradingAccount(call.memberId, call.market);
      return account ? account.freeQuote(call.quote) : null;
    }
    case 'orderRules':
      return marketOrderRules(call.market, call.symbol);
    case 'stop':
      await finishStop(call.deploymentId);
      return null;
    case 'hold':
      await finishPause(call.deploymentId);
      return null;
  }
};

export const handler = async (call: GatewayCall): Promise<GatewayAnswer<GatewayCall['op']>> => {
  try {
    return { ok: true, value: await run(call) };
  } catch (error) {
    if (error instanceof DomainError)
      return {
        ok: false,
        error: { status: error.status, code: error.code, message: error.message, field: error.field },
      };
    logger.info('exchange call failed', { op: call.op, ...errorSummary(error) });
    return { ok: false, error: null };
  }
};
