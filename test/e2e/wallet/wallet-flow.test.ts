/**
 * The money path in Chromium: top up, pay the invoice in the payment simulator, buy Executive,
 * upgrade to the Imperial Package, withdraw with the code from the outbox, and see every step in the table.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newVerifiedMember, outbox } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

const newestOtp = async (email: string) => {
  for (const mail of await outbox(email)) {
    const m = /one-time code is (\d{6})/.exec(mail.text);
    if (m) return m[1];
  }
  return null;
};

describe('wallet', () => {
  it('tops up, buys Executive, upgrades to the Imperial Package and withdraws, seeing every step', async () => {
    const member = await newVerifiedMember();
    const page = await newPage(1440, 900, member);
    await page.goto(url('/dashboard'));

    // Top Up: an invoice with a payment id, an address and a QR code
    await page.goto(url('/wallet'));
    await expect.poll(visible(page, 'No transactions yet.')).toBe(true);
    await page.getByRole('button', { name: 'Top Up' }).click();
    await page.getByLabel('Amount (USDT)').fill('215');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await expect.poll(() => page.getByTestId('payment-id').isVisible()).toBe(true);
    expect(await page.getByTestId('pay-address').innerText()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await page.getByLabel('QR code of the payment address').isVisible()).toBe(true);
    // the coin as people know it, not the provider's code (USDTBSC)
    expect(await page.getByText('215.00 USDT (BEP20)', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'wallet-invoice-1440');

    // pay it in the simulator, in another tab; the wallet page updates by itself
    const payUrl = await page
      .getByRole('link', { name: /pay this invoice in the payment simulator/ })
      .getAttribute('href');
    const simulator = await page.context().newPage();
    await simulator.goto(payUrl!);
    await simulator.getByRole('button', { name: /^Pay / }).click();
    await expect.poll(visible(simulator, /Callback answered: 200/)).toBe(true);
    await expect.poll(visible(page, 'Payment received'), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('215.00 USDT');

    // Executive from the wallet
    await page.goto(url('/pricing'));
    await page.getByRole('button', { name: 'Subscribe to Executive' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(visible(page, 'Plan activated.')).toBe(true);
    await expect.poll(visible(page, 'Executive is active.'), { timeout: 10_000 }).toBe(true);
    // the success image is drawn (a broken data URI leaves it at 0 x 0)
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'Plan activated' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Imperial for an Executive member is the 20 USDT upgrade
    await page.getByRole('button', { name: 'Subscribe to Imperial Package' }).click();
    await expect.poll(visible(page, 'Upgrade to the Imperial Package')).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Confirm' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(visible(page, 'Plan activated.')).toBe(true);
    await expect.poll(visible(page, 'Imperial Package is active.'), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Executive is included in the Imperial Package (no offer, it says so); the plan held can be extended
    await expect.poll(visible(page, 'Included in your Imperial Package.')).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe to Executive' }).count()).toBe(0);
    await expect
      .poll(() => page.getByRole('button', { name: 'Extend Plan (Imperial Package)' }).isEnabled())
      .toBe(true);

    // Withdraw 12 of the 15 left, with the mailed code
    await page.goto(url('/wallet'));
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('15.00 USDT');
    await page.getByRole('button', { name: 'Withdraw' }).first().click();
    await page.getByLabel('Amount (USDT)').fill('5');
    await page.getByLabel('BEP20 address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await page.getByRole('button', { name: 'Generate OTP' }).click();
    await expect.poll(visible(page, 'OTP sent successfully.')).toBe(true);
    await expect.poll(() => newestOtp(member.email)).toMatch(/^\d{6}$/);
    await page.getByLabel('OTP').fill((await newestOtp(member.email))!);
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(visible(page, 'Minimum withdraw balance is 10$')).toBe(true);
    await page.getByLabel('Amount (USDT)').fill('12');
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(visible(page, /Withdraw Hash:/)).toBe(true);
    expect(await page.getByTestId('withdraw-hash').innerText()).toMatch(/^0x[0-9a-f]{64}$/);
    await page.getByRole('button', { name: 'Done' }).click();

    // every step, newest first
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('3.00 USDT');
    const table = page.getByRole('table', { name: 'Latest Transaction' });
    await expect
      .poll(async () => (await table.locator('tbody tr').allInnerTexts()).map((r) => r.split('\t')[1]))
      .toEqual(['Withdraw', 'Upgrade to the Imperial Package', 'Executive', 'Deposit']);
    await screenshot(page, 'wallet-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    // a phone keeps the time: "26 Nov 2026, 16:12"
    expect(await table.locator('tbody tr').first().locator('td').first().innerText()).toMatch(
      /^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    await screenshot(page, 'wallet-375');

    // the profile reads the same balances and shows the plan
    await page.goto(url('/profile'));
    await expect.poll(visible(page, 'Imperial Package')).toBe(true);
    await expect.poll(visible(page, /days remaining/)).toBe(true);
  });

  it('shows the Trendex Core page: wallet1, the two Core plans with their state, and the tabs', async () => {
    const member = await newVerifiedMember();
    const page = await newPage(375, 812, member);
    await page.goto(url('/trendex'));
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('0.00 USDT');
    // without a membership each Core plan is on sale; the cards say which memberships include it
    await expect.poll(visible(page, 'Included in Executive and the Imperial Package')).toBe(true);
    await expect.poll(visible(page, 'Included in the Imperial Package')).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe to Trendex Core' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe to Premium Trendex Core' }).isEnabled()).toBe(
      true,
    );
    await page.getByRole('tab', { name: 'Transaction Detail' }).click();
    await expect.poll(visible(page, 'No transactions yet.')).toBe(true);
    await screenshot(page, 'trendex-core-375');
  });
});
