/**
 * Deploy with eyes open (issue 28), in real Chromium at 1440 and 375 px: the marketplace and Zeno 3X's
 * page show the out-of-sample tests before any deploy control; Zeno 3X deploys through the amount and
 * a confirmation that names what the amount puts at risk in USDT, Zeno (lost money in testing)
 * only once the member has ticked that they read it; a 5 USDT automatic DCA is refused
 * with the exchange's minimum named; a double click on the confirmation starts one DCA; a manual
 * ladder whose smallest order Binance would not take is refused with the minimum named, and one
 * that passes starts through the same confirmation, naming its ladder total and symbol.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, newVerifiedMember } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';
import { axeViolationsInBothModes } from '../../support/axe';
import { askToDeploy, confirmDeploy, fillManualDca } from '../../support/deploy-page';
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
  const page = await newPage(width, width < 768 ? 812 : 900, m);
  await page.goto(url('/dashboard'));
  return page;
};

const top = async (page: Page, region: string) =>
  (await page.getByRole('region', { name: region, exact: true }).boundingBox())!.y;

describe.each([1440, 375])('deploy with eyes open at %i px', (width) => {
  it('shows the tests before the button, and deploys Zeno 3X through the amount and its confirmation, Zeno with consent', async () => {
    const m = await goldMember();
    const page = await signedIn(width, m);

    // the Dashboard greets a member ready to trade with a dialog (the page behind it hidden); "Later" closes it
    const ready = page.getByRole('dialog', { name: 'You are ready to trade' });
    await ready.getByRole('button', { name: 'Later' }).click({ timeout: 15_000 });
    await ready.waitFor({ state: 'detached' });

    // the marketplace: each card's tests, and the loss said on the card of a bot that lost
    const market = page.getByRole('region', { name: 'Bot marketplace' });
    const zenoCard = market.getByRole('article', { name: 'Zeno 3X', exact: true });
    await expect.poll(() => zenoCard.isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, `deploy-marketplace-${width}`);
    expect(await zenoCard.getByText('Tested 2021–23:').isVisible()).toBe(true);
    expect(await zenoCard.getByText('made +17.5%').isVisible()).toBe(true);
    expect(await zenoCard.getByText('Lost money in testing').count()).toBe(0);
    const candlesCard = market.getByRole('article', { name: 'Candles', exact: true });
    expect(await candlesCard.getByText('Lost money in testing').isVisible()).toBe(true);
    expect(await candlesCard.getByText(/halted by the kill switch on 31 Oct 2022/).isVisible()).toBe(true);

    // Zeno 3X's page: its tests above the deploy form; its description and parameters from its code
    await page.goto(url('/zeno3x'));
    const deploy = page.getByRole('region', { name: 'Deploy', exact: true });
    const amount = deploy.getByLabel('Amount the bot may use (USDT)');
    await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).toBe('50');
    expect(await top(page, 'How it did in testing')).toBeLessThan(await top(page, 'Deploy'));
    expect(await page.getByText(/goes long when EMA 20 crosses above EMA 50/).isVisible()).toBe(true);
    expect(
      await deploy
        .getByText('Free on your Binance futures account: 5,000.00 USDT.', { exact: false })
        .isVisible(),
    ).toBe(true);

    await askToDeploy(deploy, { amount: '80' });
    const confirm = deploy.getByRole('group', { name: 'Confirm Zeno 3X' });
    await confirm.waitFor();
    for (const text of [
      '80.00 USDT of your Binance futures account',
      'USD-M futures (USDT-margined)',
      'BTCUSDT',
      '3x (positions up to 240.00 USDT)',
      'a loss of at most 0.80 USDT (1%) per position',
      'halts the bot and closes its position once it is 20.00 USDT (25%) below its best',
      '9.52 USDT for this amount (11.9% out-of-sample)',
      '20% of each realised profit, paid from your fuel wallet',
    ])
      expect(await confirm.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    // Zeno 3X made money in both periods: no consent to tick
    expect(await confirm.getByRole('checkbox').count()).toBe(0);
    await screenshot(page, `deploy-zeno3x-confirm-${width}`);
    await confirmDeploy(deploy);
    await expect
      .poll(() => page.getByText('Zeno 3X is active.', { exact: true }).first().isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const zeno = (await call('getBots', {}, m.idToken)).body.bots.find((b) => b.id === 'zeno3x');
    expect(zeno?.deployment?.capital).toBe(80_000_000);

    // Zeno (design zeno/v4) lost money in testing and sizes its positions for a volatility, not by
    // the loss at its stop: its confirmation says both, and deploying waits for the member's consent
    await page.goto(url('/zeno'));
    const zenoDeploy = page.getByRole('region', { name: 'Deploy', exact: true });
    await askToDeploy(zenoDeploy);
    const zenoConfirm = zenoDeploy.getByRole('group', { name: 'Confirm Zeno' });
    await zenoConfirm.waitFor();
    expect(await zenoConfirm.getByText('Lost money in testing', { exact: true }).isVisible()).toBe(true);
    const stop =
      'one on every position; its size aims at 30% yearly volatility, so the loss there is no fixed share of the amount';
    expect(await zenoConfirm.getByText(stop, { exact: true }).isVisible()).toBe(true);
    const confirmZeno = zenoConfirm.getByRole('button', { name: 'Confirm and deploy' });
    expect(await confirmZeno.isDisabled()).toBe(true);
    await zenoConfirm.getByLabel('I have read that this bot lost money in testing').check();
    await confirmZeno.click();
    await expect
      .poll(() => page.getByText('Zeno is active.', { exact: true }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
  }, 240_000);

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

  it('refuses a manual ladder whose smallest order is under the minimum, and starts one through its confirmation', async () => {
    const m = await goldMember();
    const page = await signedIn(width, m);
    await page.goto(url('/dca'));
    // the second position buys a tenth of the initial 20 USDT: a 2 USDT order Binance would refuse
    const form = await fillManualDca(page, {
      symbol: 'ETHUSDT',
      initial: '20',
      takeProfit: '2',
      stages: [['0.1', '2']],
    });
    const atRisk = form.getByRole('group', { name: 'Amount at risk' });
    await expect
      .poll(() => atRisk.innerText(), { timeout: 15_000 })
      .toContain('Free on your Binance spot account: 5,000.00 USDT.');
    expect(await atRisk.innerText()).toContain('Amount at risk: 22.00 USDT');
    expect(await atRisk.innerText()).toContain(
      'At least 55.00 USDT for this ladder: an initial amount of at least 50 USDT (Binance takes no order under 5 USDT).',
    );
    await form.getByRole('button', { name: 'Start DCA' }).click();
    await expect
      .poll(() => form.getByText(/^The smallest order this bot would place is/).innerText())
      .toBe(
        "The smallest order this bot would place is 2.00 USDT; Binance's minimum is 5 USDT. Use an initial amount of at least 50 USDT.",
      );
    expect(await form.getByRole('group', { name: 'Confirm Manual DCA' }).count()).toBe(0);
    await screenshot(page, `dca-manual-refused-${width}`);
    expect((await call('listDcaPositions', {}, m.idToken)).body.positions).toEqual([]);

    // the least that does: 50 USDT, a cycle of 55; the confirmation names it, the symbol and the risks
    await form.getByLabel('Initial amount (USDT)').fill('50');
    await form.getByRole('button', { name: 'Start DCA' }).click();
    const confirm = form.getByRole('group', { name: 'Confirm Manual DCA' });
    await confirm.waitFor({ timeout: 15_000 });
    const card = (await call('getBots', {}, m.idToken)).body.bots.find((b) => b.id === 'dca')!;
    const { killSwitchPct } = card.risk;
    const { worstDrawdownPct } = card.evidence;
    const usdtOf = (x: number) =>
      `${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USDT`;
    for (const text of [
      '55.00 USDT of your Binance spot account, what one cycle spends with every order filled',
      'Spot',
      'ETHUSDT',
      'none (1x)',
      'none: you set every order; the kill switch still guards the bot',
      `halts the bot and closes its position once it is ${usdtOf((55 * killSwitchPct) / 100)} (${killSwitchPct}%) below its best`,
      `${usdtOf((55 * worstDrawdownPct) / 100)} for this amount (${worstDrawdownPct}% out-of-sample, with the example ladder)`,
      '20% of each realised profit, paid from your fuel wallet',
    ])
      expect(await confirm.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    // what is confirmed is what starts: the ladder is frozen meanwhile
    expect(await form.getByLabel('Initial amount (USDT)').isDisabled()).toBe(true);
    expect(await axeViolationsInBothModes(page, 'form[aria-label="Manual DCA"]')).toEqual([]);
    await screenshot(page, `dca-manual-confirm-${width}`);

    // the manual DCA lost money in testing: the start waits for its box; a double click starts one
    const start = confirm.getByRole('button', { name: 'Confirm and start' });
    expect(await start.isDisabled()).toBe(true);
    await confirm.getByLabel('I have read that this bot lost money in testing').check();
    await start.dblclick();
    await expect
      .poll(
        () => form.getByText('DCA bot started. It places its first order at the next candle.').isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    const rows =
      width > 768
        ? page.getByRole('table', { name: 'Open DCA positions' }).getByRole('row')
        : page.getByRole('list', { name: 'Open DCA positions' }).getByRole('listitem');
    const listed = rows.filter({ hasText: 'Manual DCA' });
    await expect.poll(() => listed.count(), { timeout: 15_000 }).toBe(1);
    expect(await listed.getByText('ETHUSDT').isVisible()).toBe(true);
    const positions = (await call('listDcaPositions', {}, m.idToken)).body.positions;
    expect(positions.map((p) => [p.name, p.symbol, p.initial])).toEqual([
      ['Manual DCA', 'ETHUSDT', 50_000_000],
    ]);
  }, 180_000);
});
