/**
 * Runs the exchange function in this process (same code as the stack's, against the stack's table
 * and paper exchange) at DEBUG level and keeps every line it writes: none may hold the secret or
 * the API key, through a good binding, a refused one, a refresh and a failed refresh.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack } from '../../support/api';
import { useLocalTable } from '../../support/fund';
import { bindingCode, paperAccount } from '../../support/exchange';

const lines: string[] = [];
const restore: (() => void)[] = [];
let handler: (event: APIGatewayProxyEvent, context: Context) => Promise<{ statusCode: number; body: string }>;

beforeAll(async () => {
  useLocalTable();
  Object.assign(process.env, {
    EXCHANGE_BINANCE_URL: `${stack().webUrl}/paper/binance`,
    EXCHANGE_LOCAL_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'DEBUG',
    // to stdout, where this test reads them, not to the test run's log file
    LOG_FILE: '',
  });
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      lines.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restore.push(() => (stream.write = write));
  }
  ({ handler } = (await import('#functions/exchange/handler')) as unknown as { handler: typeof handler });
});

afterAll(() => restore.forEach((r) => r()));

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

describe('exchange logs', () => {
  it('no log line contains the secret or the API key', async () => {
    const member = await newVerifiedMember();
    const memberId = String((await call('getProfile', {}, member.idToken)).body.id);
    const key = await paperAccount();
    const withdrawing = await paperAccount({ canWithdraw: true });

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
    for (const secret of [key.secret, key.apiKey, withdrawing.secret, withdrawing.apiKey])
      expect(log).not.toContain(secret);
  });
});
