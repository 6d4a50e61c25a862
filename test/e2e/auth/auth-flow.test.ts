/**
 * The foundation's user path in Chromium: the public site, sign-up with the referral link,
 * the verification mail read in the outbox, log-in, guards, reset password and the admin area.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpAndVerify, stack } from '../../support/api';
import { logIn, screenshot, url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

/** Opens the outbox page, finds the newest mail to `to` with a link to `path`, and clicks it. */
const followMailedLink = async (page: Page, to: string, path: string) => {
  await page.goto(url(`/outbox?to=${encodeURIComponent(to)}`));
  await page.locator(`a[href*="${path}?token="]`).first().click();
};

describe('the public site', () => {
  it('shows the landing page with its sections and the FAQ first item open', async () => {
    const page = await newPage();
    await page.goto(url('/'));
    await expect.poll(() => page.getByRole('link', { name: 'Get Started' }).first().isVisible()).toBe(true);
    // the sections below the first screen are laid out as they come near (content-visibility), so
    // each is read as a visitor scrolling to it sees it
    for (const part of ['Binance', 'WazirX', 'Explore Now']) {
      const shown = page.getByText(part).first();
      await shown.scrollIntoViewIfNeeded();
      expect(await shown.isVisible()).toBe(true);
    }
    // the FAQ opens on its first question
    const faq = page.locator('[data-scope="accordion"][data-part="item-trigger"]');
    expect(await faq.count()).toBe(5);
    expect(await faq.nth(0).getAttribute('aria-expanded')).toBe('true');
    expect(await faq.nth(1).getAttribute('aria-expanded')).toBe('false');
    // hovering a feature card swaps the dashboard picture
    const picture = () => page.locator('#feature-screenshot img:not([alt=""])').getAttribute('src');
    const before = await picture();
    await page.locator('[aria-controls="feature-screenshot"]').nth(2).hover();
    await expect.poll(picture).not.toBe(before);
    await screenshot(page, 'landing-1440');
    const mobile = await newPage(375, 812);
    await mobile.goto(url('/'));
    await expect.poll(() => mobile.getByRole('link', { name: 'Get Started' }).first().isVisible()).toBe(true);
    await screenshot(mobile, 'landing-375');
    // No asset comes from another host.
    const hosts = await page.evaluate(() =>
      [...document.querySelectorAll('img,video,source,script,link')]
        .map((el) => (el as HTMLImageElement).src || (el as HTMLLinkElement).href)
        .filter(Boolean)
        .map((src) => new URL(src).host),
    );
    expect(new Set(hosts)).toEqual(new Set([new URL(stack().webUrl).host]));
  });

  it('tells a visitor who subscribes on Pricing to log in', async () => {
    const page = await newPage();
    await page.goto(url('/pricing'));
    await expect.poll(() => page.getByText('Most Popular').isVisible()).toBe(true);
    expect(await page.locator('body').innerText()).toMatch(/180[\s\S]*250/);
    await page.getByRole('button', { name: 'Subscribe' }).first().click();
    await expect.poll(() => page.getByText('Log in to subscribe').isVisible()).toBe(true);
  });

  it('sends the Contact Us form and confirms it', async () => {
    const page = await newPage();
    await page.goto(url('/contactus'));
    await page.getByLabel('First name').fill('Vera');
    await page.getByLabel('Last name').fill('Visitor');
    await page.getByLabel('E-mail').fill('vera@example.com');
    await page.getByLabel('Country code').selectOption('GB');
    await page.getByLabel('Mobile number').fill('7700900123');
    await page.getByLabel('Message').fill('Which exchanges do you support?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('reached our support team').isVisible()).toBe(true);
    // one sentence, not a title and a message saying the same
    expect(await page.getByRole('status').filter({ hasText: 'support team' }).innerText()).toBe(
      'Thank you: your message has reached our support team.',
    );
  });
});

describe('sign-up, verification and log-in', () => {
  const id = Date.now().toString(36);
  const member = {
    email: `e2e${id}@example.com`,
    username: `e2e${id}`,
    password: 'Str0ng!Passw0rd',
    name: 'Erin Tester',
  };

  it('signs up from a referral link, verifies from the mail, and logs in to the dashboard', async () => {
    const page = await newPage();
    await page.goto(url(`/signup?sposer=${stack().admin.username}&side=Left`));
    await expect.poll(() => page.getByLabel('Referral id').inputValue()).toBe(stack().admin.username);
    expect(await page.getByLabel('Left').isChecked()).toBe(true);

    // a wrong referral id is named as such
    await page.getByLabel('Referral id').fill('nobody_at_all');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText('Your direct referal id is incorrect.').isVisible()).toBe(true);
    await page.getByLabel('Referral id').fill(stack().admin.username);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText('Trendex Admin').first().isVisible()).toBe(true);

    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await expect.poll(() => page.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Name', { exact: true }).fill(member.name);
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Country code').selectOption('IN');
    // every country from libphonenumber-js, not a hand list
    expect(await page.getByLabel('Country code').locator('option').count()).toBeGreaterThan(240);
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByText('I Accept Terms and Conditions').click();
    expect(await page.getByLabel('I Accept Terms and Conditions').isChecked()).toBe(true);
    // the terms accepted are one click away, in a tab of their own (the form stays filled)
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /Terms and Conditions/ }).click(),
    ]);
    await terms.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
    expect(new URL(terms.url()).pathname).toBe('/terms');
    await terms.close();
    await screenshot(page, 'sign-up');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/success');
    // one sentence says what happened and what to do, said once
    const said = async (text: RegExp) => ((await page.locator('main').innerText()).match(text) ?? []).length;
    await expect.poll(() => said(/verification link/g)).toBe(1);
    expect(await page.getByTestId('success-text').innerText()).toBe(
      `Your Trendex account is created: open the verification link we e-mailed to ${member.email} to log in.`,
    );

    await followMailedLink(page, member.email, '/verify');
    await page.waitForURL('**/verify?token=*');
    await expect.poll(() => page.getByText('verified').first().isVisible()).toBe(true);
    expect(await said(/verified/g)).toBe(1);

    await logIn(page, member.email, 'Wr0ng!Password');
    await expect.poll(() => page.getByText('Login Credentials are not correct.').isVisible()).toBe(true);

    // show/hide password
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show characters' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');

    await logIn(page, member.email, member.password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: /Erin/ }).first().isVisible()).toBe(true);
    // the welcome notification is counted on the bell and listed on its page
    await expect.poll(() => page.getByRole('link', { name: 'Notifications' }).innerText()).toBe('1');
    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect
      .poll(() => page.getByText('Welcome to Trendex, Erin Tester.', { exact: false }).isVisible())
      .toBe(true);
    await page.goto(url('/dashboard'));
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await screenshot(page, 'dashboard');

    // a member who opens an admin route is told it is for admins
    await page.goto(url('/admindashboard'));
    await expect.poll(() => page.getByText('This page is for admins.').isVisible()).toBe(true);

    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(url('/dashboard'));
    await page.waitForURL('**/login');
  });

  it('resets a forgotten password from the mailed link', async () => {
    const member = await signUpAndVerify();
    const page = await newPage();
    await page.goto(url('/login'));
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('dialog').getByLabel('E-mail').fill(member.email);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /send|reset/i })
      .click();
    await expect.poll(() => page.getByText('Reset password link send to email.').isVisible()).toBe(true);

    await followMailedLink(page, member.email, '/changepassword');
    await page.waitForURL('**/changepassword?token=*');
    await page.getByLabel('Password', { exact: true }).fill('N3w!Password');
    await page.getByLabel('Confirm Password').fill('N3w!Passwordx');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => page.getByText('The two passwords do not match.').isVisible()).toBe(true);
    await page.getByLabel('Confirm Password').fill('N3w!Password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => page.getByText('Password Updated Successfully').isVisible()).toBe(true);

    await logIn(page, member.email, 'N3w!Password');
    await page.waitForURL('**/dashboard');
  });

  it('resends the verification mail from the log-in page', async () => {
    const email = `resend${Date.now().toString(36)}@example.com`;
    const page = await newPage();
    await page.goto(url(`/signup?sposer=${stack().admin.username}&side=Right`));
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd');
    await page.getByLabel('Name', { exact: true }).fill('Rene Resend');
    await page.getByLabel('Username').fill(`r${Date.now().toString(36)}`);
    await page.getByLabel('Country code').selectOption('IN');
    await page.getByLabel('Mobile number').fill('9876543210');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('I Accept Terms and Conditions').click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/success');

    await logIn(page, email, 'Str0ng!Passw0rd');
    await expect.poll(() => page.getByText('not verified yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Resend Verify E-mail' }).click();
    await page.getByRole('dialog').getByLabel('E-mail').fill(email);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /send|resend/i })
      .click();
    await expect.poll(() => page.getByText('Verify email link send to email.').isVisible()).toBe(true);
    await followMailedLink(page, email, '/verify');
    await expect.poll(() => page.getByText('verified').first().isVisible()).toBe(true);
  });

  it('sends a visitor who opens a member route to /login', async () => {
    const page = await newPage();
    await page.goto(url('/profile'));
    await page.waitForURL('**/login');
  });
});

describe('the admin', () => {
  it('lands on the admin dashboard with the member counts and sees the Admin link', async () => {
    const page = await newPage();
    await logIn(page, stack().admin.email, stack().admin.password, stack().admin.totpSecret);
    await page.waitForURL('**/admindashboard');
    await expect.poll(() => page.getByText('Members').first().isVisible()).toBe(true);
    // the Activation card shows a number (members who have bought a membership)
    await expect
      .poll(() => page.getByRole('region', { name: 'Activation' }).innerText())
      .toMatch(/Activation\s+\d+/);
    await expect.poll(() => page.getByRole('link', { name: 'Admin' }).first().isVisible()).toBe(true);
    await screenshot(page, 'admin-dashboard');
  });
});
