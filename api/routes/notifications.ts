import { MessageBody, PageQuery } from '../schemas/common';
import { MarkReadRequest, NotificationPage } from '../schemas/notifications';
import { route, type Route } from '../route';

export const notificationsRoutes = {
  listNotifications: route({
    method: 'GET',
    path: '/notifications',
    access: 'member',
    domain: 'notifications',
    summary: "The member's notifications, newest first, with the unread count",
    request: PageQuery,
    response: NotificationPage,
  }),
  markNotificationsRead: route({
    method: 'POST',
    path: '/notifications/read',
    access: 'member',
    domain: 'notifications',
    summary: 'Mark every notification read',
    request: MarkReadRequest,
    response: MessageBody,
  }),
} as const satisfies Record<string, Route>;
