/**
 * The Operations page: the dead letters of the schedules and the stream consumer, and their
 * redrive (audited). Where they are kept is a port: in AWS their SQS dead-letter queues
 * (./deadLetterQueues.ts); the local stack, which runs every function in one process, puts its
 * in-process dead-letter store here at start (local/dead-letters.ts).
 */
import type { z } from 'zod';
import type { DeadLetter, RedriveRequest } from '#api/schemas/admin-operations';
import { notFound } from '#core/errors';
import { logger } from '#core/logger';
import type { Caller } from '#core/middleware';
import { audit } from './audit';
import { sqsDeadLetters } from './deadLetterQueues';

export interface DeadLetterPort {
  list(): Promise<DeadLetter[]>;
  /**
   * Runs the letter's work again; `error` says why not (no such letter, or the run failed again).
   * `queued`: handed to its function, which runs it later (a new letter if it fails again).
   */
  redrive(id: string): Promise<{ redriven: boolean; error?: string; queued?: boolean }>;
}

let port: DeadLetterPort = sqsDeadLetters;

/** The local stack's dead-letter store, in place of the SQS queues. */
export const useDeadLetterPort = (local: DeadLetterPort): void => {
  port = local;
};

export const listDeadLetters = async () => ({ items: await port.list() });

export const redriveDeadLetter = async ({ id }: z.infer<typeof RedriveRequest>, caller: Caller) => {
  const letter = (await port.list()).find((l) => l.id === id);
  if (!letter) throw notFound('That dead letter is gone: it was redriven or removed.');
  const result = await port.redrive(id);
  if (result.error === 'no such dead letter')
    throw notFound('That dead letter is gone: it was redriven or removed.');
  logger.info('dead letter redriven', { id, name: letter.name, ...result });
  await audit({
    action: 'dead-letter-redrive',
    adminId: caller.memberId,
    target: `${letter.source} ${letter.name}`,
    summary: result.redriven
      ? `Redrove the ${letter.name} dead letter of ${letter.at}`
      : `Redrive of the ${letter.name} dead letter of ${letter.at} failed again: ${result.error}`,
  });
  if (!result.redriven) return { redriven: false, message: `${letter.name} failed again: ${result.error}` };
  return {
    redriven: true,
    message: result.queued
      ? `${letter.name} was handed to its function again; the letter is gone (a new one comes if it fails again).`
      : `${letter.name} ran again and succeeded; the letter is gone.`,
  };
};
