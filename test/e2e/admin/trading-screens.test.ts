/**
 * The back office's trading screens in Chromium on seeded data: a Core holder paid by a
 * distribution, a rank edit, a dead letter of the executor. The admin opens each screen from the
 * sidebar and finds real rows; a screenshot of each is saved as an artifact.
 */
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, logIn as apiLogIn, memberIdOf, newVerifiedMember, stack } from '../../support/api';
import { downloadCsv, screenshot, url, useBrowser } from '../../support/browser';
import { topUp, useLocalTable } from '../../support/fund';

const { newPage } = useBrowser();
const USDT = 1_000_000;
let holder: Awaited<ReturnType<typeof newVerifiedMember>>;
let deadLetterId: string;
/** The holder's share of the distribution (20 USDT over every Core holder in the stack), as the page writes it. */
let shareText: string;

beforeAll(async () => {
  const admin = await apiLogIn(stack().admin.email, stack().admin.password, stack().admin.totpSecret);
  holder = await newVerifiedMember();
  await topUp(holder.idToken, '200');
  // Executive includes Trendex Core: its holder shares the Core pool
  expect(
    (await call('activatePlan', { plan: 'executive', requestId: randomUUID() }, holder.idToken)).status,
  ).toBe(200);
  // the pool, fed as the bots feed it (a 20 % profit charge into platform:corepool)
  useLocalTable();
  const { post } = await import('#functions/ledger/service');
  const { accounts, transfer } = await import('#functions/ledger/rules');
  const payer = await newVerifiedMember();
  await topUp(payer.idToken, '50');
  await post({
    tx: {
      idempotencyKey: `e2e-charge:${randomUUID()}`,
      kind: 'profit-charge',
      postings: transfer(
        accounts.member(await memberIdOf(payer.email), 'wallet'),
        accounts.corePool,
        50 * USDT,
      ),
    },
  });
  const paid = await call(
    'distributeProfit',
    { requestId: randomUUID(), coreIncome: '20', premiumIncome: '' },
    admin,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  shareText = `${(paid.body.share.core / USDT).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`;
  const edit = await call(
    'editProfile',
    { memberId: await memberIdOf(holder.email), requestId: randomUUID(), rank: 4 },
    admin,
  );
  expect(edit.status).toBe(200);
  const sent = await new SQSClient({ endpoint: stack().webUrl, region: 'local' }).send(
    new SendMessageCommand({
      QueueUrl: `${stack().webUrl}/000000000000/trendex-orders.fifo`,
      MessageBody: 'not a tick',
      MessageGroupId: `poison-${randomUUID()}`,
      MessageDeduplicationId: randomUUID(),
    }),
  );
  deadLetterId = sent.MessageId!;
}, 120_000);

const open = async (page: Page, link: string, path: string) => {
  await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).first().click();
  await page.waitForURL(`**${path}`);
};

describe('admin trading screens', () => {
  it('each screen shows real rows', async () => {
    const page = await newPage(1440, 900, stack().admin);
    await page.goto(url('/admindashboard'));
    await page.getByTestId('rank-V4').waitFor();
    expect(Number(await page.getByTestId('rank-V4').textContent())).toBeGreaterThanOrEqual(1);
    await page.getByRole('region', { name: 'API Binding' }).waitFor();
    await page.getByRole('region', { name: 'Bots Active' }).waitFor();
    await screenshot(page, 'admin-dashboard-trading');

    await open(page, 'Trading Profit', '/admintransfer');
    await page.getByRole('tab', { name: 'Success' }).click();
    await page.getByRole('table', { name: 'Success shares' }).getByText(holder.email).first().waitFor();
    await screenshot(page, 'admin-trading-profit');
    await page.getByRole('tab', { name: 'History' }).click();
    await page
      .getByRole('table', { name: 'Distribution history' })
      .getByText('Trendex Core Income')
      .first()
      .waitFor();

    await open(page, 'Master Accounts', '/master');
    const master = page.getByRole('table', { name: 'Master accounts report' });
    await page.getByTestId('report-count').filter({ hasText: 'Showing' }).waitFor();
    // Load more until the holder's row is there; the last page's button goes away as it loads.
    await expect
      .poll(
        async () => {
          if ((await master.getByText(holder.email).count()) > 0) return true;
          const more = page.getByRole('button', { name: 'Load more' });
          if ((await more.isVisible()) && (await more.isEnabled())) await more.click();
          return false;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await screenshot(page, 'admin-master');
    await master
      .getByRole('row', { name: new RegExp(holder.email) })
      .getByRole('button', { name: 'Trade Details' })
      .click();
    await page
      .getByRole('dialog', { name: `Trade Details: ${holder.email}` })
      .getByText('This member has no closed trade.')
      .waitFor();
    await page.keyboard.press('Escape');

    await open(page, 'Audit Log', '/auditlog');
    const audit = page.getByRole('table', { name: 'Audit log' });
    await audit.getByText('Changed rank: 4.').waitFor();
    await audit.getByText('Profit distribution').first().waitFor();
    await screenshot(page, 'admin-audit-log');
    // the export is the whole log, every page read, not the rows on screen
    const csv = await downloadCsv(page);
    expect(csv.name).toBe('audit-log.csv');
    expect(csv.lines[0]).toBe('Date,Action,Admin,About,What changed');
    expect(csv.lines.some((line) => line.includes('Changed rank: 4.'))).toBe(true);

    await open(page, 'API Errors', '/apierror');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Submit' }).click();
          return page.getByRole('table', { name: 'API errors' }).getByText(deadLetterId).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await screenshot(page, 'admin-api-errors');

    await open(page, 'API Binding', '/apibind');
    await page.getByRole('region', { name: 'Zeno', exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Zeno', exact: true })
      .getByRole('button', { name: 'View' })
      .click();
    await page.getByRole('table', { name: 'Zeno members' }).waitFor();
    await screenshot(page, 'admin-api-binding');

    await open(page, 'Order Report', '/adminorder');
    await page.getByText('Total actual Profit').waitFor();
    await page.getByRole('button', { name: 'Get Glint' }).click();
    await page.getByText('Total actual Profit').waitFor();
    await screenshot(page, 'admin-order-report');

    await open(page, 'Search Profile', '/searchprofile');
    await page.getByLabel('E-mail', { exact: true }).check();
    await page.getByLabel('Keyword').fill(holder.email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('region', { name: 'Trades' })
      .getByText('This member has no closed trade.')
      .waitFor();
    await screenshot(page, 'admin-search-trades');
    await page.goto(url('/admindashboard'));
  }, 180_000);

  it("the holder sees the income in Trendex Core's Income tab and the Rewards Trading tab", async () => {
    const page = await newPage(375, 812, holder);
    await page.goto(url('/trendex'));
    const income = page.getByRole('table', { name: 'Trendex Core Income rewards' });
    await income.getByText('Trendex Core Income', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Cumulative Profit').innerText()).toBe(shareText);
    await screenshot(page, 'trendex-core-income-375');
    await page.goto(url('/bonus'));
    await page.getByRole('tab', { name: 'Trading' }).click();
    await page
      .getByRole('table', { name: 'Trading rewards' })
      .getByText('Trendex Core Income', { exact: true })
      .waitFor();
  });
});
