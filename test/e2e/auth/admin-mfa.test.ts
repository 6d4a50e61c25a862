/**
 * Admins must use TOTP, in Chromium: a member the operator puts in the admin group (no
 * authenticator yet) is shown the two-factor card on admin pages, turns TOTP on from the Security
 * page with the key it shows, logs in again with a code and reaches the admin dashboard.
 * A member may turn it on and off again.
 */
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cognito, signUpAndVerify, stack } from '../../support/api';
import { logIn, screenshot, url, useBrowser } from '../../support/browser';
import { totpCode } from '../../support/totp';

const { newPage } = useBrowser();

/** A 6-digit code that is not the current one. */
const wrongCode = (secret: string) => String((Number(totpCode(secret)) + 1) % 1e6).padStart(6, '0');

const twoFactor = (page: Page) =>
  page.getByRole('region', { name: 'Two-factor authentication', exact: true });

/** On the Security page: asks for a new key and reads it as a person would type it into an app. */
const startSetUp = async (page: Page): Promise<string> => {
  await expect.poll(() => twoFactor(page).getByText('Off', { exact: true }).isVisible()).toBe(true);
  await twoFactor(page).getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect.poll(() => page.getByLabel('QR code of your authenticator key').isVisible()).toBe(true);
  // shown in groups of four
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  return secret;
};

/** Enters the key's current code and waits for the page to say two-factor is on. */
const turnOn = async (page: Page, secret: string) => {
  await page.getByLabel('Authenticator code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect.poll(() => page.getByText('Two-factor authentication is on.').isVisible()).toBe(true);
  expect(await twoFactor(page).getByText('On', { exact: true }).isVisible()).toBe(true);
};

describe('an admin without two-factor authentication', () => {
  it('is sent to Security from the admin pages, turns TOTP on there, and then logs in with a code', async () => {
    const member = await signUpAndVerify();
    // the operator makes the member an admin, as done by hand in the Cognito console
    await cognito().send(
      new AdminAddUserToGroupCommand({
        UserPoolId: stack().userPoolId,
        Username: member.email,
        GroupName: 'admin',
      }),
    );

    const page = await newPage();
    await logIn(page, member.email, member.password);
    await page.waitForURL('**/admindashboard');
    const card = page.getByRole('heading', { name: 'Admin pages need two-factor authentication' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Admin dashboard' }).count()).toBe(0);
    // every admin route, not only the dashboard
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Leaders Report' })
      .click();
    await page.waitForURL('**/leaders');
    await expect.poll(() => card.isVisible()).toBe(true);

    await screenshot(page, 'admin-mfa-required-1440');
    await page.getByRole('link', { name: 'Set up two-factor authentication' }).click();
    await page.waitForURL('**/security');
    expect(await twoFactor(page).innerText()).toContain('Admin pages require two-factor authentication.');
    const secret = await startSetUp(page);
    await screenshot(page, 'security-setup-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'security-setup-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Authenticator code').fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect
      .poll(() => page.getByText('The code is not correct. Enter the current 6-digit code').isVisible())
      .toBe(true);
    await turnOn(page, secret);
    // admins are not offered a way to turn it off: that would lock them out of the admin pages
    expect(await page.getByRole('button', { name: /Turn off/ }).count()).toBe(0);
    await screenshot(page, 'security-on-1440');

    // this session signed in without a code: it does not become an admin session
    await expect
      .poll(() =>
        page.getByText('Log out and log in again with your code to open the admin pages.').isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Open the admin pages' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(url('/'));
    await logIn(page, member.email, member.password);
    await expect.poll(() => page.getByLabel('Authenticator code').isVisible()).toBe(true);
    await page.getByLabel('Authenticator code').fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() =>
        page
          .getByText('The code is not correct. Enter the current 6-digit code from your authenticator app.')
          .isVisible(),
      )
      .toBe(true);
    expect(page.url()).toContain('/login');
    await page.getByLabel('Authenticator code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admindashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Admin dashboard' }).isVisible()).toBe(true);
    // a sign-in that answered the code: the admin API answers
    await expect
      .poll(() => page.getByRole('region', { name: 'Activation' }).innerText())
      .toMatch(/Activation\s+\d+/);

    // the Security page on a phone, in dark mode, with two-factor on
    const phone = await newPage(375, 812);
    await logIn(phone, member.email, member.password, secret);
    await phone.waitForURL('**/admindashboard');
    await phone.goto(url('/security'));
    await expect.poll(() => phone.getByText('Two-factor authentication is on.').isVisible()).toBe(true);
    await screenshot(phone, 'security-on-375');
    await phone.getByRole('button', { name: 'Switch to dark mode' }).click();
    await screenshot(phone, 'security-on-375-dark');
  });
});

describe('a member', () => {
  it('turns two-factor authentication on, then off again, and logs in without a code', async () => {
    const member = await signUpAndVerify();
    const page = await newPage();
    await logIn(page, member.email, member.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security' }).click();
    await page.waitForURL('**/security');
    expect(await twoFactor(page).innerText()).not.toContain('Admin pages');
    await turnOn(page, await startSetUp(page));

    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await expect.poll(() => twoFactor(page).getByText('Off', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(url('/'));
    await logIn(page, member.email, member.password);
    await page.waitForURL('**/dashboard');
  });
});
