/**
 * The admin reports in Chromium: on a fresh subtree (a sponsor with one recruit per leg, who buy
 * Executive and Imperial), the admin opens each report from the sidebar, submits today's range,
 * finds the fresh member's row (loading more pages where it takes), and downloads the CSV, whose
 * content is read from the browser's download.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, logIn as apiLogIn, stack } from '../../support/api';
import { join, until } from '../../support/team';
import { downloadCsv, screenshot, url, useBrowser } from '../../support/browser';
import { topUp } from '../../support/fund';

const { newPage } = useBrowser();
const today = new Date().toISOString().slice(0, 10);

let sponsor: Awaited<ReturnType<typeof join>>;
let left: Awaited<ReturnType<typeof join>>;
let right: Awaited<ReturnType<typeof join>>;

beforeAll(async () => {
  sponsor = await join(stack().admin.username, 'Right');
  left = await join(sponsor.username, 'Left');
  right = await join(sponsor.username, 'Right');
  for (const [m, plan] of [
    [left, 'executive'],
    [right, 'imperial'],
  ] as const) {
    await topUp(m.idToken, '300');
    expect((await call('activatePlan', { plan, requestId: randomUUID() }, m.idToken)).status).toBe(200);
  }
  // the direct bonuses and leg counts are written off the request path: wait for the sponsor's
  const admin = await apiLogIn(stack().admin.email, stack().admin.password, stack().admin.totpSecret);
  await until(async () => {
    const r = await call('leadersReport', { from: today, to: today, email: sponsor.email }, admin);
    const t = r.body.totals as { left: number; right: number } | undefined;
    return t && t.left === 1 && t.right === 1 ? t : undefined;
  });
}, 150_000);

const adminPage = async (width?: number) => {
  const page = await newPage(width, width ? 812 : undefined, stack().admin);
  await page.goto(url('/admindashboard'));
  return page;
};

const openFromSidebar = async (page: Page, link: string, path: string) => {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link }).click();
  await page.waitForURL(`**${path}`);
};

const submitRange = async (page: Page, email?: string) => {
  await page.getByLabel('Start Date').fill(today);
  await page.getByLabel('End Date').fill(today);
  if (email !== undefined) await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
};

/** The table row holding `text`, clicking "Load more" until it is on the page. */
const rowWith = async (page: Page, text: string) => {
  const row = page.getByRole('row').filter({ hasText: text });
  await expect
    .poll(async () => {
      if ((await row.count()) > 0) return true;
      const more = page.getByRole('button', { name: 'Load more' });
      if ((await more.isVisible()) && (await more.isEnabled())) await more.click();
      return false;
    })
    .toBe(true);
  return row.first();
};

/** The "Showing n of m" line's m: the whole report's row count. */
const reportCount = async (page: Page) => {
  await expect.poll(() => page.getByTestId('report-count').innerText()).toMatch(/^Showing \d+ of \d+/);
  return Number(/of (\d+)/.exec(await page.getByTestId('report-count').innerText())![1]);
};

