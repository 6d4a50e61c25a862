/**
 * The local stand-in for Lambda's Invoke API, for the functions one of ours invokes by name (the
 * exchange gateway): POST /2015-03-31/functions/{name}/invocations on the gateway's port runs the
 * named handler in-process and answers as Lambda does: the handler's return value as JSON, or, when
 * it threw, status 200 with `X-Amz-Function-Error: Unhandled` and `{ errorType, errorMessage }`.
 * As Lambda's IAM check does, a call not signed with the local key (anyone on the machine skipping
 * the API) is refused. An `Event` invocation (a dead letter's redrive) of one of `queued` is
 * answered 202 at once and run afterwards, its tries and dead letter its own (local/dead-letters.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { ExtraRoute } from './gateway';
import { headerSignatureOk, refuseUnsigned, sha256Hex, type LocalKey } from './sigv4';

export type InvokedHandler = (event: never) => Promise<unknown>;

const PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const localLambda = (
  handlers: Record<string, InvokedHandler>,
  queued: () => Record<string, (event: unknown) => Promise<unknown>>,
  key: LocalKey,
): ExtraRoute => {
  return async (req, res, url) => {
    const match = PATH.exec(url.pathname);
    if (req.method !== 'POST' || !match) return false;
    const body = await readBody(req);
    if (!headerSignatureOk(req, url, 'lambda', sha256Hex(body), key)) {
      refuseUnsigned(res, 'AccessDeniedException');
      return true;
    }
    const name = decodeURIComponent(match[1]);
    const event = JSON.parse(body || 'null') as never;
    const later = req.headers['x-amz-invocation-type'] === 'Event' ? queued()[name] : undefined;
    if (later) {
      void later(event);
      res.writeHead(202);
      res.end();
      return true;
    }
    const handler = handlers[name];
    if (!handler) {
      res.writeHead(404, {
        'content-type': 'application/json',
        'x-amzn-errortype': 'ResourceNotFoundException',
      });
      res.end(JSON.stringify({ message: `Function not found: ${match[1]}` }));
      return true;
    }
    try {
      const value = await handler(event);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value ?? null));
    } catch (error) {
      const e = error as Error;
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
      res.end(JSON.stringify({ errorType: e.name, errorMessage: e.message }));
    }
    return true;
  };
};
