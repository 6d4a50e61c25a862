/**
 * A withdrawal whose payout is still pending at the provider: the dialog says "processing" with
 * the amount held (never a refund), the wallet shows the held amount, and the Withdrawals list
 * turns to Paid with the hash when the provider finishes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PAYOUT_SWITCHES } from '#local/payments/simulator';
import { newVerifiedMember } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';
import { mailedOtp, topUp } from '../../support/fund';

const { newPage } = useBrowser();

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('a pending withdrawal', () => {
  it('shows processing with the amount held, then paid with the hash', async () => {
    const member = await newVerifiedMember();
    await topUp(member.idToken, '50');
    const page = await newPage(1440, 900, member);
    await page.goto(url('/wallet'));
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('50.00 USDT');

    await page.getByRole('button', { name: 'Withdraw' }).first().click();
    await page.getByLabel('Amount (USDT)').fill('20');
    // the simulator keeps payouts to this address pending for a moment, then finishes them
    await page.getByLabel('BEP20 address').fill(`${PAYOUT_SWITCHES.pendingThenFinished}${'ab'.repeat(17)}`);
    await page.getByRole('button', { name: 'Generate OTP' }).click();
    await expect.poll(visible(page, 'OTP sent successfully.')).toBe(true);
    await expect.poll(() => mailedOtp(member.email)).toMatch(/^\d{6}$/);
    await page.getByLabel('OTP').fill((await mailedOtp(member.email))!);
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();

    await expect.poll(visible(page, 'Withdrawal processing')).toBe(true);
    expect(await page.getByTestId('withdraw-processing').innerText()).toBe(
      '20.00 USDT is held until the payout completes.',
    );
    await screenshot(page, 'withdraw-processing-1440');
    await page.getByRole('button', { name: 'Done' }).click();

    const list = page.getByRole('table', { name: 'Withdrawals' });
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('30.00 USDT');
    // processing (held) first, then Paid with the hash once the provider finished
    await expect
      .poll(async () => (await list.locator('tbody tr').first().innerText()).includes('Paid'), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await list.locator('tbody tr').first().innerText()).toMatch(/0x[0-9a-f]{64}/);
    await expect.poll(visible(page, 'Held for withdrawals')).toBe(false);
  });
});
