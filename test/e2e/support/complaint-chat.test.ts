/**
 * The complaint chat in Chromium, two people at once: a member files a complaint with a
 * screenshot, the admin opens it in the complaint chat and answers, the member's open chat shows
 * the answer without reloading, the admin closes it and the member sees it resolved.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newVerifiedMember, stack } from '../../support/api';
import { screenshot, url, useBrowser } from '../../support/browser';

const { newPage } = useBrowser();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('complaint chat', () => {
  it('a member files a complaint, the admin answers live and closes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complaint-'));
    const shot = join(dir, 'shot.png');
    const tooBig = join(dir, 'big.png');
    writeFileSync(shot, PNG);
    writeFileSync(tooBig, Buffer.alloc(500_001, 1));
    const m = await newVerifiedMember();

    const member = await newPage(1440, 900, m);
    await member.goto(url('/complain'));
    await member.getByLabel('Description').fill('My Zeno bot did not start after deploying.');
    await member.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => member.getByText('No image selected.').isVisible()).toBe(true);
    await member.getByLabel('Image (at most 500 KB)').setInputFiles(tooBig);
    await expect
      .poll(() => member.getByText('Image size exceeds the maximum limit of 500KB.').isVisible())
      .toBe(true);
    await member.getByLabel('Image (at most 500 KB)').setInputFiles(shot);
    await member.getByRole('button', { name: 'Submit' }).click();
    await member.getByText('Your complaint is registered.').waitFor();
    const table = member.getByRole('table', { name: 'Complaints' });
    await table.getByText('Pending').waitFor();
    const id = (await table.getByRole('button').first().textContent())!.trim();
    await table.getByRole('button', { name: id }).click();
    const memberChat = member.getByRole('dialog', { name: `Complaint ${id}` });
    await memberChat.getByText('My Zeno bot did not start after deploying.').waitFor();
    await expect.poll(() => memberChat.getByRole('img', { name: 'Attached image' }).count()).toBe(1);

    const admin = await newPage(1440, 900, stack().admin);
    await admin.goto(url('/admindashboard'));
    await admin.getByRole('link', { name: 'Complaint Chat' }).click();
    await admin.waitForURL('**/chatreply');
    const card = admin.getByRole('region', { name: `Complaint ${id}` });
    await card.getByText(m.email).waitFor();
    await card.getByRole('button', { name: id }).click();
    const adminChat = admin.getByRole('dialog', { name: `Complaint ${id}` });
    await adminChat.getByText('My Zeno bot did not start after deploying.').waitFor();
    await adminChat.getByRole('textbox', { name: 'Message' }).fill('Please undeploy and deploy Zeno again.');
    await adminChat.getByRole('button', { name: 'Send', exact: true }).click();
    await adminChat.getByText('Please undeploy and deploy Zeno again.').waitFor();

    // the member's chat, open all along, shows the answer without a reload
    await memberChat.getByText('Please undeploy and deploy Zeno again.').waitFor({ timeout: 10_000 });
    await screenshot(member, 'support-member-chat');
    await screenshot(admin, 'support-admin-chat');

    await adminChat.getByRole('button', { name: 'Close Complaint' }).click();
    await admin.getByText('Complaint resolved successfully.').waitFor();
    await memberChat.getByText('This complaint is resolved.').waitFor({ timeout: 10_000 });
    await member.keyboard.press('Escape');
    await table.getByText('Resolved').waitFor();
  }, 120_000);
});
