/**
 * The WebSocket contract: the routes the realtime function serves and the messages on them.
 * The CDK stack makes one API Gateway WebSocket route per entry; the local gateway routes the
 * same way (a message's `action` names its route).
 */
import * as z from 'zod';
import { Ticker } from './schemas/market';

export const wsRoutes = ['$connect', '$disconnect', 'subscribe'] as const;

/** Public topics anyone signed in may follow; member-private pushes go to the member's own connections. */
export const Topic = z.enum(['ticker']);
export type Topic = z.infer<typeof Topic>;

export const SubscribeMessage = z.object({ action: z.literal('subscribe'), topic: Topic });

/** What the server pushes: a topic's update, or a nudge that the member's own data changed. */
export const PushMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ticker'), data: Ticker }),
  z.object({ type: z.literal('notification'), message: z.string() }),
  /** A bot of the member's filled an order: its positions, closed orders and profit changed. */
  z.object({ type: z.literal('bots'), deploymentId: z.string() }),
  /** A new message in a complaint's chat: its member's and support's open chats read it. */
  z.object({ type: z.literal('chat'), complaintId: z.string() }),
]);
export type PushMessage = z.infer<typeof PushMessage>;
