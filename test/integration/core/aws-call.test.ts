/**
 * The signed requests that stand in for SDK clients (functions/core/aws-call.ts): what reaches the
 * wire is what was signed (a server recomputes the SigV4 signature from the request it received,
 * with the SDK's own signer), with the session token Lambda's credentials carry; SES's SendEmail
 * body is the documented one; a refusal is named as the SDK names it. (Cognito and SQS calls go the
 * same way to cognito-local and the local queue in every auth, admin and bots test.)
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AwsCallError, awsJson, Sha256 } from '#core/aws-call';
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
  /** Whether the signature is the one the SDK's signer computes for what arrived. */
  signatureValid: boolean;
  /** The service and region the signature's scope names. */
  scope: string;
}

/** Recomputes the signature over the signed headers as they arrived (the SDK's signer, the same credentials). */
const verify = async (
  req: IncomingMessage,
  body: string,
): Promise<Pick<Received, 'signatureValid' | 'scope'>> => {
  const auth = String(req.headers.authorization ?? '');
  const match =
    /Credential=[^/]+\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=(\w+)/.exec(
      auth,
    );
  if (!match) return { signatureValid: false, scope: '' };
  const [, region, service, signedHeaders, signature] = match;
  const headers = Object.fromEntries(signedHeaders.split(';').map((h) => [h, String(req.headers[h] ?? '')]));
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const date = String(req.headers['x-amz-date']);
  const signingDate = new Date(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  const again = await new SignatureV4({ service, region, credentials: CREDENTIALS, sha256: Sha256 }).sign(
    {
      method: req.method ?? 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
    },
    { signingDate },
  );
  return {
    signatureValid: String(again.headers.authorization).endsWith(`Signature=${signature}`),
    scope: `${service}/${region}`,
  };
};

let server: Server;
let endpoint: string;
const received: Received[] = [];
/** What the server answers next: status, headers, body. */
let answer: { status: number; headers?: Record<string, string>; body: string } = { status: 200, body: '{}' };

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
      void verify(req, body).then((check) => {
        received.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body,
          ...check,
        });
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body);
      });
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  process.env = saved;
  await new Promise((done) => server.close(done));
});

describe('signed AWS calls', () => {
  it("sends SES's SendEmail as documented, signed for 'ses' with the session token", async () => {
    received.length = 0;
    answer = { status: 200, body: '{"MessageId":"m-1"}' };
    await sesMailer('no-reply@trendex.example', endpoint).send({
      to: 'ana@example.com',
      subject: 'Your code',
      text: 'Code: 123456',
      html: '<p>Code: 123456</p>',
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v2/email/outbound-emails',
      signatureValid: true,
      scope: 'ses/eu-west-1',
    });
    expect(request.headers['x-amz-security-token']).toBe(CREDENTIALS.sessionToken);
    expect(String(request.headers.authorization)).toContain('x-amz-security-token');
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

  it('names a REST refusal by its x-amzn-ErrorType header, and a JSON one by its __type', async () => {
    answer = {
      status: 400,
      headers: {
        'x-amzn-ErrorType': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/',
      },
      body: '{"message":"Email address is not verified."}',
    };
    const rest = await sesMailer('no-reply@trendex.example', endpoint)
      .send({ to: 'ana@example.com', subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect(rest).toBeInstanceOf(AwsCallError);
    expect(rest).toMatchObject({
      name: 'MessageRejected',
      status: 400,
      message: 'Email address is not verified.',
    });

    received.length = 0;
    answer = {
      status: 400,
      body: '{"__type":"com.amazonaws.cognito.identity.idp#UserNotFoundException","message":"User does not exist."}',
    };
    const json = await awsJson({
      service: 'cognito-idp',
      endpoint,
      target: 'AWSCognitoIdentityProviderService.AdminGetUser',
      version: '1.1',
      input: { UserPoolId: 'pool', Username: 'nobody@example.com' },
    }).catch((e: unknown) => e);
    expect(json).toMatchObject({
      name: 'UserNotFoundException',
      status: 400,
      message: 'User does not exist.',
    });
    expect(received[0]).toMatchObject({ signatureValid: true, scope: 'cognito-idp/eu-west-1' });
    expect(received[0].headers).toMatchObject({
      'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
      'content-type': 'application/x-amz-json-1.1',
    });
    expect(JSON.parse(received[0].body)).toEqual({ UserPoolId: 'pool', Username: 'nobody@example.com' });
  });

  it('answers a JSON operation with its parsed body', async () => {
    answer = { status: 200, body: '{"executionArn":"arn:aws:states:eu-west-1:1:execution:payout:x"}' };
    const started = await awsJson<{ executionArn: string }>({
      service: 'states',
      endpoint,
      target: 'AWSStepFunctions.StartExecution',
      version: '1.0',
      input: { stateMachineArn: 'arn:aws:states:eu-west-1:1:stateMachine:payout', input: '{}' },
    });
    expect(started.executionArn).toBe('arn:aws:states:eu-west-1:1:execution:payout:x');
  });

  it("invokes a function: its answer, or its error when it threw (Lambda's X-Amz-Function-Error)", async () => {
    process.env.LAMBDA_ENDPOINT = endpoint;
    received.length = 0;
    answer = { status: 200, body: '{"ok":true,"value":42}' };
    expect(await invoke('exchangeGateway', { op: 'freeQuote' })).toEqual({ ok: true, value: 42 });
    expect(received[0]).toMatchObject({
      method: 'POST',
      path: '/2015-03-31/functions/exchangeGateway/invocations',
      signatureValid: true,
      scope: 'lambda/eu-west-1',
    });
    expect(received[0].headers['x-amz-invocation-type']).toBe('RequestResponse');
    expect(JSON.parse(received[0].body)).toEqual({ op: 'freeQuote' });

    answer = {
      status: 200,
      headers: { 'X-Amz-Function-Error': 'Unhandled' },
      body: '{"errorType":"TypeError","errorMessage":"x is not a function"}',
    };
    await expect(invoke('exchangeGateway', {})).rejects.toMatchObject({
      name: 'TypeError',
      message: 'x is not a function',
    });
  });
});
