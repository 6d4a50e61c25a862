/**
 * Every route of the spec's route table (section 2), walked in Chromium as a visitor, a member and
 * an admin: each shows a screen (not a blank page, not the not-found page, not the error page) and
 * logs no console error. Visitors land on the log-in page for member and admin routes, members on
 * "This page is for admins." for admin routes: both are screens.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVerifiedMember, stack } from '../../support/api';
import { logIn, useBrowser } from '../../support/browser';
import { ROUTES, visit } from '../../support/routes';

const { newPage } = useBrowser();

/**
 * React 19 logs this for the theme library's inline script (next-themes, web/src/App.tsx), which
 * runs before React and works; it is not an error of a page, so the walk leaves it out.
 */
const KNOWN = [/Encountered a script tag while rendering React component/];

const walk = async (page: Page) => {
  const problems: string[] = [];
  let route = '';
  page.on('console', (m) => {
    if (m.type() === 'error' && !KNOWN.some((k) => k.test(m.text())))
      problems.push(`${route}: console ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${route}: ${e.message}`));
  for (route of ROUTES) {
    await visit(page, route);
    const main = (
      await page
        .locator('main')
        .first()
        .innerText()
        .catch(() => '')
    ).trim();
    const body = (await page.locator('body').innerText()).trim();
    if (body.length < 40 || (!main && !(await page.locator('h1').count())))
      problems.push(`${route}: blank page`);
    if (/Page not found/.test(body)) problems.push(`${route}: not found`);
    if (/Something went wrong on this page/.test(body)) problems.push(`${route}: error page`);
  }
  return problems;
};

describe('route walk', () => {
  it('as a visitor', async () => {
    expect(await walk(await newPage())).toEqual([]);
  }, 300_000);

  it('as a member', async () => {
    const m = await newVerifiedMember();
    const page = await newPage();
    await logIn(page, m.email, m.password);
    await page.waitForURL('**/dashboard');
    expect(await walk(page)).toEqual([]);
  }, 300_000);

  it('as an admin', async () => {
    const page = await newPage();
    await logIn(page, stack().admin.email, stack().admin.password, stack().admin.totpSecret);
    await page.waitForURL('**/admindashboard');
    expect(await walk(page)).toEqual([]);
  }, 300_000);
});
