import { describe, expect, it } from 'vitest';
import { redactSecrets } from '#core/logger';

describe('log redaction', () => {
  it('hides secrets wherever they sit, and keeps ordinary fields', () => {
    const line = JSON.stringify(
      {
        email: 'a@b.co',
        password: 'Hunter2!xx',
        apiSecret: 's3cr3t',
        request: { headers: { Authorization: 'Bearer eyJ' }, otp: '123456', token: 'abc' },
        code: '654321',
        $metadata: { httpStatusCode: 400 },
      },
      redactSecrets,
    );
    for (const secret of ['Hunter2', 's3cr3t', 'eyJ', '123456', '"abc"', '654321'])
      expect(line).not.toContain(secret);
    expect(line).toContain('a@b.co');
    expect(line).toContain('"httpStatusCode":400');
  });
});

describe('log destination and function names', () => {
  it('writes to LOG_FILE, and work run as a function logs under its name, whatever context another function injects', async () => {
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { logger, withFunctionLogger } = await import('#core/logger');
    const before = process.env.LOG_FILE;
    const file = join(mkdtempSync(join(tmpdir(), 'trendex-log-')), 'test.log');
    process.env.LOG_FILE = file;
    try {
      const apiCall = (functionName: string) =>
        logger.addContext({
          functionName,
          awsRequestId: functionName,
          invokedFunctionArn: '',
          memoryLimitInMB: '512',
        } as never);
      const tick = () => new Promise((r) => setTimeout(r, 5));
      apiCall('trendex-support');
      await Promise.all([
        withFunctionLogger('trendex-marketTicker', async () => {
          await tick();
          await tick();
          logger.warn('ticker poll');
        }),
        withFunctionLogger('trendex-teamConsumer', async () => {
          await tick();
          logger.warn('placement');
        }),
        // an API call of another function meanwhile
        tick().then(() => apiCall('trendex-auth')),
      ]);
      logger.warn('api line');
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { message: string; function_name: string });
      expect(lines.map((l) => [l.message, l.function_name]).sort()).toEqual([
        ['api line', 'trendex-auth'],
        ['placement', 'trendex-teamConsumer'],
        ['ticker poll', 'trendex-marketTicker'],
      ]);
    } finally {
      // the unit files share a process: a LOG_FILE left set (or set to "undefined") would follow them
      if (before === undefined) delete process.env.LOG_FILE;
      else process.env.LOG_FILE = before;
    }
  });
});
