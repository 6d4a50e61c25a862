/**
 * The functions' AWS SDK clients as they meet a service (a local HTTP server standing in for it):
 * what SES receives is the documented SendEmail, signed with the session token Lambda's
 * credentials carry; a throttled or failing service is retried with backoff and then reported as
 * unavailable (the API's 503), a refusal is the service's answer, named as the SDK names it; a
 * hung service fails within the client's deadline; a function that threw is named by its error.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isServiceUnavailable } from '#core/aws-clients';
import { invoke } from '#core/invoke';
import { sesMailer } from '#core/mail';

const CREDENTIALS = {
  accessKeyId: 'AKIDTEST',
  secretAccessKey: 'test-secret',
  sessionToken: 'test-session-token',
};

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One answer of the stand-in: a status, headers and a body, or no answer at all (`hang`). */
type Answer = { status: number; headers?: Record<string, string>; body: string } | 'hang';

let server: Server;
let endpoint: string;
const received: Received[] = [];
/** What the server answers, one per request; the last one repeats. */
let answers: Answer[] = [];

const saved = { ...process.env };
beforeAll(async () => {
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    AWS_SESSION_TOKEN: CREDENTIALS.sessionToken,
    AWS_REGION: 'eu-west-1',
  });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const answer = answers.length > 1 ? answers.shift()! : answers[0];
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.LAMBDA_ENDPOINT = endpoint;
});
afterAll(async () => {
  process.env = saved;
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});
beforeEach(() => {
  received.length = 0;
});

const mail = {
  to: 'ana@example.com',
  subject: 'Your code',
  text: 'Code: 123456',
  html: '<p>Code: 123456</p>',
};
const send = () =>
  sesMailer('no-reply@trendex.example', endpoint)
    .send(mail)
    .then(() => undefined)
    .catch((e: unknown) => e);

describe("the functions' AWS clients", () => {
  it("send SES's SendEmail as documented, signed for 'ses' with the session token", async () => {
    answers = [{ status: 200, body: '{"MessageId":"m-1"}' }];
    expect(await send()).toBeUndefined();
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/email/outbound-emails' });
    expect(request.headers['x-amz-security-token']).toBe(CREDENTIALS.sessionToken);
    expect(String(request.headers.authorization)).toMatch(
      /Credential=AKIDTEST\/\d{8}\/eu-west-1\/ses\/aws4_request/,
    );
    expect(JSON.parse(request.body)).toEqual({
      FromEmailAddress: 'no-reply@trendex.example',
      Destination: { ToAddresses: ['ana@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Your code' },
          Body: { Text: { Data: 'Code: 123456' }, Html: { Data: '<p>Code: 123456</p>' } },
        },
      },
    });
  });

  it('retry a throttled call and succeed when the service recovers', async () => {
    const throttled: Answer = {
      status: 429,
      headers: { 'x-amzn-ErrorType': 'TooManyRequestsException' },
      body: '{"message":"Too many requests"}',
    };
    answers = [throttled, throttled, { status: 200, body: '{"MessageId":"m-2"}' }];
    expect(await send()).toBeUndefined();
    expect(received).toHaveLength(3);
  });

  it('report a service that keeps failing as unavailable after three tries, with its request id', async () => {
    answers = [
      {
        status: 503,
        headers: { 'x-amzn-ErrorType': 'ServiceUnavailable', 'x-amzn-RequestId': 'req-503' },
        body: '{"message":"Service unavailable"}',
      },
    ];
    const error = await send();
    expect(received).toHaveLength(3);
    expect(isServiceUnavailable(error)).toBe(true);
    expect(error).toMatchObject({ $metadata: { httpStatusCode: 503, requestId: 'req-503', attempts: 3 } });
  });

  it("take a refusal as the service's answer: named as the SDK names it, not retried, not unavailable", async () => {
    answers = [
      {
        status: 400,
        headers: {
          'x-amzn-ErrorType': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/',
        },
        body: '{"message":"Email address is not verified."}',
      },
    ];
    const error = await send();
    expect(received).toHaveLength(1);
    expect(error).toMatchObject({ name: 'MessageRejected', message: 'Email address is not verified.' });
    expect(isServiceUnavailable(error)).toBe(false);
  });

  it('give up on a service that never answers within the deadline, as unavailable', async () => {
    answers = ['hang'];
    const started = Date.now();
    const error = await send();
    // three attempts of at most 2.5 s each, inside an API function's 10 s
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(received).toHaveLength(3);
    expect(isServiceUnavailable(error)).toBe(true);
  }, 15_000);

  it("invoke a function: its answer, or its error when it threw (Lambda's X-Amz-Function-Error)", async () => {
    answers = [{ status: 200, body: '{"ok":true,"value":42}' }];
    expect(await invoke('exchangeGateway', { op: 'freeQuote' })).toEqual({ ok: true, value: 42 });
    expect(received[0]).toMatchObject({
      method: 'POST',
      path: '/2015-03-31/functions/exchangeGateway/invocations',
    });
    expect(received[0].headers['x-amz-invocation-type']).toBe('RequestResponse');
    expect(JSON.parse(received[0].body)).toEqual({ op: 'freeQuote' });

    answers = [
      {
        status: 200,
        headers: { 'X-Amz-Function-Error': 'Unhandled' },
        body: '{"errorType":"TypeError","errorMessage":"x is not a function"}',
      },
    ];
    await expect(invoke('exchangeGateway', {})).rejects.toMatchObject({
      name: 'TypeError',
      message: 'x is not a function',
    });
  });
});
