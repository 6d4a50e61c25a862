/**
 * Deploy with eyes open (issue 28), in real Chromium at 1440 and 375 px: the marketplace and Zeno's
 * page show the out-of-sample tests before any deploy control; Zeno deploys through the amount and
 * a confirmation that names what the amount puts at risk in USDT; a 5 USDT automatic DCA is refused
 * with the exchange's minimum named; a double click on the confirmation starts one DCA.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, newVerifiedMember } from '../../support/api';
import { logIn, screenshot, url, useBrowser } from '../../support/browser';
import { askToDeploy, confirmDeploy } from '../../support/deploy-page';
import { bindingCode, paperAccount } from '../../support/exchange';
import { topUp } from '../../support/fund';

const { newPage } = useBrowser();

const goldMember = async () => {
  const m = await newVerifiedMember();
  await topUp(m.idToken, '300');
  expect((await call('activatePlan', { plan: 'imperial', requestId: randomUUID() }, m.idToken)).status).toBe(
    200,
  );
  const key = await paperAccount({ spot: { USDT: 5000 }, futuresUsdt: 5000 });
  const otp = await bindingCode(m.email, m.idToken);
  expect(
    (await call('bindBinance', { apikey: key.apiKey, apisecret: key.secret, otp }, m.idToken)).status,
  ).toBe(200);
  return m;
};

const signedIn = async (width: number, m: { email: string; password: string }) => {
  const page = await newPage(width, width < 768 ? 812 : 900);
  await logIn(page, m.email, m.password);
  await page.waitForURL(/\/dashboard/);
  return page;
};

const top = async (page: Page, region: string) =>
  (await page.getByRole('region', { name: region, exact: true }).boundingBox())!.y;

describe.each([1440, 375])('deploy with eyes open at %i px', (width) => {
  it('shows the tests before the button, and deploys Zeno through the amount and its confirmation', async () => {
    const m = await goldMember();
    const page = await signedIn(width, m);

    // the Dashboard greets a member ready to trade with a dialog (the page behind it hidden); "Later" closes it
    const ready = page.getByRole('dialog', { name: 'You are ready to trade' });
    await ready.getByRole('button', { name: 'Later' }).click({ timeout: 15_000 });
    await ready.waitFor({ state: 'detached' });

    // the marketplace: each card's tests, and the loss said on the card of a bot that lost
    const market = page.getByRole('region', { name: 'Bot marketplace' });
    const zenoCard = market.getByRole('article', { name: 'Zeno', exact: true });
    await expect.poll(() => zenoCard.isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, `deploy-marketplace-${width}`);
    expect(await zenoCard.getByText('Tested 2021–23:').isVisible()).toBe(true);
    expect(await zenoCard.getByText('made +5.9%').isVisible()).toBe(true);
    expect(await zenoCard.getByText('Lost money in testing').count()).toBe(0);
    const candlesCard = market.getByRole('article', { name: 'Candles', exact: true });
    expect(await candlesCard.getByText('Lost money in testing').isVisible()).toBe(true);
    expect(await candlesCard.getByText(/halted by the kill switch on 1 Mar 2023/).isVisible()).toBe(true);

    // Zeno's page: its tests above the deploy form; its description and parameters from its code
    await page.goto(url('/zeno'));
    const deploy = page.getByRole('region', { name: 'Deploy', exact: true });
    const amount = deploy.getByLabel('Amount the bot may use (USDT)');
    await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).toBe('50');
    expect(await top(page, 'How it did in testing')).toBeLessThan(await top(page, 'Deploy'));
    expect(await page.getByText(/goes long when EMA 20 crosses above EMA 100/).isVisible()).toBe(true);
    expect(
      await deploy
        .getByText('Free on your Binance futures account: 5,000.00 USDT.', { exact: false })
        .isVisible(),
    ).toBe(true);

    await askToDeploy(deploy, { amount: '80' });
    const confirm = deploy.getByRole('group', { name: 'Confirm Zeno' });
    await confirm.waitFor();
    for (const text of [
      '80.00 USDT of your Binance futures account',
      'USD-M futures (USDT-margined)',
      'BTCUSDT',
      '1x (positions up to 80.00 USDT)',
      'a loss of at most 0.80 USDT (1%) per position',
      'halts the bot and closes its position once it is 20.00 USDT (25%) below its best',
      '13.30 USDT for this amount (16.62% out-of-sample)',
      '20% of each realised profit, paid from your fuel wallet',
    ])
      expect(await confirm.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    // Zeno made money in both periods: no consent to tick
    expect(await confirm.getByRole('checkbox').count()).toBe(0);
    await screenshot(page, `deploy-zeno-confirm-${width}`);
    await confirmDeploy(deploy);
    await expect
      .poll(() => page.getByText('Zeno is active.', { exact: true }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    const zeno = (await call('getBots', {}, m.idToken)).body.bots.find((b) => b.id === 'zeno');
    expect(zeno?.deployment?.capital).toBe(80_000_000);
  }, 180_000);

  it('refuses a 5 USDT automatic DCA with the minimum named, and starts one DCA on a double click', async () => {
    const m = await goldMember();
    const page = await signedIn(width, m);
    await page.goto(url('/dca'));
    const universal = page.getByRole('form', { name: 'Universal Bot' });
    const amount = universal.getByLabel('Amount the bot may use (USDT)');
    await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).not.toBe('');
    const least = Number(await amount.inputValue());
    expect(await universal.getByText('Lost money in testing').isVisible()).toBe(true);

    await amount.fill('5');
    await universal.getByRole('button', { name: 'Start Universal Bot' }).click();
    await expect
      .poll(() => universal.getByText(/^The smallest order this bot would place is/).innerText())
      .toMatch(
        new RegExp(
          `^The smallest order this bot would place is 0\\.\\d\\d USDT; Binance's minimum is 5 USDT\\. Use at least ${least} USDT\\.$`,
        ),
      );
    await screenshot(page, `dca-refused-${width}`);
    expect((await call('listDcaPositions', {}, m.idToken)).body.positions).toEqual([]);

    await amount.fill(String(least + 10));
    await universal.getByRole('button', { name: 'Start Universal Bot' }).click();
    const confirm = universal.getByRole('group', { name: 'Confirm Universal Bot' });
    await confirm.getByLabel('I have read that this bot lost money in testing').check();
    await confirm.getByRole('button', { name: 'Confirm and start' }).dblclick();
    await expect
      .poll(
        () =>
          universal.getByText('DCA bot started. It places its first order at the next candle.').isVisible(),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    // a table above 768 px, one card per position below (DataTable)
    const rows =
      width > 768
        ? page.getByRole('table', { name: 'Open DCA positions' }).getByRole('row')
        : page.getByRole('list', { name: 'Open DCA positions' }).getByRole('listitem');
    await expect.poll(() => rows.filter({ hasText: 'Universal Bot' }).count(), { timeout: 15_000 }).toBe(1);
    expect((await call('listDcaPositions', {}, m.idToken)).body.positions).toHaveLength(1);
  }, 180_000);
});
