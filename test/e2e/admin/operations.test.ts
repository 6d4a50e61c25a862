/**
 * The admin's Operations page in Chromium: a daily payout run that failed every try is there as a
 * dead letter with its error and (collapsed) event; the admin clicks Redrive, sees that it ran
 * again and succeeded, and the letter is gone. A stack of its own: the letter is made by taking its
 * table away under the run.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoPid } from '#local/stack';
import { call, logInAdmin, memberIdOf, newVerifiedMember, stack, table } from '../../support/api';
import { topUp } from '../../support/fund';
import { screenshot, url, useBrowser } from '../../support/browser';
import { startOpsStack } from '../../integration/operations/support';

const { newPage } = useBrowser();
let ops: Awaited<ReturnType<typeof startOpsStack>>;
const day = new Date('2026-03-04T00:00:00.000Z');

beforeAll(async () => {
  ops = await startOpsStack();
  process.kill(dynamoPid(ops.stack)!, 'SIGKILL');
  expect(await ops.controls.fireSchedule('referralPayout', day)).toBe(false);
  // the stack restarts DynamoDB Local: the admin signs in (the token trigger reads the table) and
  // the admin API answers again once it is up, which takes longer on a loaded machine
  const answers = async () => {
    const admin = await logInAdmin().catch(() => undefined);
    return admin !== undefined && (await call('getAdminSummary', {}, admin)).status === 200;
  };
  for (let i = 0; !(await answers()); i++) {
    if (i > 60) throw new Error('DynamoDB Local did not come back');
    await new Promise((r) => setTimeout(r, 1_000));
  }
}, 240_000);
afterAll(() => ops?.stop());

describe('Operations', () => {
  it('shows a dead letter with its error and event; Redrive runs it again and it is gone', async () => {
    const page = await newPage(1440, 900, stack().admin);
    await page.goto(url('/admindashboard'));
    await page.getByRole('link', { name: 'Operations' }).first().click();
    await expect.poll(() => page.url()).toBe(url('/operations'));

    const letter = page.getByRole('listitem', { name: 'referralPayout' });
    await letter.waitFor();
    await expect.poll(() => letter.innerText()).toMatch(/schedule[\s\S]*after 3 tries/);
    // the event is collapsed until asked for
    const event = letter.getByText('"time": "2026-03-04T00:00:00.000Z"');
    expect(await event.isVisible()).toBe(false);
    await letter.getByText('Event', { exact: true }).click();
    await event.waitFor();
    await screenshot(page, 'admin-operations-dead-letter');

    await letter.getByRole('button', { name: 'Redrive' }).click();
    await page
      .getByText('referralPayout was started again; the letter is gone (a new one comes if it fails again).')
      .waitFor();
    // other work of the stack may have failed while the table was down: this test follows its own letter
    await expect.poll(() => letter.count()).toBe(0);
    await screenshot(page, 'admin-operations-redriven');
  }, 180_000);

  it("shows the last ledger audit on the dashboard, naming an account changed behind the ledger's back (375 px)", async () => {
    const member = await newVerifiedMember();
    await topUp(member.idToken, '40');
    const account = `member:${await memberIdOf(member.email)}:wallet`;
    await table().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { PK: `ACCT#${account}`, SK: 'BALANCE' },
        UpdateExpression: 'ADD balance :one',
        ExpressionAttributeValues: { ':one': 1_000_000 },
      }),
    );
    await ops.controls.runSchedule('ledgerAudit');

    const page = await newPage(375, 800, stack().admin);
    await page.goto(url('/admindashboard'));
    const card = page.getByRole('region', { name: 'Ledger audit' });
    await card.getByText('2 differences').waitFor();
    await card.getByText(account).waitFor();
    await card.getByText('balance 41.00 USDT, its entries sum to 40.00 USDT', { exact: false }).waitFor();
    expect(await card.getByText(/Last run/).isVisible()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-dashboard-ledger-audit-375');
  }, 180_000);
});
