/**
 * Issue 31 point 7 in Chromium: /apierror shows a dead letter's real error, its member and its
 * bot, with nothing cut off: every word of the row inside the screen (or its table's own scroll)
 * at 1440 px, and at 375 px as a card that fits the phone.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberIdOf, newVerifiedMember, stack } from '../../support/api';
import { axeViolationsInBothModes } from '../../support/axe';
import { screenshot, url, useBrowser } from '../../support/browser';
import { brokenBot, sendTick } from '../../support/dead-letters';
import { useLocalTable } from '../../support/fund';

const { newPage } = useBrowser();
let letterId: string;
let email: string;

beforeAll(async () => {
  useLocalTable();
  const member = await newVerifiedMember();
  email = member.email;
  const bot = await brokenBot(await memberIdOf(member.email));
  letterId = (await sendTick(JSON.stringify({ deploymentId: bot.id, tick: Date.now() }), bot.id)).MessageId!;
}, 60_000);

const openViewer = async (width: number) => {
  const page = await newPage(width, 900, stack().admin);
  await page.goto(url('/apierror'));
  return page;
};

/** Reloads the list until the letter is there (its third try lands it in the dead-letter queue). */
const waitForLetter = (page: Page) =>
  expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.waitForTimeout(500);
        return page.getByText(letterId).count();
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);

/** No element of `what` reaches past the page's right edge, and none clips its own text. */
const cutOff = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const width = document.documentElement.clientWidth;
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(`${sel} *`)) {
      if (el.children.length || !el.textContent?.trim()) continue;
      const box = el.getBoundingClientRect();
      if (box.right > width + 1 || el.scrollWidth > el.clientWidth + 1) cut.push(el.textContent.slice(0, 40));
    }
    return { cut, pageWidth: document.documentElement.scrollWidth, width };
  }, selector);

describe('/apierror', () => {
  it('at 1440 px the table row shows the real error, the member and the bot, uncut', async () => {
    const page = await openViewer(1440);
    await waitForLetter(page);
    const row = page
      .getByRole('table', { name: 'API errors' })
      .getByRole('row', { name: new RegExp(letterId) });
    expect(await row.getByRole('cell', { name: email }).isVisible()).toBe(true);
    expect(await row.getByRole('cell', { name: 'Zeno', exact: true }).isVisible()).toBe(true);
    expect(await row.getByText(/TypeError: .+\(try 3\)/).isVisible()).toBe(true);
    expect(await page.getByText('All records failed processing').count()).toBe(0);
    await screenshot(page, 'admin-api-errors-1440');
    const found = await cutOff(page, '[role="group"][aria-label="API errors"] :is(thead, tbody)');
    expect(found.cut).toEqual([]);
    expect(found.pageWidth).toBeLessThanOrEqual(found.width);
    expect(await axeViolationsInBothModes(page, 'main')).toEqual([]);
  }, 120_000);

  it('at 375 px each error is a card with every field, and the page does not scroll sideways', async () => {
    const page = await openViewer(375);
    await waitForLetter(page);
    const card = page
      .getByRole('list', { name: 'API error list' })
      .getByRole('listitem')
      .filter({ hasText: letterId });
    expect(await card.getByText(email).isVisible()).toBe(true);
    expect(await card.getByText('Zeno', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(/TypeError: .+\(try 3\)/).isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'API errors' }).isVisible()).toBe(false);
    await screenshot(page, 'admin-api-errors-375');
    const found = await cutOff(page, 'ul[aria-label="API error list"]');
    expect(found.cut).toEqual([]);
    expect(found.pageWidth).toBeLessThanOrEqual(375);
    expect(await axeViolationsInBothModes(page, 'main')).toEqual([]);
  }, 120_000);
});
