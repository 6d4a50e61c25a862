/**
 * Rewards in Chromium: a sponsor whose referral buys a plan sees the Direct Bonus row with today's
 * and cumulative profit on /bonus, the Activation Team count and Activation Profit on /team, an
 * empty Trading tab, and the same page at 375 px; /rewards is Refer and Earn.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newVerifiedMember } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';
import { topUp } from '../../support/fund';

const { newPage } = useBrowser();

/** Money as the app writes it: cents, thousands separators. */
const usdt = (micro: number) =>
  (micro / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('referral rewards', () => {
  it('shows the sponsor the Direct Bonus and profits on /bonus and the Activation Team on /team', async () => {
    const sponsor = await newVerifiedMember();
    const page = await newPage(1440, 900, sponsor);
    await page.goto(url('/dashboard'));

    // before any referral activates: empty states
    await page.getByRole('link', { name: 'Rewards' }).first().click();
    await page.waitForURL('**/bonus');
    await expect.poll(() => page.getByText('No activation rewards yet.').isVisible()).toBe(true);
    expect(await page.getByLabel("Today's Profit").innerText()).toBe('0.00 USDT');
    expect(await page.getByLabel('Cumulative Profit').innerText()).toBe('0.00 USDT');

    // a referral (Team 1) buys Executive
    const referral = await newVerifiedMember(sponsor.username);
    await topUp(referral.idToken, '500');
    const bought = await call(
      'activatePlan',
      { plan: 'executive', requestId: randomUUID() },
      referral.idToken,
    );
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const price = 500_000_000 - Number((await call('getWallet', {}, referral.idToken)).body.wallet);
    const bonus = `${usdt(Math.floor(price / 10))} USDT`;

    // /bonus: the row and both profits (the bonus is paid off the request path: reload until it shows)
    const table = page.getByRole('table', { name: 'Activation rewards' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByLabel('Cumulative Profit').waitFor();
          return table.isVisible();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    const row = table.getByRole('row').nth(1);
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('Direct Bonus');
    expect(await row.getByRole('cell').nth(2).innerText()).toBe(`+${bonus}`);
    expect(await page.getByLabel("Today's Profit").innerText()).toBe(bonus);
    expect(await page.getByLabel('Cumulative Profit').innerText()).toBe(bonus);
    await screenshot(page, 'rewards-1440');

    // the Trading tab: nothing yet, said so
    await page.getByRole('tab', { name: 'Trading' }).click();
    await expect.poll(() => page.getByText('No trading rewards yet.').isVisible()).toBe(true);

    // /rewards is Refer and Earn (spec section 2): the steps, Team 1 / Team 2, the link and its copy
    await page.goto(url('/rewards'));
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Refer and Earn' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('table', { name: 'Activation rewards' }).count()).toBe(0);
    const link = page.getByLabel('Referral link', { exact: true });
    expect(await link.innerText()).toMatch(new RegExp(`/signup\\?sposer=${sponsor.username}&side=Left$`));
    await page.getByLabel('Team 2 (Right)').check();
    await expect.poll(() => link.innerText()).toMatch(/&side=Right$/);
    expect(await page.getByRole('button', { name: 'Copy referral link' }).isVisible()).toBe(true);

    // /team: the Activation Team and Activation Profit cards
    await page.getByRole('link', { name: 'Team', exact: true }).first().click();
    await page.waitForURL('**/team');
    await expect.poll(() => page.getByLabel('Team 1 active members').innerText()).toBe('1');
    expect(await page.getByLabel('Team 2 active members').innerText()).toBe('0');
    expect(await page.getByLabel('Activation profit today').innerText()).toBe(bonus.replace(' USDT', ''));
    expect(await page.getByLabel('Activation profit in all').innerText()).toBe(bonus.replace(' USDT', ''));
    await screenshot(page, 'team-glance-activation-1440');

    // a 375 px phone: the same rewards, no sideways scrolling
    const phone = await newPage(375, 812, sponsor);
    await phone.goto(url('/bonus'));
    await expect
      .poll(() =>
        phone.getByRole('table', { name: 'Activation rewards' }).getByText('Direct Bonus').isVisible(),
      )
      .toBe(true);
    expect(await phone.getByLabel('Cumulative Profit').innerText()).toBe(bonus);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'rewards-375');
    await phone.goto(url('/team'));
    await expect.poll(() => phone.getByLabel('Team 1 active members').innerText()).toBe('1');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'team-glance-activation-375');
  });
});
