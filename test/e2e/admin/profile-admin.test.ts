/**
 * The admin's profile tools in Chromium: Search Profile finds a fresh member by e-mail, the edit
 * modal sets the rank and adds balance, the member sees the balance on /wallet; Transfer Email moves
 * the member to a new address ('Transfer Successful.') and the member logs in with it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newVerifiedMember, stack } from '../../support/api';
import { logIn, screenshot, url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

const visible = (page: Pick<Page, 'getByText'>, text: string | RegExp) => () =>
  page.getByText(text).first().isVisible();

describe('admin profile tools', () => {
  it('searches a member by e-mail, edits rank and balance; the member sees the balance', async () => {
    const member = await newVerifiedMember();
    const admin = await newPage(1440, 900, stack().admin);
    await admin.goto(url('/admindashboard'));
    await admin.getByRole('link', { name: 'Search Profile' }).click();
    await admin.waitForURL('**/searchprofile');

    await admin.getByLabel('E-mail', { exact: true }).check();
    await admin.getByLabel('Keyword').fill(member.email);
    await admin.getByRole('button', { name: 'Submit' }).click();
    const row = admin.getByTestId('profile-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText(member.email).isVisible()).toBe(true);
    expect(await row.getByText(member.username, { exact: true }).isVisible()).toBe(true);
    expect(await row.getByTestId('profile-wallet').innerText()).toBe('0.00');
    expect(await row.getByText('Trendex Champ').isVisible()).toBe(true);

    await admin.getByRole('button', { name: `Edit ${member.email}` }).click();
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('Name').inputValue()).toBe(member.name);
    await dialog.getByLabel('Rank').selectOption('5');
    await dialog.getByLabel('Balance to add (USDT)').fill('42.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(visible(dialog, 'Profile updated. Credited 42.5 USDT; the wallet now holds 42.50 USDT.'))
      .toBe(true);
    expect(await dialog.getByLabel('Balance to add (USDT)').inputValue()).toBe('');
    await screenshot(admin, 'admin-profile-edit');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // the row shows the new values
    await expect.poll(() => row.getByTestId('profile-wallet').innerText()).toBe('42.50');
    expect(await row.getByText('Trendex Prime').isVisible()).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await screenshot(admin, 'admin-profile-search-1440');

    // the member sees the credit on /wallet, and the rank on the profile
    const page = await newPage(1440, 900, member);
    await page.goto(url('/wallet'));
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('42.50 USDT');
    await expect.poll(visible(page, 'Admin Credit')).toBe(true);
    await page.goto(url('/profile'));
    await expect.poll(visible(page, 'Trendex Prime')).toBe(true);

    // a 375 px phone: the search page fits the width (the table scrolls inside its own box)
    const phone = await newPage(375, 812, stack().admin);
    await phone.goto(url('/searchprofile'));
    await phone.getByLabel('Username', { exact: true }).check();
    await phone.getByLabel('Keyword').fill(member.username);
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => phone.getByTestId('profile-row').count()).toBe(1);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'admin-profile-search-375');
  });

  it('transfers a member to a new e-mail: Transfer Successful., then the member logs in with it', async () => {
    const member = await newVerifiedMember();
    const newEmail = member.email.replace('@', '.moved@');
    const admin = await newPage(1440, 900, stack().admin);
    await admin.goto(url('/admindashboard'));
    await admin.getByRole('link', { name: 'Transfer E-mail' }).click();
    await admin.waitForURL('**/transferemail');

    // an unknown address is refused with a clear message
    await admin.getByLabel('Current e-mail').fill(`nobody.${member.email}`);
    await admin.getByLabel('New e-mail').fill(newEmail);
    await admin.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(visible(admin, `No member has the e-mail nobody.${member.email}.`)).toBe(true);

    await admin.getByLabel('Current e-mail').fill(member.email);
    await admin.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(visible(admin, 'Transfer Successful.')).toBe(true);
    expect(await admin.getByLabel('Current e-mail').inputValue()).toBe('');
    expect(await admin.getByLabel('New e-mail').inputValue()).toBe('');
    await screenshot(admin, 'admin-transfer-email');

    const page = await newPage();
    await logIn(page, newEmail, member.password);
    await page.waitForURL('**/dashboard');
    await page.goto(url('/profile'));
    await expect.poll(visible(page, newEmail)).toBe(true);

    const old = await newPage();
    await logIn(old, member.email, member.password);
    await expect.poll(visible(old, 'Login Credentials are not correct.')).toBe(true);
  });
});
