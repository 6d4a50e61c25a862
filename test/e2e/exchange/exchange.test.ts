/**
 * A member binds a Binance key (the paper exchange's) with the code from the outbox, sees the
 * balances after a refresh, copies the IP, and watches the ticker move on the dashboard; binds a
 * WazirX key with the code and the no-withdrawal confirmation, and removes it with a code.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { newVerifiedMember, outbox, stack } from '../../support/api';
import { axeViolationsInBothModes } from '../../support/axe';
import { screenshot, url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

const paperAccount = async (body: Record<string, unknown>) =>
  (await (
    await fetch(`${stack().webUrl}/paper/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as { apiKey: string; secret: string };

/** Clicks the dialog's 'Send code' ('Send again') and returns the code from the new mail. */
const sendCode = async (dialog: Locator, email: string) => {
  const before = (await outbox(email)).length;
  await dialog.getByRole('button', { name: /^Send (code|again)$/ }).click();
  await expect.poll(async () => (await outbox(email)).length).toBeGreaterThan(before);
  const mail = (await outbox(email)).find((m) => /exchange/i.test(m.subject))!;
  return /(\d{6})/.exec(mail.text)![1];
};

describe('exchange and ticker', () => {
  it('watches the ticker change on the dashboard', async () => {
    const member = await newVerifiedMember();
    const page = await newPage(1440, 900, member);
    await page.goto(url('/dashboard'));
    const btc = page.getByLabel('BTC last price');
    await expect.poll(() => btc.isVisible(), { timeout: 15_000 }).toBe(true);
    for (const coin of ['ETH', 'XRP', 'BNB'])
      expect(await page.getByLabel(`${coin} last price`).isVisible()).toBe(true);
    expect(await page.getByLabel('BTC 24-hour change').innerText()).toMatch(/^[+-]?\d+\.\d{2}%$/);
    const first = await btc.innerText();
    expect(first).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect.poll(() => btc.innerText(), { timeout: 20_000, interval: 500 }).not.toBe(first);
    await screenshot(page, 'ticker-dashboard-1440');
  });

  it('binds a Binance key with the mailed code and sees the balances', async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount({ spot: { USDT: 1234.5 }, futuresUsdt: 750 });
    const page = await newPage(1440, 900, member);
    await page.goto(url('/exchange'));

    const binance = page.getByRole('region', { name: 'Binance account' });
    await expect.poll(() => binance.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await binance.getByLabel('Binance spot balance').innerText()).toBe('Not connected');
    expect(await binance.getByLabel('Binance futures balance').innerText()).toBe('Not connected');
    // WazirX is spot only: no futures line
    const wazirx = page.getByRole('region', { name: 'WazirX account' });
    expect(await wazirx.isVisible()).toBe(true);
    expect(await wazirx.getByLabel('WazirX spot balance').innerText()).toBe('Not connected');
    expect(await wazirx.getByText('Futures balance').count()).toBe(0);

    await page.getByRole('button', { name: 'Copy IP' }).click();
    await expect.poll(() => page.getByText('copied', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('127.0.0.1');

    await binance.getByRole('button', { name: 'Connect Binance' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('API key', { exact: true }).fill(key.apiKey);
    await dialog.getByLabel('API secret', { exact: true }).fill(key.secret);
    expect(await dialog.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true); // no OTP yet
    const code = await sendCode(dialog, member.email);
    await expect.poll(() => dialog.getByText('OTP sent successfully.').isVisible()).toBe(true);
    await dialog.getByLabel('OTP', { exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => dialog.getByText('Your API key is verified and connected.').isVisible())
      .toBe(true);
    await screenshot(page, 'exchange-connected-1440');
    // the message shows for 2 seconds, then the dialog closes and the card says connected
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 6_000 }).toBe(0);
    await expect.poll(() => binance.getByText(`key …${key.apiKey.slice(-4)}`).isVisible()).toBe(true);
    // the balances are read once right after the bind: no 'Not available' until Refresh
    await expect.poll(() => binance.getByLabel('Binance spot balance').innerText()).toBe('1,234.50 USDT');

    await binance.getByRole('button', { name: 'Refresh balances' }).click();
    await expect.poll(() => binance.getByLabel('Binance spot balance').innerText()).toBe('1,234.50 USDT');
    expect(await binance.getByLabel('Binance futures balance').innerText()).toBe('750.00 USDT');
    await screenshot(page, 'exchange-balances-1440');

    const mobile = await newPage(375, 812, member);
    await mobile.goto(url('/exchange'));
    await expect
      .poll(() => mobile.getByLabel('Binance spot balance').innerText(), { timeout: 15_000 })
      .toBe('1,234.50 USDT');
    const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(mobile, 'exchange-375');
  });

  it('binds a Binance Ed25519 key by its private key, the form turning to Ed25519 when one is pasted as the secret', async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount({ keyType: 'ed25519', spot: { USDT: 321 } });
    const page = await newPage(1440, 900, member);
    await page.goto(url('/exchange'));
    const binance = page.getByRole('region', { name: 'Binance account' });
    await expect.poll(() => binance.isVisible(), { timeout: 15_000 }).toBe(true);
    await binance.getByRole('button', { name: 'Connect Binance' }).click();
    const dialog = page.getByRole('dialog');
    const ed25519 = dialog.getByLabel('Ed25519 (recommended by Binance)');
    expect(await dialog.getByLabel('HMAC', { exact: true }).isChecked()).toBe(true);

    // chosen by hand, the secret field becomes the private key's
    await ed25519.check();
    await expect.poll(() => dialog.getByLabel('Ed25519 private key').isVisible()).toBe(true);
    await dialog.getByLabel('HMAC', { exact: true }).check();
    // a private key pasted where the HMAC secret goes turns the form to Ed25519
    await dialog.getByLabel('API key', { exact: true }).fill(key.apiKey);
    await dialog.getByLabel('API secret', { exact: true }).fill(key.secret);
    await expect.poll(() => ed25519.isChecked()).toBe(true);
    expect(await dialog.getByLabel('Ed25519 private key').inputValue()).toContain('BEGIN PRIVATE KEY');
    await dialog.getByLabel('Ed25519 private key').fill(key.secret);
    expect(await axeViolationsInBothModes(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'exchange-ed25519-dialog-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await dialog.evaluate((d) => d.scrollWidth > d.clientWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'exchange-ed25519-dialog-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    await dialog.getByLabel('OTP', { exact: true }).fill(await sendCode(dialog, member.email));
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect
      .poll(() => dialog.getByText('Your API key is verified and connected.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 6_000 }).toBe(0);
    await expect.poll(() => binance.getByText(`key …${key.apiKey.slice(-4)}`).isVisible()).toBe(true);
    await expect.poll(() => binance.getByLabel('Binance spot balance').innerText()).toBe('321.00 USDT');
    expect(await page.content()).not.toContain('PRIVATE KEY');
  });

  it("binds a WazirX key only with the code and the member's word that it cannot withdraw, and removes it with a code", async () => {
    const member = await newVerifiedMember();
    const key = await paperAccount({ exchange: 'wazirx', spot: { USDT: 75 } });
    const page = await newPage(1440, 900, member);
    await page.goto(url('/exchange'));
    const wazirx = page.getByRole('region', { name: 'WazirX account' });
    await expect.poll(() => wazirx.isVisible(), { timeout: 15_000 }).toBe(true);
    await wazirx.getByRole('button', { name: 'Connect WazirX' }).click();
    const dialog = page.getByRole('dialog');
    const connect = dialog.getByRole('button', { name: 'Connect' });
    const confirm = dialog.getByLabel('I created this key without withdrawal permission.');

    // WazirX cannot show a key's permissions: the dialog says so and asks the member to confirm.
    await expect
      .poll(() => dialog.getByText('Trendex cannot check that this key cannot withdraw').isVisible())
      .toBe(true);
    // shaped as a WazirX key (16 to 128 characters), but none the exchange issued
    await dialog.getByLabel('API key', { exact: true }).fill('wrong-key-'.repeat(3));
    await dialog.getByLabel('API secret', { exact: true }).fill('wrong-secret-'.repeat(3));
    const code = await sendCode(dialog, member.email);
    await dialog.getByLabel('OTP', { exact: true }).fill(code);
    expect(await connect.isDisabled()).toBe(true); // not confirmed yet
    await confirm.check();
    await dialog.getByLabel('OTP', { exact: true }).fill('');
    expect(await connect.isDisabled()).toBe(true); // no code
    await screenshot(page, 'exchange-wazirx-dialog-1440');

    // a wrong key: the exchange's own message (the code is spent on the try)
    await dialog.getByLabel('OTP', { exact: true }).fill(code);
    await connect.click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('Invalid API Key.');

    await dialog.getByLabel('API key', { exact: true }).fill(key.apiKey);
    await dialog.getByLabel('API secret', { exact: true }).fill(key.secret);
    await dialog.getByLabel('OTP', { exact: true }).fill(await sendCode(dialog, member.email));
    await connect.click();
    await expect
      .poll(() => dialog.getByText('Your API key is verified and connected.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 6_000 }).toBe(0);
    await expect.poll(() => wazirx.getByText(`key …${key.apiKey.slice(-4)}`).isVisible()).toBe(true);

    // removing the key needs a code too
    await wazirx.getByRole('button', { name: 'Remove key' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove WazirX key' });
    const remove = removal.getByRole('button', { name: 'Remove', exact: true });
    expect(await remove.isDisabled()).toBe(true);
    await removal.getByLabel('OTP', { exact: true }).fill('000000');
    await remove.click();
    await expect.poll(() => removal.getByRole('alert').innerText()).toMatch(/OTP/);
    // the card behind the dialog (hidden from the accessibility tree meanwhile) still holds the key
    expect(await page.getByText(`Connected · key …${key.apiKey.slice(-4)}`).isVisible()).toBe(true);
    await removal.getByLabel('OTP', { exact: true }).fill(await sendCode(removal, member.email));
    await remove.click();
    await expect.poll(() => removal.getByText('Your API key is removed.').isVisible()).toBe(true);
    await removal.getByRole('button', { name: 'Done' }).click();
    // the badge and the balance both say so
    await expect.poll(() => wazirx.getByText('Not connected').count()).toBe(2);
    expect(await wazirx.getByLabel('WazirX spot balance').innerText()).toBe('Not connected');
  });
});
