import { domainHandler } from '#core/middleware';
import { sendContactMessage } from './service';

export const handler = domainHandler('support', {
  sendContactMessage: (input, { sourceIp }) => sendContactMessage(input, sourceIp),
});
