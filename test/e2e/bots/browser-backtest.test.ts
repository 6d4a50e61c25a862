/**
 * "Backtest these settings" in real Chromium: the engine runs in the page's Web Worker over the
 * candle files the app ships. A member backtests a manual DCA ladder from /dca and sees its trades
 * on the price and in the list, and an automatic DCA from its card on the amount entered; on a bot
 * page, a chosen amount and period give an equity curve.
 */
import { describe, expect, it } from 'vitest';
import { newVerifiedMember } from '../../support/api';
import { axeScan } from '../../support/axe';
import { screenshot, url, useBrowser } from '../../support/browser';
import { fillManualDca } from '../../support/deploy-page';

const { newPage } = useBrowser();

/** A page signed in as a new member, at `path`. */
const openAsMember = async (path: string, width?: number, height?: number) => {
  const page = await newPage(width, height, await newVerifiedMember());
  await page.goto(url(path));
  return page;
};

describe('backtest these settings, in the browser', () => {
  it('backtests a manual ladder from /dca and shows its trades on the price and in the list', async () => {
    const page = await openAsMember('/dca');
    const form = await fillManualDca(page, {
      symbol: 'ETHUSDT',
      initial: '40',
      takeProfit: '2',
      stages: [
        ['1', '2'],
        ['2', '3'],
      ],
    });
    await form.getByRole('button', { name: 'Backtest these settings' }).click();

    const result = page.getByRole('region', { name: 'Backtest of your ladder' });
    const trades = result.getByRole('table', { name: "Your backtest's trades", exact: true });
    await expect.poll(() => trades.isVisible(), { timeout: 30_000 }).toBe(true);
    // the ladder's own trades: take profits, 2 % over the average price
    expect(await trades.getByRole('row').count()).toBeGreaterThan(5);
    expect(await trades.getByRole('cell', { name: 'take profit' }).count()).toBeGreaterThan(0);
    expect(
      await result
        .getByRole('figure', { name: "These settings: your backtest's trades on the price" })
        .isVisible(),
    ).toBe(true);
    expect(
      await result
        .getByText('Backtest of your settings on real Binance candles, run in your browser')
        .isVisible(),
    ).toBe(true);
    expect(await result.getByText(/hourly ETHUSDT candles from \d{4}-\d\d-\d\d to/).isVisible()).toBe(true);
    // the whole ladder is the capital: 40 × (1 + 1 + 2) USDT
    expect(await result.getByText('starting with 160.00 USDT', { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'dca-manual-backtest-1440');

    // a period that runs into the hole in the shipped data is refused in words
    await result.getByLabel('From', { exact: true }).fill('2023-01-01');
    await result.getByLabel('To', { exact: true }).fill('2024-12-31');
    await result.getByRole('button', { name: 'Run again on this period' }).click();
    await expect
      .poll(() => result.getByRole('alert').innerText())
      .toContain('The shipped candles have no data from 2023-03-03 to 2025-01-01');
  });

  it('backtests an automatic DCA from its card on /dca, on the amount entered', async () => {
    const page = await openAsMember('/dca', 375, 800);
    const card = page.getByRole('form', { name: 'Universal Bot' });
    const amount = card.getByLabel('Amount the bot may use (USDT)');
    // the least amount is the default once it is read; the member then enters their own
    await expect.poll(() => amount.inputValue(), { timeout: 15_000 }).not.toBe('');
    await amount.fill('500');
    await card.getByRole('button', { name: 'Backtest Universal Bot' }).click();

    const result = page.getByRole('region', { name: 'Backtest of the preset' });
    expect(
      await result.getByRole('heading', { name: 'Backtest: Universal Bot on 500.00 USDT' }).isVisible(),
    ).toBe(true);
    const equity = result.getByRole('figure', { name: "These settings: your backtest's equity curve" });
    await expect.poll(() => equity.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await result.getByText(/hourly BTCUSDT candles from \d{4}-\d\d-\d\d to/).isVisible()).toBe(true);
    expect(await result.getByText('starting with 500.00 USDT', { exact: false }).isVisible()).toBe(true);
    expect(await result.getByLabel('Trades', { exact: true }).innerText()).toMatch(/^[1-9][\d,]*$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'dca-preset-backtest-375');
  });

  it('backtests a bot page’s bot on the member’s amount and period and draws its equity curve', async () => {
    const page = await openAsMember('/zeno', 375, 800);
    const panel = page.getByRole('region', { name: 'Backtest these settings' });
    await expect.poll(() => panel.getByLabel('Amount (USDT)').isVisible(), { timeout: 15_000 }).toBe(true);
    await panel.getByLabel('Amount (USDT)').fill('1000');
    await panel.getByLabel('From', { exact: true }).fill('2021-01-01');
    await panel.getByLabel('To', { exact: true }).fill('2022-12-31');
    await panel.getByRole('button', { name: 'Backtest these settings' }).click();
    const equity = panel.getByRole('figure', { name: "Zeno: your backtest's equity curve" });
    await expect.poll(() => equity.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(
      await panel.getByText(/17,\d{3} hourly BTCUSDT candles from 2021-01-01 to 2022-12-31/).isVisible(),
    ).toBe(true);
    expect(await panel.getByText('starting with 1,000.00 USDT', { exact: false }).isVisible()).toBe(true);
    expect(await panel.getByLabel('Buy and hold', { exact: true }).innerText()).toMatch(/^[+-]?\d+\.\d\d%$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // the form, the figures, the charts' descriptions and the trade list pass axe (WCAG 2.1 AA)
    const violations = await axeScan(page, 'section[aria-label="Backtest these settings"]');
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    await screenshot(page, 'zeno-backtest-these-settings-375');
  });
});
