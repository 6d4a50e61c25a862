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
    for (const secret of ['Hunter2', 's3cr3t', 'eyJ', '123456', '"abc"', '654321']) expect(line).not.toContain(secret);
    expect(line).toContain('a@b.co');
    expect(line).toContain('"httpStatusCode":400');
  });
});
