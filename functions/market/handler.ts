import { domainHandler } from '#core/middleware';
import * as market from './service';

export const handler = domainHandler('market', {
  getTicker: () => market.getTicker(),
});
