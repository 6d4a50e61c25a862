import { notificationsRoutes } from '#api/routes/notifications';
import { domainHandler } from '#core/middleware';
import { listNotifications, markAllRead } from './service';

export const handler = domainHandler(notificationsRoutes, {
  listNotifications: (input, { caller }) => listNotifications(caller.memberId, input.limit, input.cursor),
  markNotificationsRead: async (_input, { caller }) => {
    await markAllRead(caller.memberId);
    return { message: 'All notifications are read.' };
  },
});
