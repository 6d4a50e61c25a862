/**
 * The back office's trading side through the API: the dashboard's counters come from the data,
 * admin actions land in the audit log (filtered by action and e-mail), the Master accounts
 * report and a member's trades, and the API error viewer shows the executor's dead letters.
 */
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, memberIdOf, newVerifiedMember, stack } from '../../support/api';
import { adminToken } from '../../support/admin';
import { until } from '../../support/team';
import { useLocalTable } from '../../support/fund';

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

const today = () => new Date().toISOString().slice(0, 10);
const rankCount = async (rank: number) =>
  (await call('getAdminSummary', {}, admin)).body.ranks.find((r) => r.rank === rank)!.count;

describe('admin trading side', () => {
  it('counts members per rank from the data, and the rank edit is in the audit log', async () => {
    const m = await newVerifiedMember();
    const id = await memberIdOf(m.email);
    const summary = (await call('getAdminSummary', {}, admin)).body;
    expect(summary.ranks.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(summary.botsActive.map((b) => b.bot)).toEqual(expect.arrayContaining(['zeno', 'classic', 'dca']));
    expect(summary.apiBindings).toBeGreaterThanOrEqual(0);
    const [five, one] = [await rankCount(5), await rankCount(1)];

    const edit = await call('editProfile', { memberId: id, requestId: randomUUID(), rank: 5 }, admin);
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await rankCount(5)).toBe(five + 1);
    expect(await rankCount(1)).toBe(one - 1);

    const byMember = (await call('auditLog', { email: m.email }, admin)).body.items;
    expect(byMember).toEqual([
      expect.objectContaining({
        action: 'profile-edit',
        adminEmail: stack().admin.email,
        target: m.email,
        summary: 'Changed rank: 5.',
      }),
    ]);
    const credits = (await call('auditLog', { action: 'balance-credit', email: m.email }, admin)).body.items;
    expect(credits).toEqual([]);
    const credit = await call(
      'editProfile',
      { memberId: id, requestId: randomUUID(), balanceToAdd: '12.5' },
      admin,
    );
    expect(credit.status).toBe(200);
    const after = (await call('auditLog', { action: 'balance-credit', email: m.email }, admin)).body.items;
    expect(after).toEqual([
      expect.objectContaining({ summary: 'Credited 12.50 USDT to the wallet.', target: m.email }),
    ]);
  });

  it('lists a new member in the Master accounts report, with no trades yet', async () => {
    const m = await newVerifiedMember();
    const id = await memberIdOf(m.email);
    const rows: { id: string; email: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await call(
        'masterReport',
        { from: today(), to: today(), limit: 100, ...(cursor ? { cursor } : {}) },
        admin,
      );
      expect(page.status).toBe(200);
      rows.push(...page.body.items);
      cursor = page.body.cursor;
    } while (cursor);
    expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ id, email: m.email })]));
    expect((await call('memberTrades', { memberId: id }, admin)).body).toEqual({ items: [] });
    const orders = await call('orderReport', { from: today(), to: today(), bot: 'zeno' }, admin);
    expect(orders.status).toBe(200);
    expect(orders.body.totals).toMatchObject({ count: expect.any(Number), profit: expect.any(Number) });
  });

  it("shows the executor's dead letters in the API error viewer, selectable by id", async () => {
    useLocalTable();
    const sqs = new SQSClient({ endpoint: stack().webUrl, region: 'local' });
    const sent = await sqs.send(
      new SendMessageCommand({
        QueueUrl: `${stack().webUrl}/000000000000/trendex-orders.fifo`,
        MessageBody: 'not a tick',
        MessageGroupId: `poison-${randomUUID()}`,
        MessageDeduplicationId: randomUUID(),
      }),
    );
    const id = sent.MessageId!;
    const row = await until(async () => {
      const errors = (await call('apiErrors', {}, admin)).body;
      return errors.items.find((r) => r.id === id);
    }, 60_000);
    expect(row).toMatchObject({ unique: 'dead-letter', reason: expect.stringMatching(/failed|JSON|tick/i) });
    const one = (await call('apiErrors', { orderId: id }, admin)).body;
    expect(one.orderIds).toContain(id);
    expect(one.items.map((r) => r.id)).toEqual([id]);
  }, 90_000);
});
