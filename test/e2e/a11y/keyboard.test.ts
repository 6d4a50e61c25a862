/**
 * The keyboard alone, in Chromium: sign-up, a deposit (Top Up to the invoice) and a bot deploy with
 * Tab, Shift+Tab, Enter, Space, Escape and typing, never a click. Every element the Tab key reaches
 * shows where focus is (an outline or a box-shadow); a dialog keeps focus inside it while open and
 * gives it back to the button that opened it when it closes.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember, stack, uniqueMember } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';
import { bindingCode, paperAccount } from '../../support/exchange';
import { topUp } from '../../support/fund';

const { newPage } = useBrowser();

/** What has focus, in a line, and whether it shows a focus indicator (an outline or a box-shadow). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', ring: true, inDialog: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(
      el.getAttribute('aria-label') ??
      el.textContent ??
      ''
    )
      .trim()
      .slice(0, 40)}"`;
    return { what, ring: outline || style.boxShadow !== 'none', inDialog: !!el.closest('[role="dialog"]') };
  });

/**
 * The keyboard user of one page: Tab moves to a target, and every element focus
 * passes on the way is checked for a visible focus indicator (`unringed` lists those without).
 */
const keyboard = (page: Page) => {
  const unringed = new Set<string>();
  const press = async (key: string) => {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (!now.ring) unringed.add(now.what);
    return now;
  };
  const has = (target: Locator) => target.evaluate((el) => el === document.activeElement);
  /** Tabs until `target` has focus (100 presses at most). */
  const tabTo = async (target: Locator) => {
    await target.waitFor();
    for (let i = 0; i < 100 && !(await has(target)); i++) await press('Tab');
    expect(await has(target), `focus reaches ${String(target)}`).toBe(true);
  };
  /** Tabs to a field and types into it. */
  const fill = async (target: Locator, text: string) => {
    await tabTo(target);
    await page.keyboard.type(text);
  };
  return { unringed, press, has, tabTo, fill };
};

