/**
 * A member watches bots trade, in Chromium, on a stack whose clock the test moves an hour at a
 * time (the paper exchange replays real BTC candles): Zeno deployed from its page and a manual
 * DCA started from /dca; their positions appear on /portfolio, a closed order with its profit in
 * the Close Order tab, the same total on /profit; Zeno is undeployed from its page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatUsdtCents } from '#api/money';
import { call } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';
import { deployFromPage, fillManualDca, startManualDca } from '../../support/deploy-page';
import { startBotStack, tradingMember, type BotStack } from '../../integration/bots/support';

const { newPage } = useBrowser();
// Zeno's EMAs cross within hours of this candle (test/integration/bots/trading.test.ts).
const START_AT = Date.UTC(2025, 0, 23, 16, 0, 0);

let bots: BotStack;
beforeAll(async () => {
  bots = await startBotStack(START_AT);
}, 180_000);
afterAll(() => bots?.stop());

const rowsOf = (page: Page, name: string) => page.getByRole('table', { name }).getByRole('row');

describe('bots trading, watched in the browser', () => {
  it('shows positions, a closed order with its profit and the statement, then undeploys', async () => {
    const member = await tradingMember('imperial');
    const page = await newPage(1440, 900, member);

    await page.goto(url('/zeno'));
    const deploy = page.getByRole('region', { name: 'Deploy', exact: true });
    await deployFromPage(deploy);
    await expect
      .poll(() => deploy.getByRole('button', { name: 'Undeploy' }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    await page.goto(url('/dca'));
    const form = await fillManualDca(page, {
      symbol: 'BTCUSDT',
      initial: '20',
      takeProfit: '0.4',
      stages: [['1', '0.5']],
    });
    await startManualDca(form);
    await expect
      .poll(() => rowsOf(page, 'Open DCA positions').filter({ hasText: 'Manual DCA' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);

    // Hour by hour until both bots have bought and one trade has closed.
    for (let hour = 0; hour < 60; hour++) {
      await bots.nextHour();
      const [open, closed] = await Promise.all([
        call('getPositions', {}, member.idToken),
        call('getClosedOrders', { limit: 5 }, member.idToken),
      ]);
      if (closed.body.items.length > 0 && open.body.positions.length > 0) break;
    }

    await page.goto(url('/portfolio'));
    await expect.poll(() => rowsOf(page, 'Open positions').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await page.getByRole('tab', { name: 'Close Order' }).click();
    const closedRows = rowsOf(page, 'Closed orders');
    await expect.poll(() => closedRows.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const closed = (await call('getClosedOrders', { limit: 50 }, member.idToken)).body.items;
    expect(await closedRows.nth(1).innerText()).toContain(closed[0].symbol);
    await screenshot(page, 'bots-trading-portfolio');

    await page.goto(url('/profit'));
    const total = (await call('getProfitStatement', {}, member.idToken)).body.total;
    await expect
      .poll(() => page.getByLabel('Total profit').innerText(), { timeout: 15_000 })
      .toContain(formatUsdtCents(total));

    await page.goto(url('/zeno'));
    await deploy.getByLabel('I accept the terms and conditions.').check();
    await deploy.getByLabel('I accept the high risk of futures trading.').check();
    await deploy.getByRole('button', { name: 'Undeploy' }).click();
    await expect
      .poll(() => deploy.getByRole('button', { name: 'Deploy', exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const positions = (await call('getPositions', {}, member.idToken)).body.positions;
    expect(positions.filter((p) => p.bot === 'zeno')).toEqual([]);
  }, 600_000);
});