describe('the admin reports', () => {
  it('Registration Report: the fresh member, and every row in the CSV', async () => {
    const page = await adminPage();
    await openFromSidebar(page, 'Registration Report', '/adminregister');
    await submitRange(page);
    const row = await rowWith(page, left.email);
    expect(await row.innerText()).toContain(left.username);
    expect(await row.innerText()).toContain(sponsor.username);
    expect(await row.innerText()).toContain('Trendex Champ');
    await screenshot(page, 'admin-registration-report');
    const count = await reportCount(page);
    const csv = await downloadCsv(page);
    expect(csv.name).toBe(`registration-report-${today}-${today}.csv`);
    expect(csv.lines[0]).toBe(
      'Id,E-mail,Name,Username,Sponsor Id,Mobile,Rank,Signed Up,Verified (Registration Date)',
    );
    expect(csv.lines).toHaveLength(count + 1);
    const line = csv.lines.find((l) => l.includes(left.email))!;
    expect(line).toMatch(
      new RegExp(
        `^${left.id},${left.email},${left.name},${left.username},${sponsor.username},[^,]*${left.mobile},Trendex Champ,${today}T[^,]*,${today}T`,
      ),
    );
  });

  it('Activation Report: gold and silver totals for one member, the row and the CSV', async () => {
    const page = await adminPage();
    await openFromSidebar(page, 'Activation Report', '/adminactivation');
    await submitRange(page, right.email);
    const row = await rowWith(page, right.email);
    expect(await row.innerText()).toContain('Gold · Imperial');
    await expect.poll(() => page.getByText('1 · 250.00 USDT').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('0 · 0.00 USDT').isVisible()).toBe(true);
    expect(await reportCount(page)).toBe(1);
    await screenshot(page, 'admin-activation-report');
    const csv = await downloadCsv(page);
    expect(csv.name).toBe(`activation-report-${today}-${today}-${right.email}.csv`);
    expect(csv.lines).toHaveLength(2);
    expect(csv.lines[0]).toBe(
      'Id,E-mail,Name,Username,Sponsor Id,Mobile,Rank,Activation Date,Membership,Amount (USDT)',
    );
    expect(csv.lines[1]).toMatch(
      new RegExp(`^${right.id},${right.email},.*,Gold \\(Imperial Package\\),250\\.00$`),
    );

    // the spec's other path opens the same report
    await page.goto(url('/adminactivate'));
    await expect.poll(() => page.getByRole('heading', { name: 'Activation Report' }).isVisible()).toBe(true);
  });

  it('Payout Structure: the sponsor’s direct bonuses with the leg and the buyer, in the CSV', async () => {
    const page = await adminPage();
    await openFromSidebar(page, 'Payout Structure', '/structure');
    await submitRange(page);
    const row = await rowWith(page, left.email);
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(1)).toEqual([sponsor.email, 'Direct Bonus', 'Left', left.email, '18.00']);
    const count = await reportCount(page);
    const csv = await downloadCsv(page);
    expect(csv.lines[0]).toBe('Date,Owner,Type,Side,E-mail,Amount (USDT)');
    expect(csv.lines).toHaveLength(count + 1);
    expect(csv.lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${today}T[^,]+,${sponsor.email},Direct Bonus,Right,${right.email},25\\.00$`),
      ),
    );
  });

  it('Leaders Report: needs the e-mail, then shows the left and right activations and the days', async () => {
    const page = await adminPage();
    await openFromSidebar(page, 'Leaders Report', '/leaders');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText("Enter the member's e-mail.").isVisible()).toBe(true);
    await submitRange(page, sponsor.email);
    const stat = (label: string) =>
      page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText();
    await expect.poll(() => stat('Left activations')).toBe('1');
    expect(await stat('Right activations')).toBe('1');
    const row = await rowWith(page, today);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([today, '1', '1']);
    const csv = await downloadCsv(page);
    expect(csv.name).toBe(`leaders-report-${today}-${today}-${sponsor.email}.csv`);
    expect(csv.lines).toEqual(['Day,Left,Right', `${today},1,1`]);
    await screenshot(page, 'admin-leaders-report');

    // an unknown e-mail says so
    await page.getByLabel(/^E-mail/).fill('nobody-at-all@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByText('No member has this e-mail.').isVisible()).toBe(true);
  });

  it('Deposit Report (the same page): one member’s deposit, and a 375 px phone without sideways scrolling', async () => {
    const page = await adminPage(375);
    await page.goto(url('/admindeposit'));
    await submitRange(page, left.email);
    const row = await rowWith(page, left.email);
    expect(await row.innerText()).toContain('300.00');
    await expect.poll(() => page.getByText('300.00 USDT').isVisible()).toBe(true);
    const csv = await downloadCsv(page);
    expect(csv.lines).toHaveLength(2);
    expect(csv.lines[1]).toMatch(new RegExp(`,${left.email},300\\.00,`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'admin-deposit-report-375');
  });

  it('Balance: every member paged, one member by e-mail with the wallet, and the CSV', async () => {
    const page = await adminPage();
    await openFromSidebar(page, 'Balance', '/balance');
    // the whole list opens at once, no dates to choose
    expect(await page.getByLabel('Start Date').count()).toBe(0);
    await expect
      .poll(() => page.getByText('Wallet Total (all members)', { exact: true }).isVisible())
      .toBe(true);
    expect(await reportCount(page)).toBeGreaterThanOrEqual(3);
    await page.getByLabel(/^E-mail/).fill(left.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    const row = await rowWith(page, left.email);
    // 300 deposited, 180 paid for Executive
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      left.email,
      left.username,
      '120.00',
      '0.00',
    ]);
    expect(await reportCount(page)).toBe(1);
    await screenshot(page, 'admin-balance-report');
    const csv = await downloadCsv(page);
    expect(csv.name).toBe(`balances-${left.email}.csv`);
    expect(csv.lines).toEqual([
      'E-mail,Username,Wallet Balance (USDT),Wallet1 Balance (USDT)',
      `${left.email},${left.username},120.00,0.00`,
    ]);
  });
});
