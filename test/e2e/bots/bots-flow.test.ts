/**
 * The bots from their pages, in real Chromium: a silver member is refused a gold bot with the
 * spec's words and finds Trendex's start disabled in the marketplace; a gold member with a bound
 * paper Binance key is told to tick the boxes, deploys Zeno, starts a manual DCA of three positions
 * through its confirmation and sees it listed (one shot on), finds Portfolio and Profit Statement, tops up the fuel wallet,
 * undeploys Zeno, is told to close the DCA before Trendex, closes it and deploys Trendex. Whether
 * the executor has traded by then depends on its schedule, so the positions and closed orders are
 * asserted as rows or the empty state, never as a trade that may not have happened yet.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, newVerifiedMember } from '../../support/api';
import { type Account, screenshot, url, useBrowser } from '../../support/browser';
import { bindingCode, paperAccount } from '../../support/exchange';
import { confirmDeploy, deployFromPage, fillManualDca, startManualDca } from '../../support/deploy-page';
import { topUp } from '../../support/fund';

const { newPage } = useBrowser();

/** A member with a plan, 300 USDT topped up before it, and (if asked) a bound paper Binance key. */
const member = async (plan: 'executive' | 'imperial', bind: boolean) => {
  const m = await newVerifiedMember();
  await topUp(m.idToken, '300');
  const bought = await call('activatePlan', { plan, requestId: randomUUID() }, m.idToken);
  if (bought.status !== 200) throw new Error(`plan: ${JSON.stringify(bought.body)}`);
  if (bind) {
    const key = await paperAccount({ spot: { USDT: 5000 }, futuresUsdt: 5000 });
    const otp = await bindingCode(m.email, m.idToken);
    const bound = await call('bindBinance', { apikey: key.apiKey, apisecret: key.secret, otp }, m.idToken);
    if (bound.status !== 200) throw new Error(`bind: ${JSON.stringify(bound.body)}`);
  }
  return m;
};

/** A page signed in as `account`, at `path`. */
const open = async (account: Account, path: string, width?: number, height?: number) => {
  const page = await newPage(width, height, account);
  await page.goto(url(path));
  return page;
};

