import { notificationsRoutes } from '#api/routes/notifications';
import { domainHandler } from '#core/middleware';
import { chooseBotEmails, getBotEmailChoices } from './bot-events';
import { listNotifications, markAllRead } from './service';

export const handler = domainHandler(notificationsRoutes, {
  listNotifications: (input, { caller }) => listNotifications(caller.memberId, input.limit, input.cursor),
  markNotificationsRead: async (_input, { caller }) => {
    await markAllRead(caller.memberId);
    return { message: 'All notifications are read.' };
  },
  getNotificationPreferences: async (_input, { caller }) => ({
    botEmails: await getBotEmailChoices(caller.memberId),
  }),
  setNotificationPreferences: async (input, { caller }) => ({
    botEmails: await chooseBotEmails(caller.memberId, input.botEmails),
  }),
});
