/**
 * The admin's Operations page: the dead letters of the schedules and the stream consumer (work
 * that failed every try, docs/operations.md), and their redrive.
 */
import * as z from 'zod';
import { Timestamp } from './common';

export const DeadLetterSource = z.enum(['schedule', 'consumer']);

export const DeadLetter = z.object({
  /** Opaque: the local store's id, or the queue's name and the SQS message id. */
  id: z.string(),
  source: DeadLetterSource,
  /** The schedule (api/schedules.ts) or consumer (api/consumers.ts) that failed. */
  name: z.string(),
  /** The event the work ran with, as JSON text. */
  event: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  at: Timestamp,
});
export type DeadLetter = z.infer<typeof DeadLetter>;

export const DeadLetterList = z.object({ items: z.array(DeadLetter) });

export const RedriveRequest = z.object({
  id: z.string({ error: 'Choose a dead letter.' }).min(1, { error: 'Choose a dead letter.' }).max(600),
});

export const RedriveAnswer = z.object({
  /** True when the work ran again (locally: and succeeded; in AWS: was handed to its function). */
  redriven: z.boolean(),
  message: z.string(),
});
