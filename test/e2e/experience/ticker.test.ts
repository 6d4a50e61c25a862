/**
 * Issue 31 point 9 in Chromium: the ticker strip shows prices read from the exchange's public
 * stream (the paper exchange's, locally), needing nothing of ours; where the stream cannot be
 * reached, a visitor's page polls our ticker and a member's follows our push.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVerifiedMember, stack } from '../../support/api';
import { url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

const strip = (page: Page) => page.getByRole('region', { name: 'Market ticker' });
const btcPrice = async (page: Page) =>
  Number((await strip(page).getByLabel('BTC last price').innerText()).replace(/,/g, ''));

/** The exchange's stream is unreachable from this page: every connection to it ends at once. */
const unreachableStream = (page: Page) => page.routeWebSocket(/\/stream\?streams=/, (ws) => ws.close());

/** Our REST ticker answers nothing: prices on the page came from elsewhere. */
const noRestTicker = (page: Page) => page.route('**/api/market/ticker', (route) => route.abort());

describe('market ticker', () => {
  it("shows the paper exchange's prices from its public stream, with our ticker cut off", async () => {
    const page = await newPage(1440, 900);
    await noRestTicker(page);
    const response = await page.goto(url('/'));
    await expect.poll(() => strip(page).getAttribute('data-source'), { timeout: 10_000 }).toBe('stream');
    // the page's policy lets it connect to the stream, our socket and sign-in, and nothing else
    const { marketStreamUrl, wsUrl } = (await (await fetch(`${stack().webUrl}/config.json`)).json()) as {
      marketStreamUrl: string;
      wsUrl: string;
    };
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === 'connect-src'),
    ).toEqual([
      'connect-src',
      "'self'",
      stack().cognitoEndpoint,
      new URL(wsUrl).origin,
      new URL(marketStreamUrl).origin,
    ]);
    for (const coin of ['BTC', 'ETH', 'XRP', 'BNB'])
      expect(await strip(page).getByLabel(`${coin} last price`).isVisible()).toBe(true);
    const rest = (await (
      await fetch(`${stack().webUrl}/paper/binance/api/v3/ticker/24hr?symbol=BTCUSDT`)
    ).json()) as { lastPrice: string };
    expect(Math.abs((await btcPrice(page)) / Number(rest.lastPrice) - 1)).toBeLessThan(0.01);
    // it moves: the replay's price a few seconds on is another
    const first = await btcPrice(page);
    await expect.poll(() => btcPrice(page), { timeout: 10_000 }).not.toBe(first);
  });

  it("a visitor's page falls back to our ticker when the stream is unreachable", async () => {
    const page = await newPage(375, 800);
    await unreachableStream(page);
    await page.goto(url('/pricing'));
    await expect.poll(() => strip(page).getAttribute('data-source'), { timeout: 10_000 }).toBe('trendex');
    await expect
      .poll(() => strip(page).getByLabel('BTC last price').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await btcPrice(page)).toBeGreaterThan(0);
  });

  it(
    "a member's page follows our WebSocket push when the stream is unreachable",
    { timeout: 120_000 },
    async () => {
      const member = await newVerifiedMember();
      const page = await newPage(1440, 900, member);
      await unreachableStream(page);
      await noRestTicker(page);
      await page.goto(url('/dashboard'));
      await expect.poll(() => strip(page).getAttribute('data-source'), { timeout: 10_000 }).toBe('trendex');
      // the ticker schedule pushes every 3 s to the pages that follow the topic
      await expect
        .poll(() => strip(page).getByLabel('BTC last price').isVisible(), { timeout: 20_000 })
        .toBe(true);
      expect(await btcPrice(page)).toBeGreaterThan(0);
    },
  );
});
