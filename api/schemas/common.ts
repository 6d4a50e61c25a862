import * as z from 'zod';
import { BOT_ID_LIST } from '../bots';

/** The body of every non-2xx answer: one readable message, and the field it is about when there is one. */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

/** Every list endpoint pages with a limit and an opaque cursor. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(2048).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), cursor: z.string().optional() });

/**
 * The idempotency key of a money request: a UUID the client makes once per intent (when the form
 * opens or the action starts) and sends again on its retries and on a double click, so the same
 * request twice moves money once and answers the same outcome.
 */
export const RequestId = z.uuid({ error: 'requestId must be a UUID the client makes for this request.' });

/** ISO date-time string, UTC. */
export const Timestamp = z.string().datetime();

export const Email = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }).max(254));

/** A bot's id (api/bots.ts keeps the list as plain data, for the web app's frame). */
export const BotIdSchema = z.enum(BOT_ID_LIST, { error: 'Choose a bot from the list.' });
