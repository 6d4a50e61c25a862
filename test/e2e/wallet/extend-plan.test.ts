/**
 * Issue 15, point 8, in Chromium: a member holding Executive follows the profile's "Extend Plan"
 * to Pricing, extends the plan, and the profile then shows the new end date and a year more;
 * the admin sees a paid withdrawal's payout hash in the Withdraw report.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { call, newVerifiedMember, stack } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';
import { mailedOtp, topUp } from '../../support/fund';

const { newPage } = useBrowser();

const visible = (page: Page | Locator, text: string | RegExp) => () =>
  page.getByText(text).first().isVisible();

/** The profile's Plan Details: its End Date and days remaining, as shown. */
const planDetails = async (page: Page) => {
  const panel = page.getByRole('region', { name: 'Plan Details' });
  await expect.poll(() => panel.innerText()).toMatch(/\d+ days remaining\./);
  const text = await panel.innerText();
  return {
    end: /End Date\s+(\d{2} \w{3} \d{4})/.exec(text)![1],
    days: Number(/(\d+) days remaining\./.exec(text)![1]),
  };
};

describe('Extend Plan', () => {
  it('a member with Executive extends it from the profile; the profile shows the new end', async () => {
    const member = await newVerifiedMember();
    await topUp(member.idToken, '400');
    const bought = await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, member.idToken);
    expect(bought.status).toBe(200);

    const page = await newPage(1440, 900, member);
    await page.goto(url('/profile'));
    const before = await planDetails(page);
    await page.getByRole('link', { name: 'Extend Plan' }).click();
    await page.waitForURL(/\/pricing/);

    // the plan held reads "Extend Plan" and says until when it runs; Imperial is still offered
    const extend = page.getByRole('button', { name: 'Extend Plan (Executive)' });
    await expect.poll(() => extend.isEnabled()).toBe(true);
    await expect.poll(visible(page, `Your current plan, until ${before.end}.`)).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe to Imperial' }).isEnabled()).toBe(true);
    await extend.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(visible(dialog, 'Extend Executive')).toBe(true);
    await expect.poll(() => dialog.getByTestId('plan-ends').innerText()).toMatch(/will then end on /);
    const promised = /end on (\d{2} \w{3} \d{4})\./.exec(
      await dialog.getByTestId('plan-ends').innerText(),
    )![1];
    expect(promised).not.toBe(before.end);
    await screenshot(page, 'extend-plan-dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(visible(page, 'Plan activated.')).toBe(true);
    await expect.poll(visible(page, 'Executive is active.'), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.goto(url('/profile'));
    const after = await planDetails(page);
    expect(after.end).toBe(promised);
    expect(after.days).toBe(before.days + 365);
    await screenshot(page, 'extend-plan-profile');
    expect((await call('getWallet', {}, member.idToken)).body.wallet).toBe(40_000_000);
  });

  it("the admin sees a paid withdrawal's payout hash in the Withdraw report", async () => {
    const member = await newVerifiedMember();
    await topUp(member.idToken, '30');
    await call('requestWithdrawOtp', {}, member.idToken);
    const otp = (await mailedOtp(member.email))!;
    const paid = await call(
      'withdraw',
      {
        amount: '12',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        otp,
        requestId: randomUUID(),
      },
      member.idToken,
    );
    expect(paid.body.status).toBe('paid');
    const hash = paid.body.hash!;

    const page = await newPage(1440, 900, stack().admin);
    // the combined Deposit / Withdraw / Payout screen
    await page.goto(url('/withdraw'));
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Start Date').fill(today);
    await page.getByLabel('End Date').fill(today);
    await page.getByLabel(/^E-mail/).fill(member.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Payout Hash' }).isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(hash);
    expect(await row.innerText()).toContain('12.00');
    await screenshot(page, 'admin-withdraw-report-hash');
  });
});
