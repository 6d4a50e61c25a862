/**
 * The paper exchange's Binance: the subset of Binance's spot (/api/v3), wallet (/sapi/v1) and USD-M
 * futures (/fapi/v1..v3) REST API that ccxt uses for the calls Trendex makes (binance-spot.ts,
 * binance-futures.ts), private calls checked as Binance checks them (binance-common.ts), and the
 * USD-M listen keys of the user data streams (user-stream.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { PaperMarket } from './accounts';
import { binanceCommon } from './binance-common';
import { binanceFuturesRoutes } from './binance-futures';
import { binanceSpotRoutes } from './binance-spot';
import type { PaperUserStreams } from './user-stream';
import type { VenueApi } from './wire';

export const binanceApi = (market: PaperMarket, userStreams: PaperUserStreams): VenueApi => {
  const common = binanceCommon(market);
  const spot = binanceSpotRoutes(market, common);
  const futures = binanceFuturesRoutes(market, common);
  return {
    public: { ...spot.public, ...futures.public },
    private: { ...spot.private, ...futures.private },
    keyed: Object.fromEntries(
      Object.entries(userStreams.listenKeyRoutes).map(([route, answer]) => [
        route,
        (req: IncomingMessage) => answer(common.accountOfKey(req)),
      ]),
    ),
    authenticate: common.authenticate,
  };
};
