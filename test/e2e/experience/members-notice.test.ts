/**
 * Issue 17, "What members notice", in Chromium: live balances after a push, one action per click,
 * the real message where it belongs, and the way back to the page asked for.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, mailedToken, newVerifiedMember, uniqueMember } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';
import { payInSimulator, topUp } from '../../support/fund';

const { newPage } = useBrowser();

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const count = (page: Page, text: string | RegExp) => () => page.getByText(text).count();

/** A new member and a page signed in as them (the log-in itself is the subject of other tests). */
const loggedIn = async (width = 1440, height = 900) => {
  const member = await newVerifiedMember();
  return { member, page: await newPage(width, height, member) };
};

describe('live updates', () => {
  it('a deposit paid after the invoice dialog was closed shows at once: balance, table, bell, open invoice gone', async () => {
    const { member, page } = await loggedIn();
    await page.goto(url('/wallet'));
    await expect.poll(visible(page, 'No transactions yet.')).toBe(true);
    const bell = page.getByRole('link', { name: 'Notifications' });
    await expect.poll(() => bell.innerText()).toBe('1'); // the welcome

    await page.getByRole('button', { name: 'Top Up' }).click();
    await page.getByLabel('Amount (USDT)').fill('40');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await expect.poll(() => page.getByTestId('payment-id').isVisible()).toBe(true);
    const paymentId = await page.getByTestId('payment-id').innerText();
    await page.getByRole('button', { name: 'Close' }).first().click();

    // the closed invoice is found again on the page, with its QR code
    const open = page.getByRole('region', { name: 'Open invoices' });
    await expect.poll(() => open.getByText('40.00 USDT').isVisible()).toBe(true);
    await open.getByRole('button', { name: 'Show QR and address' }).click();
    await expect.poll(() => page.getByTestId('payment-id').innerText()).toBe(paymentId);
    expect(await page.getByLabel('QR code of the payment address').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.reload();
    await expect.poll(() => open.getByText('40.00 USDT').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('0.00 USDT');

    // paid elsewhere (no dialog open, nothing polling): the push updates the page within seconds,
    // well before the 15 s the data would otherwise stay fresh or the bell's 30 s poll
    const paidAt = Date.now();
    await payInSimulator(paymentId);
    await expect
      .poll(() => page.getByTestId('total-balance').innerText(), { timeout: 8_000 })
      .toBe('40.00 USDT');
    await expect.poll(() => bell.innerText(), { timeout: 8_000 }).toBe('2');
    const table = page.getByRole('table', { name: 'Latest Transaction' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 8_000 }).toBe(1);
    await expect.poll(() => open.count(), { timeout: 8_000 }).toBe(0);
    expect(Date.now() - paidAt).toBeLessThan(10_000);

    // any later credit reaches the page the same way
    await topUp(member.idToken, '10');
    await expect
      .poll(() => page.getByTestId('total-balance').innerText(), { timeout: 8_000 })
      .toBe('50.00 USDT');
  });

  it("a credit pushed while the page's socket was away shows once the socket is back", async () => {
    const { member, page } = await loggedIn();
    // the member's socket (the one that carries a token) is dropped at its first try: the page
    // tries again after its reconnect wait, and this time reaches the server
    let tries = 0;
    await page.routeWebSocket(
      (address) => address.searchParams.has('token'),
      (socket) => {
        tries += 1;
        if (tries === 1) void socket.close();
        else socket.connectToServer();
      },
    );
    await page.goto(url('/wallet'));
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('0.00 USDT');
    await expect.poll(() => tries).toBe(1);

    await topUp(member.idToken, '10'); // its push finds no socket
    expect(tries).toBe(1);
    await expect
      .poll(() => page.getByTestId('total-balance').innerText(), { timeout: 20_000 })
      .toBe('10.00 USDT');
    expect(tries).toBe(2);
  });
});

describe('one click, one action', () => {
  it('a double click on Confirm buys the plan once and says so once', async () => {
    const { member, page } = await loggedIn();
    await topUp(member.idToken, '200');
    await page.goto(url('/pricing'));
    await page.getByRole('button', { name: 'Subscribe to Executive' }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: 'Confirm' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.dblclick();
    await expect.poll(visible(page, 'Plan activated.')).toBe(true);
    expect(await count(page, /You already have/)()).toBe(0);
    expect(await page.getByRole('dialog').getByRole('alert').count()).toBe(0);
    await expect.poll(visible(page, 'Executive is active.'), { timeout: 10_000 }).toBe(true);

    const txs = await call('listTransactions', {}, member.idToken);
    expect(txs.body.items.filter((t) => t.type === 'Executive')).toHaveLength(1);
    expect((await call('getWallet', {}, member.idToken)).body.wallet).toBe(20_000_000);
  });

  it('a double click on Create invoice makes one invoice', async () => {
    const { member, page } = await loggedIn();
    await page.goto(url('/wallet'));
    await page.getByRole('button', { name: 'Top Up' }).click();
    await page.getByLabel('Amount (USDT)').fill('25');
    await page.getByRole('button', { name: 'Create invoice' }).dblclick();
    await expect.poll(() => page.getByTestId('payment-id').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close' }).first().click();
    const open = page.getByRole('region', { name: 'Open invoices' });
    await expect.poll(() => open.getByRole('listitem').count()).toBe(1);
    expect((await call('listInvoices', {}, member.idToken)).body.items).toHaveLength(1);
  });
});

describe('the right message', () => {
  it('/changepassword says only the real reason', async () => {
    const member = await newVerifiedMember();
    await call('requestPasswordReset', { email: member.email });
    await expect.poll(() => mailedToken(member.email, '/changepassword')).toBeTruthy();
    const token = (await mailedToken(member.email, '/changepassword'))!;
    const page = await newPage();
    await page.goto(url(`/changepassword?token=${encodeURIComponent(token)}`));
    await page.getByLabel('Password', { exact: true }).fill('N3w!Password');
    await page.getByLabel('Confirm Password').fill('N3w!Passwordx');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(visible(page, 'The two passwords do not match.')).toBe(true);
    expect(await count(page, 'Login Credentials are not correct.')()).toBe(0);

    await page.getByLabel('Password', { exact: true }).fill('weakpassword');
    await page.getByLabel('Confirm Password').fill('weakpassword');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(visible(page, 'The password does not meet every rule above yet.')).toBe(true);
    expect(await count(page, 'Login Credentials are not correct.')()).toBe(0);
    expect(await count(page, 'The two passwords do not match.')()).toBe(0);
  });

  it('a bad verification link says so in words and offers a new one', async () => {
    const page = await newPage(375, 812);
    await page.goto(url('/verify?token=garbage'));
    await expect.poll(visible(page, 'This link is invalid or has expired. Ask for a new one.')).toBe(true);
    expect(await count(page, /Too small|expected string/)()).toBe(0);
    expect(await page.getByRole('button', { name: 'Resend Verify E-mail' }).isVisible()).toBe(true);
  });

  it('a 310-character name on sign-up states the limit', async () => {
    const page = await newPage();
    await page.goto(url('/signup'));
    await page.getByLabel('Name', { exact: true }).fill('N'.repeat(310));
    await page.getByLabel('Username').focus();
    await expect.poll(visible(page, 'Name can be at most 100 characters.')).toBe(true);
    expect(await count(page, 'Name is required.')()).toBe(0);
    // the server says the same to a client that skips the form
    const answer = await call('signUp', { ...uniqueMember(), name: 'N'.repeat(310) });
    expect(answer.body.message).toBe('Name can be at most 100 characters.');
  });

  it('a plan the wallet cannot pay says how much is missing, with a Top Up of it', async () => {
    const { member, page } = await loggedIn(375, 812);
    await topUp(member.idToken, '100');
    await page.goto(url('/pricing'));
    await page.getByRole('button', { name: 'Subscribe to Executive' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('button', { name: 'Confirm' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(visible(page, 'You Dont have wallet balance.')).toBe(true);
    await expect
      .poll(() => page.getByTestId('missing-amount').innerText())
      .toMatch(/^You need 80\.00 USDT more/);
    await screenshot(page, 'plan-missing-balance-375');
    await dialog.getByRole('button', { name: 'Top Up' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Deposit Details' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Amount (USDT)').inputValue()).toBe('80.00');
  });

  it('the withdrawal minimum is worded once on the dialog', async () => {
    const { page } = await loggedIn();
    await page.goto(url('/wallet'));
    await page.getByRole('button', { name: 'Withdraw' }).first().click();
    await expect.poll(count(page, 'Minimum withdraw balance is 10$')).toBe(1);
    expect(await count(page, /Minimum withdrawal/)()).toBe(0);
    await page.getByLabel('Amount (USDT)').fill('5');
    await page.getByLabel('BEP20 address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await page.getByLabel('OTP').fill('123456');
    await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => page.getByLabel('Amount (USDT)').getAttribute('aria-invalid')).toBe('true');
    expect(await count(page, 'Minimum withdraw balance is 10$')()).toBe(1);
  });
});

describe('navigation', () => {
  it('log-in returns to the page asked for', async () => {
    const member = await newVerifiedMember();
    const page = await newPage();
    await page.goto(url('/wallet'));
    await page.waitForURL('**/login');
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((u) => u.pathname === '/wallet');
    await expect.poll(() => page.getByTestId('total-balance').innerText()).toBe('0.00 USDT');
  });

  it('a member at /admindashboard is told the page is for admins; a member at /signup goes to the dashboard', async () => {
    const { page } = await loggedIn();
    await page.goto(url('/admindashboard'));
    await expect.poll(visible(page, 'This page is for admins.')).toBe(true);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');

    await page.goto(url('/signup'));
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('the wallet at 375 px shows every column whole', async () => {
    const { member, page } = await loggedIn(375, 812);
    await topUp(member.idToken, '215');
    await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, member.idToken);
    await call('activatePlan', { plan: 'upgrade', requestId: randomUUID() }, member.idToken);
    await page.goto(url('/wallet'));
    const table = page.getByRole('table', { name: 'Latest Transaction' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
    // nothing scrolls sideways and every cell ends inside the visible table
    const fits = await table.evaluate((el) => {
      const box = el.parentElement!.getBoundingClientRect();
      return {
        scrolls: el.parentElement!.scrollWidth > el.parentElement!.clientWidth + 1,
        outside: [...el.querySelectorAll('th, td')].filter(
          (c) => c.getBoundingClientRect().right > box.right + 1,
        ).length,
      };
    });
    expect(fits).toEqual({ scrolls: false, outside: 0 });
    expect(await table.getByRole('columnheader', { name: 'Amount' }).innerText()).toBe('Amount');
    await screenshot(page, 'wallet-experience-375');
  });

  it('loads without the Amplify custom-endpoint warning in the local stack', async () => {
    const page = await newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await page.goto(url('/login'));
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);
    expect(warnings.filter((w) => /custom Amazon Cognito/.test(w))).toEqual([]);
  });
});
