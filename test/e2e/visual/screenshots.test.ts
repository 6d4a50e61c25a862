/**
 * Screenshots of the pages people see most — home and pricing as a visitor, the dashboard, the
 * wallet and the DCA bot page as a fresh member — at 375 and 1440 px, full page, saved to
 * test-artifacts/screenshots/<set>/<page>-<width>.png (SCREENSHOT_SET, 'current' unless told: the
 * issue 21 work took 'before' and 'after'). Each shot waits for the page's main heading and for its
 * data (no spinner, no skeleton), so a blank or half-loaded page fails instead of being saved.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVerifiedMember } from '../../support/api';
import { ARTIFACTS, url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

const SET = process.env.SCREENSHOT_SET ?? 'current';
const WIDTHS = [375, 1440] as const;

interface Shot {
  name: string;
  path: string;
  /** The page's h1. */
  heading: string | RegExp;
  /** What shows once the page's data has loaded. */
  ready: (page: Page) => Locator;
}

const PUBLIC: Shot[] = [
  { name: 'home', path: '/', heading: /./, ready: (p) => p.getByText('Frequently asked questions') },
  {
    name: 'pricing',
    path: '/pricing',
    heading: 'Simple yearly membership',
    ready: (p) => p.getByRole('button', { name: 'Subscribe to Imperial' }),
  },
];

const MEMBER: Shot[] = [
  { name: 'dashboard', path: '/dashboard', heading: /^Welcome back/, ready: (p) => p.getByText(/^Plan: /) },
  { name: 'wallet', path: '/wallet', heading: 'Wallet', ready: (p) => p.getByText('No transactions yet.') },
  { name: 'dca', path: '/dca', heading: 'DCA', ready: (p) => p.getByText('Start a DCA bot') },
];

const capture = async (page: Page, shot: Shot, width: number) => {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(url(shot.path));
  const heading = page.getByRole('heading', { level: 1, name: shot.heading });
  await expect.poll(() => heading.first().isVisible()).toBe(true);
  await expect.poll(() => shot.ready(page).first().isVisible()).toBe(true);
  // nothing still loading: a spinner or a skeleton would be in the picture
  await expect.poll(() => page.locator('.chakra-spinner, .chakra-skeleton').count()).toBe(0);
  await page.evaluate(() => document.fonts.ready);
  const dir = `${ARTIFACTS}/${SET}`;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${shot.name}-${width}.png`, fullPage: true, animations: 'disabled' });
};

describe('screenshots', () => {
  it('saves home and pricing as a visitor at 375 and 1440 px', async () => {
    const page = await newPage();
    for (const shot of PUBLIC) for (const width of WIDTHS) await capture(page, shot, width);
  });

  it('saves the dashboard, the wallet and the DCA page as a member at 375 and 1440 px', async () => {
    const member = await newVerifiedMember();
    const page = await newPage(1440, 900, member);
    await page.goto(url('/dashboard'));
    for (const shot of MEMBER) for (const width of WIDTHS) await capture(page, shot, width);
  });
});
