import { Ticker } from '../schemas/market';
import { Empty, route, type Route } from '../route';

export const marketRoutes = {
  getTicker: route({
    method: 'GET',
    path: '/market/ticker',
    access: 'public',
    domain: 'market',
    summary:
      'The latest ticker (BTC, ETH, XRP, BNB last price and 24-hour change); pushed on the ticker topic too',
    request: Empty,
    response: Ticker,
  }),
} as const satisfies Record<string, Route>;
