/**
 * The local stand-in for Step Functions' StartExecution, for the one state machine the functions
 * start: the daily payout's (lib/constructs/payout.ts), which a dead letter of the referralPayout
 * schedule is redriven to (functions/admin/deadLetterQueues.ts). It answers as Step Functions does
 * and then runs the payout in-process as the local schedule does (the same shards, one after
 * another), with the schedule's tries and dead letter. Signed as Step Functions' IAM check wants.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ExtraRoute } from './gateway';
import { headerSignatureOk, refuseUnsigned, sha256Hex, type LocalKey } from './sigv4';

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const localStepFunctions = (
  machines: Record<string, (input: unknown) => Promise<unknown>>,
  key: LocalKey,
): ExtraRoute => {
  return async (req, res, url) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || !target.startsWith('AWSStepFunctions.')) return false;
    const body = await readBody(req);
    if (!headerSignatureOk(req, url, 'states', sha256Hex(body), key)) {
      refuseUnsigned(res, 'AccessDeniedException');
      return true;
    }
    const input = JSON.parse(body || '{}') as { stateMachineArn?: string; input?: string };
    const arn = input.stateMachineArn ?? '';
    const reply = (status: number, answer: object) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(answer));
    };
    if (target !== 'AWSStepFunctions.StartExecution') {
      reply(400, { __type: 'UnsupportedOperation', message: `${target} is not served locally` });
      return true;
    }
    if (!Object.hasOwn(machines, arn)) {
      reply(400, { __type: 'StateMachineDoesNotExist', message: `State Machine Does Not Exist: '${arn}'` });
      return true;
    }
    const name = randomUUID();
    void machines[arn](JSON.parse(input.input ?? '{}'));
    reply(200, {
      executionArn: `${arn.replace(':stateMachine:', ':execution:')}:${name}`,
      startDate: Date.now() / 1000,
    });
    return true;
  };
};
