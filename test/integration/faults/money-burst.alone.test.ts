/**
 * Bad luck on purpose (issue 19): a burst of mixed money operations (deposits, plan purchases,
 * withdrawals, admin credits) while DynamoDB Local is first paused, then killed, on a stack of this
 * test's own (loopback only). Each client retries with the same request id, as the web app does,
 * until it gets an answer. Afterwards the books must be whole: each balance equals its entries, the
 * ledger sums to zero, no hold without its withdrawal, no plan charged without being held, no code
 * used without its withdrawal, nothing credited twice.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { routes, type OperationId } from '#api/routes';
import { dynamoPid, startLocalStack, type LocalStack } from '#local/stack';
import { ownStackPorts } from '../../support/ports';
import { enrolTotp, totpCode } from '../../support/totp';

const dataDir = mkdtempSync(join(tmpdir(), 'trendex-faults-'));
const USDT = 1_000_000;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The client side: the API of this test's stack, as the web app calls it. */
const client = (stack: LocalStack) => {
  const call = async (op: OperationId, input: Record<string, unknown>, token?: string) => {
    const route = routes[op];
    const query = route.method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    const response = await fetch(`${stack.apiUrl}${route.path}${query}`, {
      method: route.method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: route.method === 'GET' ? undefined : JSON.stringify(input),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** How many answers were 503 or none at all: the burst did meet the outage. */
  const unavailable = { count: 0 };
  /** As the web app retries: the same request (and request id) again while the answer is 503 or none. */
  const persist = async (op: OperationId, input: Record<string, unknown>, token?: string) => {
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(500)) {
      const answer = await call(op, input, token).catch(() => null);
      if (answer && answer.status !== 503) return answer;
      unavailable.count++;
    }
    throw new Error(`${op} never answered`);
  };
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.cognitoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const logIn = async (email: string, password: string, totpSecret?: string) => {
    const started = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (!totpSecret) return started.AuthenticationResult!.IdToken!;
    const answered = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: stack.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: started.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
      }),
    );
    return answered.AuthenticationResult!.IdToken!;
  };
  const mails = async (to: string) =>
    (await (await fetch(`${stack.webUrl}/outbox/messages?to=${encodeURIComponent(to)}`)).json()) as {
      text: string;
    }[];
  const pay = (paymentId: string) =>
    fetch(`${stack.webUrl}/dev/payments/pay/${paymentId}`, { method: 'POST' });
  return { call, persist, logIn, mails, pay, unavailable };
};

