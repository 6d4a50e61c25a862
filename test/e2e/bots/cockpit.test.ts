/**
 * The member's cockpit in Chromium (issue 31), on a stack whose clock the test moves an hour at a
 * time: with a plan, a key and Zeno in a position, the dashboard leads with the balances, the bot
 * profit and "Running bots" (before the marketplace on a phone); Zeno's page shows its state, its
 * position and its order journal, and pauses it; /dca shows a manual DCA's cockpit; these pages are
 * axe-clean at 375 and 1440 px, light and dark.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { axeViolations } from '../../support/axe';
import { screenshot, url, useBrowser } from '../../support/browser';
import { startBotStack, tradingMember, ZENO_WHIPSAW_AT, type BotStack } from '../../integration/bots/support';

const { newPage } = useBrowser();

let bots: BotStack;
let member: Awaited<ReturnType<typeof tradingMember>>;
let deploymentId: string;

beforeAll(async () => {
  bots = await startBotStack(ZENO_WHIPSAW_AT);
  member = await tradingMember('imperial');
  const deployed = await call(
    'deployBot',
    { bot: 'zeno', acceptTerms: true, acceptRisk: true, acceptLoss: true, requestId: randomUUID() },
    member.idToken,
  );
  if (deployed.status !== 200) throw new Error(JSON.stringify(deployed.body));
  deploymentId = deployed.body.deployment.id;
  const dca = await call(
    'startDcaManual',
    {
      symbol: 'BTCUSDT',
      initial: 20_000_000,
      takeProfitPct: 2,
      stages: [{ timesX: 1, per: 0.7 }],
      oneShot: false,
      acceptLoss: true,
      requestId: randomUUID(),
    },
    member.idToken,
  );
  if (dca.status !== 200) throw new Error(JSON.stringify(dca.body));
  for (let hour = 0; hour < 60; hour++) {
    await bots.nextHour();
    if ((await call('getBotCockpit', { id: deploymentId }, member.idToken)).body.position) break;
  }
}, 600_000);
afterAll(() => bots?.stop());

describe("the member's cockpit in the browser", () => {
  it('the dashboard leads with balances, bot profit and the running bots, before the marketplace on a phone', async () => {
    const page = await newPage(375, 800, member);
    // the set-up steps are not shown on the way to the cockpit, not even for a frame
    await page.addInitScript(() => {
      const steps = 'Three steps to your first automated trade.';
      new MutationObserver(() => {
        if (document.body?.textContent?.includes(steps)) document.documentElement.dataset.stepsShown = 'yes';
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(url('/dashboard'));
    const running = page.getByRole('list', { name: 'Running bots' });
    const zeno = running.getByRole('listitem').filter({ hasText: 'Zeno' });
    await expect.poll(() => zeno.innerText(), { timeout: 15_000 }).toContain('In a position');
    expect(await zeno.innerText()).toContain('50.00 USDT');
    expect(await page.getByText('Three steps to your first automated trade.').count()).toBe(0);
    expect(await page.locator('html').getAttribute('data-steps-shown')).toBeNull();
    // each summary card shows its figures once its own request answers
    for (const [card, figure] of [
      ['Wallet', 'Fuel wallet'],
      ['Bot profit', 'All time'],
      ['Exchange balances', 'Binance spot'],
    ])
      await expect.poll(() => page.getByRole('region', { name: card }).innerText()).toContain(figure);
    const bots = await running.boundingBox();
    const marketplace = await page.getByRole('heading', { name: 'Bot marketplace' }).boundingBox();
    expect(bots!.y + bots!.height).toBeLessThan(marketplace!.y);
    await screenshot(page, 'cockpit-dashboard-375');
    expect(await axeViolations(page, 'dashboard with running bots')).toEqual([]);

    await page.setViewportSize({ width: 1440, height: 900 });
    await zeno.getByRole('link', { name: 'Zeno' }).click();
    await page.waitForURL(/\/zeno$/);
  });

  it("a bot's page shows its state, position and order journal, and pauses it", async () => {
    const page = await newPage(1440, 900, member);
    await page.goto(url('/zeno'));
    const now = page.getByRole('region', { name: 'Zeno now' });
    await expect.poll(() => now.innerText(), { timeout: 15_000 }).toContain('In a position');
    const text = await now.innerText();
    for (const figure of [
      'Last candle acted on',
      'Next candle closes',
      'Entry',
      'Mark price',
      'Unrealised P&L',
      'Stop',
    ])
      expect(text).toContain(figure);
    expect(text).toMatch(/EMA \d+/);

    const orders = (await call('getBotJournal', { id: deploymentId, limit: 10 }, member.idToken)).body.items;
    const journal = page.getByRole('table', { name: 'Zeno order journal' });
    await expect.poll(() => journal.getByRole('row').count(), { timeout: 15_000 }).toBe(orders.length + 1);
    const newest = await journal.getByRole('row').nth(1).innerText();
    expect(newest).toContain(orders[0].clientOrderId);
    expect(newest).toContain(orders[0].status);
    const entry = journal.getByRole('row').filter({ hasText: 'crossed' }).filter({ hasText: 'filled' });
    expect(await entry.count()).toBe(1);
    await screenshot(page, 'cockpit-zeno-1440');
    expect(await axeViolations(page, 'zeno with a position')).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });

    await now.getByRole('button', { name: 'Pause' }).click();
    await expect
      .poll(() => now.innerText(), { timeout: 15_000 })
      .toContain(
        'Bot paused. Its resting orders are cancelled; its position is kept with its protective stop.',
      );
    await expect.poll(() => now.innerText(), { timeout: 15_000 }).toContain('Paused');
    await expect
      .poll(() => journal.innerText(), { timeout: 15_000 })
      .toContain('protective stop, kept while paused');
    expect(await now.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true);
  });

  it('the DCA page shows the cockpit of each running DCA bot', async () => {
    const page = await newPage(1440, 900, member);
    await page.goto(url('/dca'));
    await page.getByRole('tab', { name: 'Manual DCA · BTCUSDT' }).waitFor();
    const now = page.getByRole('region', { name: 'Manual DCA now' });
    await expect
      .poll(() => now.innerText(), { timeout: 15_000 })
      .toMatch(/In a position|Waiting for a signal/);
    expect(await now.innerText()).toContain('this strategy trades price levels, not indicators');
    const journal = page.getByRole('table', { name: 'Manual DCA order journal' });
    await expect.poll(() => journal.innerText(), { timeout: 15_000 }).toContain('filled');
    await screenshot(page, 'cockpit-dca-1440');
    expect(await axeViolations(page, 'dca with a running bot')).toEqual([]);
  });
});
