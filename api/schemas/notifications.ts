import * as z from 'zod';
import { Timestamp, page } from './common';

export const Notification = z.object({
  id: z.string(),
  message: z.string(),
  date: Timestamp,
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = page(Notification).extend({ unread: z.number().int().min(0) });
export const MarkReadRequest = z.object({});
