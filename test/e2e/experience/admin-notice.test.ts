/** Issue 17 in the back office: reports that clear on a bad range, the tree's answer, pending sign-ups, 375 px. */
import { describe, expect, it } from 'vitest';
import { call, stack, uniqueMember } from '../../support/api';
import { url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();
const today = new Date().toISOString().slice(0, 10);

const adminPage = async (width = 1440) => {
  const page = await newPage(width, width < 800 ? 812 : 900, stack().admin);
  await page.goto(url('/admindashboard'));
  return page;
};

describe('back office', () => {
  it('the registration report lists a pending sign-up; a start after the end clears rows and totals', async () => {
    const pending = uniqueMember();
    expect((await call('signUp', pending)).status).toBe(201);
    const page = await adminPage();
    await page.goto(url('/adminregister'));
    await page.getByLabel('Start Date').fill(today);
    await page.getByLabel('End Date').fill(today);
    await page.getByRole('button', { name: 'Submit' }).click();
    const waiting = page
      .getByRole('table', { name: 'Pending sign-ups' })
      .getByRole('row')
      .filter({ hasText: pending.email });
    await expect.poll(() => waiting.innerText()).toContain('Pending verification');
    expect(await page.getByRole('columnheader', { name: 'Signed Up' }).first().isVisible()).toBe(true);

    await page.getByLabel('Start Date').fill('2030-01-02');
    await page.getByLabel('End Date').fill('2030-01-01');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('Correct the filter above, then Submit.').isVisible()).toBe(true);
    expect(await page.getByRole('table').count()).toBe(0);
  });

  it('the tree says an unknown e-mail is not in it, without Retry', async () => {
    const page = await adminPage();
    await page.goto(url('/admin1'));
    await page.getByLabel('Search by e-mail').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.getByText('There is no member with this e-mail in the tree.').isVisible())
      .toBe(true);
    expect(await page.getByText(/Could not load/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });

  it('the top bar keeps Member area at 375 px', async () => {
    const page = await adminPage(375);
    const link = page.getByRole('banner').getByRole('link', { name: 'Member area' });
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});