const deployRegion = (page: Page) => page.getByRole('region', { name: 'Deploy', exact: true });
const visible = (page: Page, text: string) => () => page.getByText(text, { exact: true }).first().isVisible();
const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('bots from their pages', () => {
  it('refuses a gold bot to a silver member with the spec message, on the page', async () => {
    const silver = await member('executive', false);
    const page = await open(silver, '/zeno');
    const deploy = deployRegion(page);
    await expect
      .poll(() => deploy.getByRole('button', { name: 'Deploy', exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    // the page carries its facts and the published backtest, labelled as such
    expect(await page.getByRole('heading', { name: 'Zeno', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Capital requirement').isVisible()).toBe(true);
    expect(await deploy.getByRole('button', { name: 'Deploy as USDC' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Backtest on real Binance candles (out-of-sample)').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByRole('region', { name: 'Your live trades (real fills)' }).isVisible()).toBe(true);

    await deployFromPage(deploy);
    await expect
      .poll(() => deploy.getByRole('alert').innerText())
      .toContain('You dont have premium subscription.');
    // still not deployed
    expect(await deploy.getByRole('button', { name: 'Undeploy' }).count()).toBe(0);
    await screenshot(page, 'bots-zeno-silver-refused-1440');

    // the marketplace: Trendex's start is disabled unless gold; Alpha (silver) leads to its page
    await page.goto(url('/dashboard'));
    const market = page.getByRole('region', { name: 'Bot marketplace' });
    const trendex = market.getByRole('button', { name: 'Start Trendex (classic)' });
    await expect.poll(() => trendex.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await trendex.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Start Your Bot' }).click();
    await market.getByRole('link', { name: 'Start Alpha Intelligence' }).click();
    await page.waitForURL(/\/alfa$/);
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Activate' })
            .getByRole('button', { name: 'Activate' })
            .isVisible(),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  });

  it('a gold member deploys Zeno, starts a manual DCA, sees Portfolio and Profit, undeploys, and deploys Trendex once the DCA is closed', async () => {
    const gold = await member('imperial', true);
    const page = await open(gold, '/zeno');
    const deploy = deployRegion(page);
    const deployButton = deploy.getByRole('button', { name: 'Deploy', exact: true });
    await expect.poll(() => deployButton.isVisible(), { timeout: 15_000 }).toBe(true);

    // the checkbox gate, answered by the server in the spec's words (after the amount and its confirmation)
    await expect
      .poll(() => deploy.getByLabel(/^Amount the bot may use/).inputValue(), { timeout: 15_000 })
      .toBe('50');
    await deployButton.click();
    await confirmDeploy(deploy);
    await expect
      .poll(() => deploy.getByRole('alert').innerText())
      .toContain('Kindly accept terms and conditions.');
    await deploy.getByLabel('I accept the terms and conditions.').check();
    await deploy.getByRole('button', { name: 'Confirm and deploy' }).click();
    await expect
      .poll(() => deploy.getByRole('alert').innerText())
      .toContain('Kindly accept terms and conditions.');

    await deploy.getByLabel('I accept the high risk of futures trading.').check();
    await deploy.getByRole('button', { name: 'Confirm and deploy' }).click();
    await expect.poll(visible(page, 'Zeno is active.'), { timeout: 15_000 }).toBe(true);
    expect(await deploy.getByRole('button', { name: 'Undeploy' }).isVisible()).toBe(true);
    expect(await deploy.getByRole('button', { name: 'Deploy as USDC' }).count()).toBe(0);
    await screenshot(page, 'bots-zeno-active-1440');

    // the marketplace shows it running
    await page.goto(url('/dashboard'));
    const market = page.getByRole('region', { name: 'Bot marketplace' });
    await expect
      .poll(
        () => market.getByRole('article', { name: 'Zeno', exact: true }).getByText('Active').isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    // Trendex needs gold: this member has it, so its start leads to its page
    expect(await market.getByRole('link', { name: 'Start Trendex (classic)' }).isVisible()).toBe(true);

    // a manual DCA of three positions
    await page.goto(url('/dca'));
    await page.getByRole('tab', { name: 'Manual Trading' }).click();
    const form = page.getByRole('form', { name: 'Manual DCA' });
    await form.getByLabel('Positions').selectOption('Fifteenth');
    expect(await form.getByLabel('Fifteenth percentage').isVisible()).toBe(true);
    await form.getByLabel('Positions').selectOption('Third');
    expect(await form.getByLabel('Fourth time x').count()).toBe(0);
    await fillManualDca(page, {
      symbol: 'BTCUSDT',
      initial: '20',
      takeProfit: '2',
      stages: [
        ['1', '2'],
        ['2', '3'],
      ],
    });
    await expect
      .poll(() => form.getByRole('table', { name: 'DCA ladder preview' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    // a cycle of 20 × (1 + 1 + 2) USDT, through the confirmation every deploy has
    expect(await form.getByText('Amount at risk: 80.00 USDT', { exact: true }).isVisible()).toBe(true);
    await startManualDca(form);
    await expect
      .poll(visible(page, 'DCA bot started. It places its first order at the next candle.'), {
        timeout: 15_000,
      })
      .toBe(true);

    const positions = page.getByRole('table', { name: 'Open DCA positions' });
    await expect
      .poll(() => positions.getByRole('row').filter({ hasText: 'Manual DCA' }).count(), { timeout: 15_000 })
      .toBe(1);
    const row = positions.getByRole('row').filter({ hasText: 'Manual DCA' });
    expect(await row.getByText('BTCUSDT').isVisible()).toBe(true);
    expect(await row.getByText('20.00').isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Activate One Shot' }).click();
    await expect.poll(visible(page, 'One Shot is activated.')).toBe(true);
    await expect.poll(() => row.getByText('One Shot Activated').isVisible()).toBe(true);
    await screenshot(page, 'bots-dca-1440');

    // Portfolio: the spec's two tabs, rows or the empty state
    await page.getByRole('link', { name: 'Portfolio' }).first().click();
    await page.waitForURL(/\/portfolio/);
    const tab = page.getByRole('tabpanel');
    await expect
      .poll(
        async () =>
          (await tab.getByRole('table', { name: 'Open positions' }).isVisible()) ||
          (await tab.getByText('No open position.', { exact: false }).isVisible()),
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.getByRole('tab', { name: 'Close Order' }).click();
    await expect
      .poll(
        async () =>
          (await tab.getByRole('table', { name: 'Closed orders' }).isVisible()) ||
          (await tab.getByText('No closed order yet.', { exact: false }).isVisible()),
        { timeout: 15_000 },
      )
      .toBe(true);

    // Profit Statement with the fuel wallet: 50 USDT is left in the wallet after the plan
    await page.getByRole('link', { name: 'Profit Statement' }).first().click();
    await page.waitForURL(/\/profit/);
    await expect.poll(() => page.getByLabel('Total profit').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByLabel('Fuel wallet balance').innerText()).toBe('0.00 USDT');
    const fuel = page.getByRole('form', { name: 'Top up the fuel wallet' });
    await fuel.getByLabel('Amount (USDT)').fill('10');
    await fuel.getByRole('button', { name: 'Top up fuel' }).click();
    await expect.poll(visible(page, 'Added to your fuel wallet.')).toBe(true);
    await expect.poll(() => page.getByLabel('Fuel wallet balance').innerText()).toBe('10.00 USDT');
    await screenshot(page, 'bots-profit-1440');

    // undeploy Zeno from its page
    await page.goto(url('/zeno'));
    await expect
      .poll(() => deploy.getByRole('button', { name: 'Undeploy' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await deploy.getByLabel('I accept the terms and conditions.').check();
    await deploy.getByLabel('I accept the high risk of futures trading.').check();
    await deploy.getByRole('button', { name: 'Undeploy' }).click();
    await expect.poll(visible(page, 'Bot undeployed.'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => deployButton.isVisible()).toBe(true);

    // Trendex (classic) waits for the DCA to close: the spec's conflict message, then it deploys
    await page.goto(url('/classic'));
    await expect.poll(() => deployButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await deployFromPage(deploy, {
      amount: '1000',
      risk: 'I accept the risk of automated trading with my own funds.',
    });
    await expect.poll(() => deploy.getByRole('alert').innerText()).toContain('Kindly close dca bot first.');
    await page.goto(url('/dca'));
    await positions
      .getByRole('row')
      .filter({ hasText: 'Manual DCA' })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close position' }).click();
    await expect.poll(visible(page, 'DCA position closed.'), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(visible(page, 'No open DCA position. Start one from Automatic or Manual Trading above.'))
      .toBe(true);
    await page.goto(url('/classic'));
    await expect.poll(() => deployButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await deployFromPage(deploy, {
      amount: '1000',
      risk: 'I accept the risk of automated trading with my own funds.',
    });
    await expect.poll(visible(page, 'Trendex Ai trading Bot is active.'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('region', { name: 'Grid positions' }).isVisible()).toBe(true);
    await screenshot(page, 'bots-classic-1440');

    // the pages fit a phone
    const phone = await open(gold, '/dca', 375, 812);
    await expect.poll(visible(phone, 'Universal Bot'), { timeout: 15_000 }).toBe(true);
    expect(await noOverflow(phone)).toBe(true);
    await screenshot(phone, 'bots-dca-375');
    for (const path of ['/zeno', '/classic', '/portfolio', '/profit']) {
      await phone.goto(url(path));
      await expect
        .poll(() => phone.getByRole('heading', { level: 1 }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await phone.waitForLoadState('networkidle');
      expect(await noOverflow(phone), path).toBe(true);
    }
    await screenshot(phone, 'bots-profit-375');
  }, 300_000); // a dozen pages on a machine shared with other test runs
});
