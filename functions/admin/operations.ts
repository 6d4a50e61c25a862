/**
 * The Operations page: the dead letters of the schedules and the stream consumer, kept in their
 * SQS dead-letter queues (./deadLetterQueues.ts), and their redrive (audited).
 */
import type { z } from 'zod';
import type { RedriveRequest } from '#api/schemas/admin-operations';
import { notFound } from '#core/errors';
import { logger } from '#core/logger';
import type { Caller } from '#core/middleware';
import { audit } from './audit';
import { sqsDeadLetters } from './deadLetterQueues';

export const listDeadLetters = async () => ({ items: await sqsDeadLetters.list() });

export const redriveDeadLetter = async ({ id }: z.infer<typeof RedriveRequest>, caller: Caller) => {
  const letter = (await sqsDeadLetters.list()).find((l) => l.id === id);
  if (!letter) throw notFound('That dead letter is gone: it was redriven or removed.');
  const result = await sqsDeadLetters.redrive(id);
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
    message: `${letter.name} was started again; the letter is gone (a new one comes if it fails again).`,
  };
};
