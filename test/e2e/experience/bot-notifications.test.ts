/**
 * Issue 31 point 5 in Chromium: a bot's event shows in the bell of an open page at once, with no
 * reload; /profile chooses which bot events are also e-mailed, and the choice stays.
 */
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids';
import { notifyBotEvent } from '#functions/notifications/service';
import { call, newVerifiedMember } from '../../support/api';
import { axeViolationsInBothModes } from '../../support/axe';
import { screenshot, url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

const loggedIn = async (width = 1440) => {
  const member = await newVerifiedMember();
  const page = await newPage(width, 900, member);
  await page.goto(url('/dashboard'));
  const memberId = String((await call('getProfile', {}, member.idToken)).body.id);
  return { member, page, memberId };
};

describe('bot notifications in the browser', () => {
  it("a bot's take profit appears in the bell of the open page within seconds, then in the list", async () => {
    const { page, memberId } = await loggedIn();
    const bell = page.getByRole('link', { name: 'Notifications' });
    await expect.poll(() => bell.innerText()).toBe('1'); // the welcome
    // the socket is open once the page has subscribed; give it a moment to be on the member's list
    await page.waitForTimeout(1_000);

    const message = 'Zeno: sold 0.001 BTC at 70000 USDT (take profit), profit 3.10 USDT.';
    const sentAt = Date.now();
    await notifyBotEvent({ memberId, deploymentId: newId(), bot: 'zeno', type: 'take-profit', message });
    // the bell polls every 30 s: a count within 8 s is the push
    await expect.poll(() => bell.innerText(), { timeout: 8_000 }).toBe('2');
    expect(Date.now() - sentAt).toBeLessThan(10_000);

    await bell.click();
    await expect.poll(() => page.getByText(message).isVisible()).toBe(true);
  });

  it('/profile keeps which bot events are e-mailed, and is axe-clean at 375 px in light and dark', async () => {
    const { page } = await loggedIn(375);
    await page.goto(url('/profile'));
    const panel = page.getByRole('region', { name: 'Bot notifications' });
    const filled = panel.getByRole('checkbox', { name: 'Order filled' });
    const stop = panel.getByRole('checkbox', { name: 'Stop' });
    await expect.poll(() => filled.isVisible()).toBe(true);
    expect(await filled.isChecked()).toBe(false);
    expect(await stop.isChecked()).toBe(true);
    const save = panel.getByRole('button', { name: 'Save choices' });
    expect(await save.isDisabled()).toBe(true);

    await filled.click({ force: true });
    await stop.click({ force: true });
    await save.click();
    await expect.poll(() => panel.getByText('Your choices are saved.').isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => filled.isVisible()).toBe(true);
    expect(await filled.isChecked()).toBe(true);
    expect(await stop.isChecked()).toBe(false);

    expect(await axeViolationsInBothModes(page, 'section[aria-label="Bot notifications"]')).toEqual([]);
    await screenshot(page, 'profile-bot-notifications-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(375);
  });
});
