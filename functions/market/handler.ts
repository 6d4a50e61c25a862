import { marketRoutes } from '#api/routes/market';
import { domainHandler } from '#core/middleware';
import * as market from './service';

export const handler = domainHandler(marketRoutes, {
  getTicker: () => market.getTicker(),
});
