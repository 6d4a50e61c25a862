import { exchangeRoutes } from '#api/routes/exchange';
import { domainHandler } from '#core/middleware';
import * as exchange from './service';

export const handler = domainHandler(exchangeRoutes, {
  getExchanges: (_input, { caller }) => exchange.getExchanges(caller.memberId),
  requestExchangeOtp: (_input, { caller }) => exchange.requestBindingCode(caller),
  bindBinance: (input, { caller }) => exchange.bindKey(caller, 'binance', input),
  bindWazirx: (input, { caller }) => exchange.bindKey(caller, 'wazirx', input),
  refreshBalances: (input, { caller }) => exchange.refreshBalances(caller.memberId, input.exchange),
  removeExchangeKey: (input, { caller }) => exchange.removeKey(caller.memberId, input.exchange, input.otp),
});
