import { describe, expect, it } from 'vitest';
import { notify } from '#functions/notifications/service';
import { call, newVerifiedMember, stack } from '../../support/api';

describe('notifications feed', () => {
  it('welcomes a new member, counts unread, pages newest first and marks all read', async () => {
    const member = await newVerifiedMember();
    const first = await call('listNotifications', {}, member.idToken);
    expect(first.status).toBe(200);
    expect(first.body.unread).toBe(1);
    expect((first.body.items as { message: string }[])[0].message).toContain('Welcome to Trendex');

    const profile = await call('getProfile', {}, member.idToken);
    process.env.TABLE_NAME = stack().tableName;
    process.env.DYNAMODB_ENDPOINT = stack().dynamoEndpoint;
    for (let i = 1; i <= 3; i++) await notify(String(profile.body.id), `Deposit ${i} credited`);

    const page1 = await call('listNotifications', { limit: 2 }, member.idToken);
    expect(page1.body.unread).toBe(4);
    expect((page1.body.items as { message: string }[]).map((n) => n.message)).toEqual([
      'Deposit 3 credited',
      'Deposit 2 credited',
    ]);
    const page2 = await call(
      'listNotifications',
      { limit: 2, cursor: String(page1.body.cursor) },
      member.idToken,
    );
    expect((page2.body.items as { message: string }[]).map((n) => n.message)).toEqual([
      'Deposit 1 credited',
      expect.stringContaining('Welcome'),
    ]);

    expect((await call('markNotificationsRead', {}, member.idToken)).status).toBe(200);
    const after = await call('listNotifications', {}, member.idToken);
    expect(after.body.unread).toBe(0);
    expect((after.body.items as { read: boolean }[]).every((n) => n.read)).toBe(true);
  });

  it('a member sees only their own notifications', async () => {
    const a = await newVerifiedMember();
    const b = await newVerifiedMember();
    const items = (await call('listNotifications', {}, b.idToken)).body.items as { message: string }[];
    expect(items.map((n) => n.message).join(' ')).not.toContain(a.name);
  });

  it('refuses a cursor it did not make', async () => {
    const member = await newVerifiedMember();
    const answer = await call('listNotifications', { cursor: 'garbage' }, member.idToken);
    expect(answer).toMatchObject({ status: 400, body: { field: 'cursor' } });
  });
});
