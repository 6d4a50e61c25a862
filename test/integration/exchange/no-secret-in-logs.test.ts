/**
 * Runs the exchange function and the exchange gateway it invokes in this process (same code as the
 * stack's, against the stack's table and paper exchange; the gateway behind local/lambda.ts on a
 * port of this process) at DEBUG level and keeps every line they write: none may hold the secret
 * or the API key, through a good binding, a refused one, a refresh and a failed refresh, with an
 * HMAC key and with an Ed25519 key (its private key pasted as the secret).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack } from '../../support/api';
import { useLocalTable } from '../../support/fund';
import { bindingCode, paperAccount } from '../../support/exchange';
import { localLambda } from '../../../local/lambda';

const lines: string[] = [];
const restore: (() => void)[] = [];
let handler: (event: APIGatewayProxyEvent, context: Context) => Promise<{ statusCode: number; body: string }>;
let lambda: Server;

beforeAll(async () => {
  useLocalTable();
  // the gateway is imported after the environment below is set (the logger reads it on import)
  const gatewayRoute: { current?: ReturnType<typeof localLambda> } = {};
  lambda = createServer(
    (req, res) => void gatewayRoute.current?.(req, res, new URL(req.url ?? '/', 'http://local')),
  );
  await new Promise<void>((ready) => lambda.listen(0, '127.0.0.1', ready));
  Object.assign(process.env, {
    EXCHANGE_BINANCE_URL: `${stack().webUrl}/paper/binance`,
    EXCHANGE_LOCAL_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'DEBUG',
    // to stdout, where this test reads them, not to the test run's log file
    LOG_FILE: '',
    LAMBDA_ENDPOINT: `http://127.0.0.1:${(lambda.address() as AddressInfo).port}`,
    EXCHANGE_GATEWAY_FUNCTION: 'exchangeGateway',
  });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      lines.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => (stream.write = write));
  }
  const gateway = (await import('#functions/bots/exchangeGateway')).handler;
  gatewayRoute.current = localLambda({ exchangeGateway: gateway as never }, () => ({}), {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY!,
    region: process.env.AWS_REGION!,
  });
  ({ handler } = (await import('#functions/exchange/handler')) as unknown as { handler: typeof handler });
});

afterAll(async () => {
  restore.forEach((r) => r());
  await new Promise((done) => lambda.close(done));
});

const invoke = (memberId: string, method: string, path: string, body: unknown) =>
  handler(
    {
      resource: path,
      path,
      httpMethod: method,
      headers: {},
      body: JSON.stringify(body),
      isBase64Encoded: false,
      queryStringParameters: null,
      requestContext: { authorizer: { claims: { sub: memberId, email: '' } } },
    } as unknown as APIGatewayProxyEvent,
    {
      functionName: 'trendex-exchange',
      awsRequestId: randomUUID(),
      invokedFunctionArn: 'arn:aws:lambda:local:0:function:trendex-exchange',
      memoryLimitInMB: '512',
      getRemainingTimeInMillis: () => 10_000,
    } as unknown as Context,
  );

/** What of a secret would give it away: an HMAC secret, or an Ed25519 private key's base64 body. */
const telling = (secret: string) => secret.split('\n').filter((line) => line && !line.startsWith('-----'));

describe.each(['hmac', 'ed25519'] as const)('exchange logs with an %s key', (keyType) => {
  it('no log line contains the secret or the API key', async () => {
    lines.length = 0;
    const member = await newVerifiedMember();
    const memberId = String((await call('getProfile', {}, member.idToken)).body.id);
    const key = await paperAccount({ keyType });
    const withdrawing = await paperAccount({ canWithdraw: true, keyType });

    // a wrong secret, a withdrawal-enabled key, then the right one
    let otp = await bindingCode(member.email, member.idToken);
    expect(
      (
        await invoke(memberId, 'PUT', '/exchange/binance', {
          apikey: key.apiKey,
          apisecret: withdrawing.secret,
          otp,
        })
      ).statusCode,
    ).toBe(400);
    otp = await bindingCode(member.email, member.idToken);
    expect(
      (
        await invoke(memberId, 'PUT', '/exchange/binance', {
          apikey: withdrawing.apiKey,
          apisecret: withdrawing.secret,
          otp,
        })
      ).statusCode,
    ).toBe(400);
    otp = await bindingCode(member.email, member.idToken);
    const bound = await invoke(memberId, 'PUT', '/exchange/binance', {
      apikey: key.apiKey,
      apisecret: key.secret,
      otp,
    });
    expect(bound.statusCode).toBe(200);
    expect((await invoke(memberId, 'POST', '/exchange/balances', { exchange: 'binance' })).statusCode).toBe(
      200,
    );
    await fetch(`${stack().webUrl}/paper/accounts/${encodeURIComponent(key.apiKey)}`, { method: 'DELETE' });
    expect((await invoke(memberId, 'POST', '/exchange/balances', { exchange: 'binance' })).statusCode).toBe(
      400,
    );

    const log = lines.join('');
    expect(log).toContain('exchange key bound'); // the logger did write
    expect(log).toContain('balance refresh failed');
    for (const secret of [key.secret, key.apiKey, withdrawing.secret, withdrawing.apiKey].flatMap(telling))
      expect(log).not.toContain(secret);
  });
});
