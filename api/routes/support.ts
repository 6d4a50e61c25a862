import { MessageBody } from '../schemas/common';
import { ContactRequest } from '../schemas/support';
import { route, type Route } from '../route';

export const supportRoutes = {
  sendContactMessage: route({
    method: 'POST',
    path: '/support/contact',
    access: 'public',
    domain: 'support',
    summary: 'The Contact Us form: stored and mailed to support',
    request: ContactRequest,
    response: MessageBody,
    status: 201,
  }),
} as const satisfies Record<string, Route>;
