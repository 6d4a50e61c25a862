/**
 * The business figures reach CloudWatch as embedded-metric (EMF) lines in the function's log: a
 * deposit, a withdrawal and a plan purchase each write theirs, with the amount in USDT. The stack
 * runs in this process, so its functions log to this test's own LOG_FILE.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_NAMESPACE } from '#api/metrics';
import { call, newVerifiedMember } from '../../support/api';
import { mailedOtp, topUp } from '../../support/fund';
import { startOpsStack } from './support';

let ops: Awaited<ReturnType<typeof startOpsStack>>;
let logFile: string;
beforeAll(async () => {
  ops = await startOpsStack();
  logFile = join(ops.dataDir, 'functions.log');
  process.env.LOG_FILE = logFile;
}, 180_000);
afterAll(() => ops?.stop());

interface EmfLine {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

/** The EMF lines written so far that carry `figure`. */
const emitted = (figure: string): EmfLine[] =>
  (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : [])
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine)
    .filter((line) => line._aws.CloudWatchMetrics[0].Metrics.some((m) => m.Name === figure));

const declared = (line: EmfLine) => ({
  namespace: line._aws.CloudWatchMetrics[0].Namespace,
  dimensions: line._aws.CloudWatchMetrics[0].Dimensions,
  names: line._aws.CloudWatchMetrics[0].Metrics.map((m) => m.Name),
});

describe('business metrics (EMF)', () => {
  it('publishes a deposit, a withdrawal and a plan purchase with their amounts', async () => {
    const member = await newVerifiedMember();
    const invoice = await topUp(member.idToken, '250');
    await expect.poll(() => emitted('Deposits').length).toBe(1);
    const [deposit] = emitted('Deposits');
    expect(declared(deposit)).toEqual({
      namespace: METRICS_NAMESPACE,
      dimensions: [['service']],
      names: ['Deposits', 'DepositsUsdt'],
    });
    expect(deposit).toMatchObject({
      service: 'trendex',
      Deposits: 1,
      DepositsUsdt: 250,
      paymentId: String(invoice.paymentId),
    });

    await call('requestWithdrawOtp', {}, member.idToken);
    const paid = await call(
      'withdraw',
      {
        amount: '20',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        otp: (await mailedOtp(member.email))!,
        requestId: randomUUID(),
      },
      member.idToken,
    );
    expect(paid.body).toMatchObject({ status: 'paid' });
    expect(emitted('Withdrawals')).toEqual([
      expect.objectContaining({ Withdrawals: 1, WithdrawalsUsdt: 20, withdrawalId: expect.any(String) }),
    ]);

    const bought = await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, member.idToken);
    expect(bought.status).toBe(200);
    expect(emitted('PlanPurchases')).toEqual([
      expect.objectContaining({ PlanPurchases: 1, PlanPurchasesUsdt: 180, plan: 'executive' }),
    ]);
  }, 120_000);
});
