import { MessageBody } from '../schemas/common';
import {
  BindBinanceRequest,
  BindResponse,
  BindWazirxRequest,
  ExchangeCard,
  ExchangeRequest,
  ExchangesView,
  RemoveExchangeKeyRequest,
} from '../schemas/exchange';
import { Empty, route, type Route } from '../route';

export const exchangeRoutes = {
  getExchanges: route({
    method: 'GET',
    path: '/exchange/keys',
    access: 'member',
    domain: 'exchange',
    summary: "The member's exchange cards (bound keys as a hint only, last balances) and the IP to whitelist",
    request: Empty,
    response: ExchangesView,
  }),
  requestExchangeOtp: route({
    method: 'POST',
    path: '/exchange/otp',
    access: 'member',
    domain: 'exchange',
    summary: 'Mail the one-time code that binding or removing an exchange key needs',
    request: Empty,
    response: MessageBody,
  }),
  bindBinance: route({
    method: 'PUT',
    path: '/exchange/binance',
    access: 'member',
    domain: 'exchange',
    summary: 'Verify (read-only call, no withdrawal permission) and store a Binance key with the mailed code',
    request: BindBinanceRequest,
    response: BindResponse,
  }),
  bindWazirx: route({
    method: 'PUT',
    path: '/exchange/wazirx',
    access: 'member',
    domain: 'exchange',
    summary:
      "Verify (read-only call) and store a WazirX key with the mailed code and the member's confirmation that it cannot withdraw (WazirX cannot tell)",
    request: BindWazirxRequest,
    response: BindResponse,
  }),
  refreshBalances: route({
    method: 'POST',
    path: '/exchange/balances',
    access: 'member',
    domain: 'exchange',
    summary: "Read the bound key's spot and futures USDT balances from the exchange",
    request: ExchangeRequest,
    response: ExchangeCard,
  }),
  removeExchangeKey: route({
    // POST, not DELETE: the code travels in the body, never in a URL that proxies and logs keep.
    method: 'POST',
    path: '/exchange/keys/remove',
    access: 'member',
    domain: 'exchange',
    summary: 'Forget a bound exchange key, with the mailed code',
    request: RemoveExchangeKeyRequest,
    response: MessageBody,
  }),
} as const satisfies Record<string, Route>;
