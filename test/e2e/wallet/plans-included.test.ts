/**
 * Plans mean what they say (issue 28), in Chromium at 1440 and 375 px: an Imperial Package member is
 * never offered Premium Trendex Core (nor Trendex Core, nor Executive) for money, though the money
 * to buy it is in their wallets; no page names an internal wallet; /pricing and /profile list the
 * same benefits; the bots tagged Executive on the dashboard are the ones the Executive card counts.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';
import { topUp } from '../../support/fund';
import { visit } from '../../support/routes';

const { newPage } = useBrowser();

const listed = (page: Page, within: string) =>
  page.getByRole('region', { name: within, exact: true }).getByRole('listitem').allInnerTexts();

describe('plans mean what they say', () => {
  for (const width of [1440, 375])
    it(`an Imperial member is never offered Premium Trendex Core for money (${width} px)`, async () => {
      const m = await newVerifiedMember();
      await topUp(m.idToken, '250');
      // enough in the Trendex Core wallet to pay for Premium Trendex Core, were it on offer
      await topUp(m.idToken, '300', 'wallet1');
      const bought = await call('activatePlan', { plan: 'imperial', requestId: randomUUID() }, m.idToken);
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const page = await newPage(width, 900, m);
      await page.goto(url('/dashboard'));

      await visit(page, '/trendex');
      for (const name of ['Premium Trendex Core', 'Trendex Core']) {
        const card = page.getByRole('region', { name: `${name} plan`, exact: true });
        await expect.poll(() => card.getByText('Included in your Imperial Package.').isVisible()).toBe(true);
        // no price, no Subscribe or Extend: nothing to pay for what the plan includes
        expect(await card.getByRole('button').count(), name).toBe(0);
        expect(await card.getByText(/\d USDT/).count(), name).toBe(0);
      }
      expect(await page.locator('body').innerText()).not.toMatch(/wallet1/i);
      await screenshot(page, `trendex-core-imperial-${width}`);

      // /pricing: Executive is included, not on sale; the Imperial card says what it includes
      await visit(page, '/pricing');
      const executive = page.getByRole('region', { name: 'Executive plan', exact: true });
      await expect
        .poll(() => executive.getByText('Included in your Imperial Package.').isVisible())
        .toBe(true);
      expect(await executive.getByRole('button').count()).toBe(0);
      const imperial = await listed(page, 'Imperial Package plan');
      expect(imperial).toEqual(['All 14 trading bots', 'Trendex Core', 'Premium Trendex Core']);
      const executiveBots = Number(
        /^(\d+) trading bots/.exec((await listed(page, 'Executive plan'))[0])?.[1],
      );

      // /profile lists the same benefits under the same name
      await visit(page, '/profile');
      await expect.poll(() => page.getByText('Imperial Package', { exact: true }).isVisible()).toBe(true);
      expect(
        await page
          .getByRole('listitem')
          .filter({ hasText: /trading bots|Trendex Core/ })
          .allInnerTexts(),
      ).toEqual(imperial);

      // the dashboard's marketplace tags as many bots Executive as the Executive card counts
      await visit(page, '/dashboard');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('article').count()).toBe(14);
      expect(await page.locator('article').getByText('Executive', { exact: true }).count()).toBe(
        executiveBots,
      );
    });
});
