/**
 * The public pages visitors open most come prerendered (web/src/prerender.tsx): the page is in the
 * HTML the server answers, painted in the visitor's colour mode before any of the app's scripts
 * runs, and React then hydrates it without a mismatch (no error in the console) so it works as
 * before. Other paths get the app's empty shell.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

const PAGES = [
  { path: '/', heading: 'Automated crypto trading that works while you sleep' },
  { path: '/pricing', heading: 'Simple yearly membership' },
  { path: '/login', heading: 'Log In' },
];

/**
 * Every console error and warning and uncaught error of the page from now on (React reports a
 * hydration mismatch there), but the browser's note of a request answered with an error (a wrong
 * password is Cognito's 400).
 */
const problemsOf = (page: Page): string[] => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (
      ['error', 'warning'].includes(message.type()) &&
      !message.text().startsWith('Failed to load resource')
    )
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
};

it.each(PAGES)(
  '$path is in the HTML the server answers, and the app shell is not',
  async ({ path, heading }) => {
    const page = await (await fetch(url(path))).text();
    // the heading's start: the home page's ends in a span of its own
    expect(page).toContain(heading.split(' ').slice(0, 3).join(' '));
    expect(page).toContain('<nav aria-label="Main"');
    const shell = await (await fetch(url('/dashboard'))).text();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain(heading);
  },
);

it.each(PAGES)(
  '$path paints in the dark mode chosen, with none of the app’s scripts run',
  async ({ path, heading }) => {
    const page = await newPage(375, 800);
    await page.goto(url('/pricing'));
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // the app's scripts are all under /assets: refused, the page is only its HTML and styles
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(url(path));
    await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // Chakra's dark page background (gray.950), not the light one (white)
    expect(background).not.toBe('rgb(255, 255, 255)');
    await page.unrouteAll();
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.className)).toBe('light');
  },
);

it.each(PAGES)(
  '$path hydrates without a mismatch and works, at 375 and 1440 px, light and dark',
  async ({ path, heading }) => {
    for (const [width, mode] of [
      [375, 'light'],
      [1440, 'dark'],
    ] as const) {
      const page = await newPage(width, 900);
      await page.goto(url('/terms'));
      await page.evaluate((m) => localStorage.setItem('theme', m), mode);
      const problems = problemsOf(page);
      await page.goto(url(path));
      await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible()).toBe(true);
      // hydrated: the page drops its mark, and the session check answers (a visitor's links appear)
      await expect.poll(() => page.locator('#root[data-prerendered]').count()).toBe(0);
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (width === 375) await expect.poll(() => menu.isVisible()).toBe(true);
      else if (path !== '/login')
        await expect.poll(() => page.getByRole('link', { name: 'Log In' }).first().isVisible()).toBe(true);
      const toggle = page.getByRole('button', {
        name: mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode',
      });
      await expect.poll(() => toggle.isVisible()).toBe(true);
      // React handles a click: the toggle, which offers the other mode, switches to it
      await toggle.click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.className))
        .toBe(mode === 'dark' ? 'light' : 'dark');
      expect(problems).toEqual([]);
      await page.context().close();
    }
  },
);

it('the login form of the prerendered page answers when sent', async () => {
  const page = await newPage(1440, 900);
  const problems = problemsOf(page);
  await page.goto(url('/login'));
  await page.getByLabel('E-mail').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect.poll(() => page.getByText('Login Credentials are not correct.').isVisible()).toBe(true);
  expect(problems).toEqual([]);
});