/** Logs in from the log-in page by keyboard and lands on the Dashboard. */
const logInByKeyboard = async (page: Page, email: string, password: string) => {
  const keys = keyboard(page);
  await page.goto(url('/login'));
  await keys.fill(page.getByLabel('E-mail'), email);
  await keys.fill(page.getByLabel('Password', { exact: true }), password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  return keys;
};

describe('the keyboard alone', () => {
  it('the first tab stop is "Skip to content": it shows, and Enter then Tab reach the first field', async () => {
    for (const [width, route, first] of [
      [1440, '/login', 'E-mail'],
      [375, '/signup', 'E-mail'],
      [375, '/contactus', 'First name'],
    ] as const) {
      const page = await newPage(width, 800);
      await page.goto(url(route));
      const field = page.getByLabel(first, { exact: true });
      await field.waitFor();
      const skip = page.getByRole('link', { name: 'Skip to content' });
      // out of sight until it has focus, then drawn inside the window
      const onScreen = async () => {
        const box = await skip.boundingBox();
        return !!box && box.y >= 0 && box.y + box.height <= 800;
      };
      expect(await onScreen(), `${route} at ${width}: hidden until focused`).toBe(false);
      await page.keyboard.press('Tab');
      expect(await skip.evaluate((el) => el === document.activeElement), `${route}: first tab stop`).toBe(
        true,
      );
      await expect.poll(onScreen, { message: `${route} at ${width}: shown on focus` }).toBe(true);
      await page.keyboard.press('Enter');
      // the navigation is behind: the next tab stops are the page's own
      for (let i = 0; i < 5 && !(await field.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      expect(await field.evaluate((el) => el === document.activeElement), `${route}: ${first} reached`).toBe(
        true,
      );
      await page.close();
    }
  });

  it('signs up: every field, the country, the referral check, the side and the terms', async () => {
    const page = await newPage();
    const keys = keyboard(page);
    const m = uniqueMember();
    await page.goto(url('/signup'));
    await keys.fill(page.getByLabel('E-mail'), m.email);
    await keys.fill(page.getByLabel('Name', { exact: true }), m.name);
    await keys.fill(page.getByLabel('Password', { exact: true }), m.password);
    await keys.fill(page.getByLabel('Username'), m.username);
    // a native select picks the option typed
    await keys.fill(page.getByLabel('Country code'), 'India');
    expect(await page.getByLabel('Country code').inputValue()).toBe('IN');
    await keys.fill(page.getByLabel('Mobile number'), m.mobile);
    await keys.fill(page.getByPlaceholder("Your sponsor's username"), stack().admin.username);
    await keys.tabTo(page.getByRole('button', { name: 'Verify' }));
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: /Sponsor|verified/ })
      .waitFor();
    await keys.tabTo(page.getByRole('radio', { name: 'Left' }));
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: 'Left' }).isChecked()).toBe(true);
    await keys.tabTo(page.getByRole('checkbox', { name: 'I Accept Terms and Conditions' }));
    await page.keyboard.press('Space');
    await keys.tabTo(page.getByRole('button', { name: 'Create Account' }));
    await screenshot(page, 'a11y-keyboard-signup-1440');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/success');
    expect([...keys.unringed]).toEqual([]);
  });

  it('deposits: Top Up opens a dialog that holds focus, makes the invoice, and gives focus back', async () => {
    const m = await newVerifiedMember();
    const page = await newPage();
    const keys = await logInByKeyboard(page, m.email, m.password);
    await page.goto(url('/wallet'));
    await page.getByText('No transactions yet.').waitFor();
    const trigger = page.getByRole('button', { name: 'Top Up' });
    await keys.tabTo(trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);

    await keys.fill(dialog.getByLabel('Amount (USDT)'), '75');
    await keys.tabTo(dialog.getByRole('button', { name: 'Create invoice' }));
    await page.keyboard.press('Enter');
    await dialog.getByTestId('payment-id').waitFor();

    // Tab and Shift+Tab go round inside the dialog, never behind it
    for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')])
      expect((await keys.press(key)).inDialog, `${key} stays in the dialog`).toBe(true);
    await screenshot(page, 'a11y-keyboard-invoice-1440');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => keys.has(trigger)).toBe(true);
    expect([...keys.unringed]).toEqual([]);
  });

  it('deploys a bot: the ready dialog, then the terms, the risk, Deploy and its confirmation on the Zeno page', async () => {
    const m = await newVerifiedMember();
    await topUp(m.idToken, '300');
    const bought = await call('activatePlan', { plan: 'imperial', requestId: randomUUID() }, m.idToken);
    expect(bought.status).toBe(200);
    const key = await paperAccount({ spot: { USDT: 5000 }, futuresUsdt: 5000 });
    const otp = await bindingCode(m.email, m.idToken);
    expect(
      (await call('bindBinance', { apikey: key.apiKey, apisecret: key.secret, otp }, m.idToken)).status,
    ).toBe(200);

    const page = await newPage(375, 812);
    const keys = await logInByKeyboard(page, m.email, m.password);
    // the Dashboard's "ready to trade" dialog opens with focus inside; Escape closes it
    const ready = page.getByRole('dialog', { name: 'You are ready to trade' });
    await ready.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await ready.waitFor({ state: 'detached' });

    await page.goto(url('/zeno'));
    const deploy = page.getByRole('region', { name: 'Deploy', exact: true });
    await keys.tabTo(deploy.getByRole('checkbox', { name: 'I accept the terms and conditions.' }));
    await page.keyboard.press('Space');
    await keys.tabTo(deploy.getByRole('checkbox', { name: 'I accept the high risk of futures trading.' }));
    await page.keyboard.press('Space');
    await keys.tabTo(deploy.getByRole('button', { name: 'Deploy', exact: true }));
    await page.keyboard.press('Enter');
    // the confirmation of the amount (the bot's least, by default) and what it puts at risk; Zeno
    // lost money in testing, so the member first says they have read it
    await keys.tabTo(
      deploy.getByRole('checkbox', { name: 'I have read that this bot lost money in testing' }),
    );
    await page.keyboard.press('Space');
    await keys.tabTo(deploy.getByRole('button', { name: 'Confirm and deploy' }));
    await page.keyboard.press('Enter');
    await page.getByText('Zeno is active.', { exact: true }).first().waitFor({ timeout: 15_000 });
    expect(await deploy.getByRole('button', { name: 'Undeploy' }).isVisible()).toBe(true);
    await screenshot(page, 'a11y-keyboard-deploy-375');
    expect([...keys.unringed]).toEqual([]);
  });
});
