/**
 * DynamoDB Local killed under a running stack: the API answers 503 (retry-safe) while it is down,
 * the stack says so, restarts it on the same data folder, and requests succeed again with the
 * earlier data there — no restart of the stack.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dynamoPid, startLocalStack } from '#local/stack';
import { ownStackPorts } from '../../support/ports';

const dataDir = mkdtempSync(join(tmpdir(), 'trendex-heals-'));
const lines: string[] = [];

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, string>,
  };
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the local stack when DynamoDB Local dies', () => {
  it('answers 503 meanwhile, restarts it and serves the same data again', async () => {
    const stack = await startLocalStack({
      dataDir,
      ...ownStackPorts(),
      log: (line) => lines.push(line),
    });
    const member = {
      email: 'heals@example.com',
      password: 'Str0ng!Passw0rd',
      name: 'Hal Heals',
      username: 'hal_heals',
      country: 'IN',
      mobile: '9876543211',
      sponsor: 'admin',
      side: 'Left',
      acceptTerms: true,
    };
    const directId = () => post(`${stack.apiUrl}/auth/directid`, { userid: member.username });
    let stopped = false;
    try {
      expect((await post(`${stack.apiUrl}/auth/register`, member)).status).toBe(201);
      const mails = (await (await fetch(`${stack.webUrl}/outbox/messages?to=${member.email}`)).json()) as {
        text: string;
      }[];
      const token = /verify\?token=(\S+)/.exec(mails[0].text)![1];
      expect((await post(`${stack.apiUrl}/auth/email-verify`, { token })).status).toBe(200);
      expect((await directId()).body.status).toBe('yes');

      const killed = dynamoPid(stack)!;
      expect(killed).toBeTypeOf('number');
      process.kill(killed, 'SIGKILL');

      // While it is down: 503 with Retry-After and a retry-safe message, never 500. (A request already
      // in a handler gets the functions' 503; once the stack knows, the gateway answers it at once.)
      const outage: Awaited<ReturnType<typeof directId>>[] = [];
      const untilBack = async () => {
        const answer = await directId();
        if (answer.status !== 200) outage.push(answer);
        return answer.body.status;
      };
      await expect
        .poll(
          async () => {
            await untilBack();
            return outage.length;
          },
          { timeout: 5_000, interval: 50 },
        )
        .toBeGreaterThan(0);
      // Back without a restart of the stack, on the same data folder: the member is still there.
      await expect.poll(untilBack, { timeout: 40_000, interval: 250 }).toBe('yes');
      expect(outage.length).toBeGreaterThan(1);
      for (const answer of outage) {
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toBe('5');
        expect(answer.body.code).toBe('UNAVAILABLE');
        expect(answer.body.message).toMatch(/^The service is briefly unavailable\..*safe/);
      }
      // the gateway's own answer, the handler not called: nothing was done
      expect(outage.map((a) => a.body.message)).toContain(
        'The service is briefly unavailable. Your request was not carried out; it is safe to try again in a few seconds.',
      );
      // the stack said so, both ways
      expect(lines).toContainEqual(
        expect.stringMatching(/^DynamoDB Local stopped \(signal SIGKILL\); restarting in 0\.5 s$/),
      );
      expect(lines).toContainEqual(expect.stringMatching(/^DynamoDB Local is back \(down [\d.]+ s\)$/));
      const restarted = dynamoPid(stack);
      expect(restarted).toBeTypeOf('number');
      expect(restarted).not.toBe(killed);
      // and writes work again
      expect(
        (
          await post(`${stack.apiUrl}/auth/register`, {
            ...member,
            email: 'heals2@example.com',
            username: 'hal_heals2',
            mobile: '9876543212',
          })
        ).status,
      ).toBe(201);
      const last = dynamoPid(stack)!;
      await stack.stop();
      stopped = true;
      // Stopping the stack is no exit to heal: the child is gone and nothing restarted it.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(alive(last)).toBe(false);
      expect(lines.filter((line) => line.startsWith('DynamoDB Local stopped'))).toHaveLength(1);
    } finally {
      if (!stopped) await stack.stop();
    }
  }, 90_000);
});
