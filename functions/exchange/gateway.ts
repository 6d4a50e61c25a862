/**
 * The exchange gateway (an internal Lambda function, invoked by the API functions through
 * ./gateway-client.ts): the calls the API makes of a member's exchange, from the fixed egress IPs,
 * with ccxt and the member's key opened here and nowhere in the API. It answers a value or the
 * refusal worded for the member; it throws only when it cannot answer at all.
 */
import { DomainError, badRequest, messages } from '#core/errors';
import { logger } from '#core/logger';
import { finishStop } from '#functions/bots/service';
import { bindingError, errorSummary } from './errors';
import { exchangeAccount } from './clients';
import type { GatewayAnswer, GatewayCall, GatewayValues } from './gateway-client';
import { memberTradingAccount, storedCredentials } from './service';

const run = async (call: GatewayCall): Promise<GatewayValues[GatewayCall['op']]> => {
  switch (call.op) {
    case 'permissions':
      try {
        return await exchangeAccount(call.exchange, call.credentials).permissions();
      } catch (error) {
        logger.info('exchange key refused', {
          exchange: call.exchange,
          memberId: call.memberId,
          ...errorSummary(error),
        });
        throw bindingError(error);
      }
    case 'balances': {
      const credentials = await storedCredentials(call.memberId, call.exchange);
      if (!credentials) throw badRequest('EXCHANGE_NOT_CONNECTED', messages.exchangeNotConnected, 'exchange');
      return exchangeAccount(call.exchange, credentials).balances();
    }
    case 'freeQuote': {
      const account = await memberTradingAccount(call.memberId, call.market);
      return account ? account.freeQuote(call.quote) : null;
    }
    case 'stop':
      await finishStop(call.deploymentId);
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
