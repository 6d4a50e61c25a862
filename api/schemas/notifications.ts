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

/**
 * What a running bot tells its member (functions/notifications/bot-events.ts): every event is in
 * the feed and pushed to open pages; each type is also e-mailed when the member chose so.
 */
export const BOT_EVENT_TYPES = [
  'fill',
  'take-profit',
  'stop',
  'kill-switch',
  'order-refused',
  'key-problem',
  'paused-resumed',
] as const;
export const BotEventType = z.enum(BOT_EVENT_TYPES);
export type BotEventType = z.infer<typeof BotEventType>;

/** How /profile names each type, and the e-mail's subject. */
export const BOT_EVENT_LABELS: Record<BotEventType, string> = {
  fill: 'Order filled',
  'take-profit': 'Take profit',
  stop: 'Stop',
  'kill-switch': 'Kill switch',
  'order-refused': 'Order refused',
  'key-problem': 'API key or IP problem',
  'paused-resumed': 'Bot paused or resumed',
};

const choice = z.boolean({ error: 'Each bot event needs an e-mail choice: true or false.' });

/** Per bot event type: e-mail it too (true) or only the feed (false). Every type, nothing else. */
export const BotEmailChoices = z.strictObject({
  fill: choice,
  'take-profit': choice,
  stop: choice,
  'kill-switch': choice,
  'order-refused': choice,
  'key-problem': choice,
  'paused-resumed': choice,
});
export type BotEmailChoices = z.infer<typeof BotEmailChoices>;

/**
 * Until a member chooses: what needs them (a stop, the kill switch, a refusal, a key problem, a
 * pause) is mailed; routine fills, which a DCA or grid bot makes many of a day, are not.
 */
export const DEFAULT_BOT_EMAILS: BotEmailChoices = {
  fill: false,
  'take-profit': true,
  stop: true,
  'kill-switch': true,
  'order-refused': true,
  'key-problem': true,
  'paused-resumed': true,
};

export const NotificationPreferences = z.object({ botEmails: BotEmailChoices });
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
