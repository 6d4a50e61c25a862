import { domainHandler } from '#core/middleware';
import { listNotifications, markAllRead } from './service';

export const handler = domainHandler('notifications', {
  listNotifications: (input, { caller }) => listNotifications(caller.memberId, input.limit, input.cursor),
  markNotificationsRead: async (_input, { caller }) => {
    await markAllRead(caller.memberId);
    return { message: 'All notifications are read.' };
  },
});
