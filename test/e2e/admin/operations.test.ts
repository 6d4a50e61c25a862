/**
 * The admin's Operations page in Chromium: a daily payout run that failed every try is there as a
 * dead letter with its error and (collapsed) event; the admin clicks Redrive, sees that it ran
 * again and succeeded, and the letter is gone. A stack of its own: the letter is made by taking its
 * table away under the run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoPid } from '#local/stack';
import { call, logInAdmin, stack } from '../../support/api';
import { logIn, screenshot, url, useBrowser } from '../../support/browser';
import { startOpsStack } from '../../integration/operations/support';

const { newPage } = useBrowser();
let ops: Awaited<ReturnType<typeof startOpsStack>>;
const day = new Date('2026-03-04T00:00:00.000Z');

beforeAll(async () => {
  ops = await startOpsStack(180);
  process.kill(dynamoPid(ops.stack)!, 'SIGKILL');
  expect(await ops.controls.fireSchedule('referralPayout', day)).toBe(false);
}, 240_000);
afterAll(() => ops?.stop());

describe('Operations', () => {
  it('shows a dead letter with its error and event; Redrive runs it again and it is gone', async () => {
    // the stack restarts DynamoDB Local: the admin API answers again once it is up
    const admin = await logInAdmin();
    await expect
      .poll(async () => (await call('getAdminSummary', {}, admin)).status, { timeout: 60_000 })
      .toBe(200);
    const page = await newPage();
    await logIn(page, stack().admin.email, stack().admin.password, stack().admin.totpSecret);
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
    await page.getByText('referralPayout ran again and succeeded; the letter is gone.').waitFor();
    // other work of the stack may have failed while the table was down: this test follows its own letter
    await expect.poll(() => letter.count()).toBe(0);
    await screenshot(page, 'admin-operations-redriven');
  }, 180_000);
});
