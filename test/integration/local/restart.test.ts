/**
 * `npm start`, Ctrl-C, `npm start`: accounts and data survive, because DynamoDB Local and
 * cognito-local keep their files in the data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { startLocalStack, type LocalStackOptions } from '#local/stack';
import { LocalStackError } from '#local/process';
import { ownStackPorts } from '../../support/ports';

const dataDir = mkdtempSync(join(tmpdir(), 'trendex-restart-'));
const options: LocalStackOptions = { dataDir, ...ownStackPorts() };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const post = (apiUrl: string, path: string, body: unknown) =>
  fetch(`${apiUrl}${path}`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Record<string, string>,
  }));

describe('the local stack across a restart', () => {
  it('keeps accounts, members and the admin, and refuses a taken port clearly', async () => {
    const first = await startLocalStack(options);
    const member = {
      email: 'restart@example.com',
      password: 'Str0ng!Passw0rd',
      name: 'Rita Restart',
      username: 'rita_restart',
      country: 'IN',
      mobile: '9876543210',
      sponsor: 'admin',
      side: 'Right',
      acceptTerms: true,
    };
    expect((await post(first.apiUrl, '/auth/register', member)).status).toBe(201);
    const mails = (await (await fetch(`${first.webUrl}/outbox/messages?to=${member.email}`)).json()) as {
      text: string;
    }[];
    const token = /verify\?token=(\S+)/.exec(mails[0].text)![1];
    expect((await post(first.apiUrl, '/auth/email-verify', { token })).status).toBe(200);

    // A second stack on the same ports is refused with a message a person can act on.
    await expect(startLocalStack({ ...options, dataDir: join(dataDir, 'other') })).rejects.toThrow(
      LocalStackError,
    );
    await expect(startLocalStack({ ...options, dataDir: join(dataDir, 'other') })).rejects.toThrow(
      /already in use/,
    );
    await first.stop();

    const second = await startLocalStack(options);
    try {
      expect(second.admin).toEqual(first.admin);
      expect(second.userPoolId).toBe(first.userPoolId);
      expect((await post(second.apiUrl, '/auth/directid', { userid: member.username })).body.status).toBe(
        'yes',
      );
      const cognito = new CognitoIdentityProviderClient({
        endpoint: second.cognitoEndpoint,
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      const auth = await cognito.send(
        new InitiateAuthCommand({
          ClientId: second.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: member.email, PASSWORD: member.password },
        }),
      );
      const profile = await fetch(`${second.apiUrl}/auth/user`, {
        headers: { authorization: `Bearer ${auth.AuthenticationResult!.IdToken}` },
      }).then((r) => r.json());
      expect(profile).toMatchObject({ name: 'Rita Restart', side: 'Right', sponsor: 'admin' });
    } finally {
      await second.stop();
    }
  }, 120_000);
});
