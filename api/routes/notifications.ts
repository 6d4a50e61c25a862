import { Empty, route, type Route } from '../route';
import { MessageBody, PageQuery } from '../schemas/common';
import { MarkReadRequest, NotificationPage, NotificationPreferences } from '../schemas/notifications';

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
  getNotificationPreferences: route({
    method: 'GET',
    path: '/notifications/preferences',
    access: 'member',
    domain: 'notifications',
    summary: "Which of the member's bot events are also e-mailed (at most one per bot and type an hour)",
    request: Empty,
    response: NotificationPreferences,
  }),
  setNotificationPreferences: route({
    method: 'PUT',
    path: '/notifications/preferences',
    access: 'member',
    domain: 'notifications',
    summary: 'Choose, per bot event type, whether it is also e-mailed',
    request: NotificationPreferences,
    response: NotificationPreferences,
  }),
} as const satisfies Record<string, Route>;
