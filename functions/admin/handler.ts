import { domainHandler } from '#core/middleware';
import { getAdminSummary } from './service';

export const handler = domainHandler('admin', {
  getAdminSummary: () => getAdminSummary(),
});
