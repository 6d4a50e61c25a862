/**
 * Issue 31 point 7: the admin's API error viewer shows each dead letter's real error (the one the
 * executor met on that message, not the batch's "All records failed processing"), its member and
 * its bot.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, memberIdOf, newVerifiedMember } from '../../support/api';
import { adminToken } from '../../support/admin';
import { brokenBot, sendTick } from '../../support/dead-letters';
import { useLocalTable } from '../../support/fund';
import { until } from '../../support/team';

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
  useLocalTable();
});

const rowOf = (id: string) =>
  until(async () => (await call('apiErrors', {}, admin)).body.items.find((r) => r.id === id), 90_000);

describe('API error viewer', () => {
  it("shows a dead letter's own error with its member and bot, never the batch's summary", async () => {
    const member = await newVerifiedMember();
    const bot = await brokenBot(await memberIdOf(member.email));
    const sent = await sendTick(JSON.stringify({ deploymentId: bot.id, tick: Date.now() }), bot.id);
    const poison = await sendTick('not a tick', `poison-${randomUUID()}`);

    const row = await rowOf(sent.MessageId!);
    expect(row).toMatchObject({
      owner: member.email,
      bot: 'Zeno',
      symbol: bot.symbol,
      unique: 'dead-letter',
    });
    expect(row.reason).toMatch(/TypeError: .+ \(try 3\)$/);
    expect(row.reason).not.toMatch(/All records failed|its log has the error|failed batch item/);

    const unread = await rowOf(poison.MessageId!);
    expect(unread).toMatchObject({ bot: '', unique: 'dead-letter' });
    expect(unread.reason).toMatch(/^SyntaxError: .*not a tick.* \(try 3\)$/);
  }, 120_000);
});