/** Every item of the table (this test's own, small). */
const everything = async (stack: LocalStack) => {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: stack.tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

describe('money under faults', () => {
  it('keeps the books whole through a pause and a kill of the database', async () => {
    const stack = await startLocalStack({
      dataDir,
      ...ownStackPorts(),
      log: () => undefined,
    });
    try {
      const api = client(stack);
      const adminSecret = await enrolTotp(stack.cognitoEndpoint, stack.userPoolClientId, stack.admin);
      const admin = await api.logIn(stack.admin.email, stack.admin.password, adminSecret);

      // Three funded members, each with a withdrawal code in hand.
      const members: { id: string; idToken: string; code: string; username: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const member = {
          email: `fault${i}@example.com`,
          password: 'Str0ng!Passw0rd',
          name: `Fault Member ${i}`,
          username: `fault_member_${i}`,
          country: 'IN',
          mobile: `987654321${i}`,
          sponsor: stack.admin.username,
          side: 'Left',
          acceptTerms: true,
        };
        expect((await api.call('signUp', member)).status).toBe(201);
        const token = /verify\?token=(\S+)/.exec((await api.mails(member.email))[0].text)![1];
        expect((await api.call('verifyEmail', { token: decodeURIComponent(token) })).status).toBe(200);
        const idToken = await api.logIn(member.email, member.password);
        const id = String((await api.call('getProfile', {}, idToken)).body.id);
        for (const [amount, wallet] of [
          ['300', 'wallet'],
          ['200', 'wallet1'],
        ]) {
          const invoice = await api.call(
            'createInvoice',
            { amount, wallet, requestId: randomUUID() },
            idToken,
          );
          await api.pay(String(invoice.body.paymentId));
        }
        expect((await api.call('requestWithdrawOtp', {}, idToken)).status).toBe(200);
        const code = /one-time code is (\d{6})/.exec((await api.mails(member.email))[0].text)![1];
        members.push({ ...member, id, idToken, code });
      }

      // The burst: every operation of every member at once, each retried by its client.
      const burst = members.flatMap((m) => [
        async () => {
          const invoice = await api.persist(
            'createInvoice',
            { amount: '40', wallet: 'wallet', requestId: randomUUID() },
            m.idToken,
          );
          if (invoice.status === 201) {
            const paymentId = String(invoice.body.paymentId);
            // the payer pays once; the provider's callback may meet the outage (reconciliation heals it)
            await api.pay(paymentId).catch(() => undefined);
          }
        },
        () => api.persist('activatePlan', { plan: 'executive', requestId: randomUUID() }, m.idToken),
        () => api.persist('activatePlan', { plan: 'core', requestId: randomUUID() }, m.idToken),
        () =>
          api.persist(
            'withdraw',
            {
              amount: '15',
              address: '0x8ba1f109551bd432803012645ac136ddd64dba72',
              otp: m.code,
              wallet: 'wallet',
              requestId: randomUUID(),
            },
            m.idToken,
          ),
      ]);
      // The admin credits every member while the database is down: these calls meet the outage
      // whatever the machine's speed (15 calls can all be answered before a timed pause would come).
      const credits = () =>
        members.map((m) =>
          api.persist('editProfile', { memberId: m.id, balanceToAdd: '7', requestId: randomUUID() }, admin),
        );
      const running = burst.map((op) => op());
      const faults = (async () => {
        // the books have moved before the database stops answering
        await Promise.race(running);
        const paused = dynamoPid(stack)!;
        process.kill(paused, 'SIGSTOP');
        await sleep(4_000);
        process.kill(paused, 'SIGCONT');
        await sleep(500);
        process.kill(dynamoPid(stack)!, 'SIGKILL');
        await Promise.all(credits());
      })();
      await Promise.all([faults, ...running]);
      // back: the schedules' repairs (deposits whose callback was lost, open withdrawals) run here too
      await expect
        .poll(async () => (await api.call('getProfile', {}, members[0].idToken)).status, { timeout: 60_000 })
        .toBe(200);
      const { reconcileDeposits, withdrawalSweep } = await import('#functions/wallet/schedules');
      await reconcileDeposits();
      await withdrawalSweep();

      const items = await everything(stack);
      const of = (prefix: string, sk?: string) =>
        items.filter((i) => String(i.PK).startsWith(prefix) && (sk === undefined || i.SK === sk));

      // Each balance equals the sum of its entries, and the ledger sums to zero.
      const balances = of('ACCT#', 'BALANCE');
      for (const balance of balances) {
        const entries = items.filter((i) => i.PK === balance.PK && String(i.SK).startsWith('ENTRY#'));
        expect(
          entries.reduce((s, e) => s + Number(e.amount), 0),
          String(balance.PK),
        ).toBe(Number(balance.balance));
        if (!['platform:clearing', 'platform:adjustments'].includes(String(balance.account)))
          expect(Number(balance.balance), String(balance.account)).toBeGreaterThanOrEqual(0);
      }
      expect(balances.reduce((s, b) => s + Number(b.balance), 0)).toBe(0);

      const txs = of('LTX#');
      for (const m of members) {
        const mine = txs.filter((t) => t.memberId === m.id);
        // No hold without its withdrawal; no code used without one.
        const holds = mine.filter((t) => t.kind === 'withdraw-hold');
        for (const hold of holds)
          expect(of(`WITHDRAWAL#${(hold.ref as { withdrawalId: string }).withdrawalId}`)).toHaveLength(1);
        const codeLeft = items.some((i) => i.PK === `MEMBER#${m.id}` && i.SK === 'OTP#withdraw');
        expect(codeLeft || holds.length === 1, `${m.username}: code used without a withdrawal`).toBe(true);
        expect(holds.length).toBeLessThanOrEqual(1);
        // No plan charged without being held, none charged twice.
        const plans = mine.filter((t) => t.kind === 'plan').map((t) => (t.ref as { plan: string }).plan);
        expect(new Set(plans).size).toBe(plans.length);
        const item = items.find((i) => i.PK === `MEMBER#${m.id}` && i.SK === 'PROFILE')!;
        if (plans.includes('executive')) expect(item.isSilver).toBe(true);
        if (plans.includes('core')) expect(item.isCore).toBe(true);
        // Nothing credited twice: one deposit per paid invoice, and the deposited total agrees.
        const deposits = mine.filter((t) => t.kind === 'deposit');
        const credited = of('INVOICE#').filter((i) => i.memberId === m.id && i.status === 'credited');
        expect(deposits).toHaveLength(credited.length);
        const stats = items.find((i) => i.PK === `MEMBER#${m.id}` && i.SK === 'WALLETSTATS');
        expect(Number(stats?.deposited ?? 0)).toBe(credited.reduce((s, i) => s + Number(i.amount), 0));
        // The admin's credit: at most once.
        expect(mine.filter((t) => t.kind === 'adjustment').length).toBeLessThanOrEqual(1);
      }
      // the burst met the outage, and the books moved
      expect(api.unavailable.count).toBeGreaterThan(0);
      expect(txs.filter((t) => t.kind === 'plan').length).toBeGreaterThan(0);
      // revenue is sharded: its balance is the sum of its items
      const revenue = balances.filter((b) => b.account === 'platform:revenue');
      expect(revenue.reduce((sum, b) => sum + Number(b.balance), 0)).toBeGreaterThan(100 * USDT);
    } finally {
      await stack.stop();
    }
  }, 240_000);
});
