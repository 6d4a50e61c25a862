/**
 * The referral network in Chromium: a sponsor copies a Left link from Refer and Earn, a new member
 * signs up through it, the sponsor's Team 1 count rises and lists the new member; the admin finds
 * the sponsor in the tree, reads the counts modal and re-roots the tree by a picture.
 */
import { describe, expect, it } from 'vitest';
import { newVerifiedMember, stack } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

describe('the referral network', () => {
  it('grows the sponsor’s Team 1 through a shared Left link, and the admin reads it in the tree', async () => {
    const sponsor = await newVerifiedMember();
    const page = await newPage(1440, 900, sponsor);
    await page.goto(url('/team'));
    const team1 = page.getByRole('button', { name: /^Team 1 direct referrals/ });
    await expect.poll(() => team1.innerText()).toBe('0');

    // Refer and Earn: the Left link, copied
    await page.getByLabel('Team 2 (Right)').check();
    await expect
      .poll(() => page.getByLabel('Referral link', { exact: true }).innerText())
      .toContain('side=Right');
    await page.getByLabel('Team 1 (Left)').check();
    const link = await page.getByLabel('Referral link', { exact: true }).innerText();
    expect(link).toBe(`${stack().webUrl}/signup?sposer=${sponsor.username}&side=Left`);
    await page.getByRole('button', { name: 'Copy referral link' }).click();
    await expect.poll(() => page.getByText('Text copied to clipboard!').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(page, 'team-glance-1440');

    // a new member signs up through the link
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const recruit = { email: `tm${id}@example.com`, username: `tm${id}`, name: 'Riley Recruit' };
    const other = await newPage();
    await other.goto(link);
    await expect.poll(() => other.getByLabel('Referral id').inputValue()).toBe(sponsor.username);
    expect(await other.getByLabel('Left').isChecked()).toBe(true);
    await other.getByLabel('E-mail').fill(recruit.email);
    await other.getByLabel('Password', { exact: true }).fill('Str0ng!Passw0rd');
    await other.getByLabel('Name', { exact: true }).fill(recruit.name);
    await other.getByLabel('Username').fill(recruit.username);
    await other.getByLabel('Country code').selectOption('IN');
    await other.getByLabel('Mobile number').fill('9876543210');
    await other.getByText('I Accept Terms and Conditions').click();
    await other.getByRole('button', { name: 'Create Account' }).click();
    await other.waitForURL('**/success');
    await other.goto(url(`/outbox?to=${encodeURIComponent(recruit.email)}`));
    await other.locator('a[href*="/verify?token="]').first().click();
    await expect.poll(() => other.getByText('verified').first().isVisible()).toBe(true);

    // the sponsor's Team 1 counts rise (placement runs off the request path, and the leg's total is
    // counted after the placement, in the drain's count batch: reload until both show)
    await expect
      .poll(
        async () => {
          await page.reload();
          const direct = await page.getByRole('button', { name: /^Team 1 direct referrals/ }).innerText();
          return [direct, await page.getByLabel('Team 1 total').innerText()];
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual(['1', '1']);
    await page.getByRole('button', { name: /^Team 1 direct referrals/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(recruit.email).isVisible()).toBe(true);
    await screenshot(page, 'team-referrals-modal');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // a 375 px phone shows the same page
    const phone = await newPage(375, 812, sponsor);
    await phone.goto(url('/team'));
    await expect
      .poll(() => phone.getByRole('button', { name: /^Team 1 direct referrals/ }).innerText())
      .toBe('1');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'team-glance-375');

    // the admin finds the sponsor, reads the counts, and re-roots at the recruit
    const admin = await newPage(1440, 900, stack().admin);
    await admin.goto(url('/admindashboard'));
    await admin.getByRole('link', { name: 'Tree' }).first().click();
    await admin.waitForURL('**/admin1');
    await expect.poll(() => admin.getByText(stack().admin.email).first().isVisible()).toBe(true);
    await admin.getByLabel('Search by e-mail').fill(sponsor.email);
    await admin.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => admin.getByText(recruit.email).isVisible()).toBe(true);
    await admin.getByRole('button', { name: sponsor.name, exact: true }).click();
    const counts = admin.getByRole('dialog');
    await expect.poll(() => counts.getByText('Left count').isVisible()).toBe(true);
    // the value sits next to its label in the data list
    const value = (label: string) =>
      counts.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').innerText();
    expect(await value('Left count')).toBe('1');
    expect(await value('Right count')).toBe('0');
    expect(await value('Left points')).toBe('0');
    await screenshot(admin, 'admin-tree-counts');
    await counts.getByRole('button', { name: 'Close' }).click();

    await admin.getByRole('button', { name: `Show the tree under ${recruit.email}` }).click();
    await expect.poll(() => admin.getByRole('button', { name: 'Up one level' }).isVisible()).toBe(true);
    // the recruit is now the root: the sponsor is no longer shown, and its seats are empty
    await expect.poll(() => admin.getByText(sponsor.email).count()).toBe(0);
    expect(await admin.getByLabel('Empty seat').count()).toBe(6);
    await screenshot(admin, 'admin-tree-rerooted');
    await admin.getByRole('button', { name: 'Up one level' }).click();
    await expect.poll(() => admin.getByText(sponsor.email).isVisible()).toBe(true);

    // at 375 px the four grandchildren share a row: every name and e-mail is shown whole, none cut
    await admin.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => admin.getByTestId('tree-name').count()).toBeGreaterThanOrEqual(2);
    const cut = await admin
      .locator('[data-testid="tree-name"], [data-testid="tree-email"]')
      .evaluateAll((els) =>
        els
          .filter(
            (el) => el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis',
          )
          .map((el) => el.textContent),
      );
    expect(cut).toEqual([]);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(admin, 'admin-tree-375');
  });
});
