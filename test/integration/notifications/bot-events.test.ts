/**
 * Issue 31 point 5: a bot's events reach its member in the feed, live on their open pages, and by
 * e-mail as they chose on /profile: at most one e-mail per bot and event type an hour, the rest of
 * the hour in one digest.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_BOT_EMAILS } from '#api/schemas/notifications';
import { setClock } from '#core/clock';
import { newId } from '#core/ids';
import { sendDueBotDigests } from '#functions/notifications/bot-events';
import { notifyBotEvent, type BotEvent } from '#functions/notifications/service';
import { call, newVerifiedMember, outbox, stack } from '../../support/api';

const botMails = async (email: string) =>
  (await outbox(email)).filter(
    (m) => m.subject.startsWith('Trendex: Zeno') || m.subject.startsWith('Trendex: Nero'),
  );

const memberWithBot = async () => {
  const member = await newVerifiedMember();
  const profile = await call('getProfile', {}, member.idToken);
  const event = (type: BotEvent['type'], message: string, deploymentId = zeno): BotEvent => ({
    memberId: String(profile.body.id),
    deploymentId,
    bot: deploymentId === zeno ? 'zeno' : 'nero',
    type,
    message,
  });
  const zeno = newId();
  return { member, event, zeno, nero: newId() };
};

afterEach(() => setClock(null));

describe('bot event e-mails', () => {
  it('mails the first event of a bot and type at once, holds the rest of the hour and sends them as one digest', async () => {
    const { member, event, nero } = await memberWithBot();
    const start = new Date('2031-03-01T10:00:00.000Z');
    setClock(start);
    await notifyBotEvent(
      event('order-refused', 'Zeno: the exchange refused its buy order (1): not enough free balance.'),
    );
    setClock(new Date(start.getTime() + 10 * 60_000));
    await notifyBotEvent(
      event('order-refused', 'Zeno: the exchange refused its buy order (2): not enough free balance.'),
    );
    await notifyBotEvent(
      event('order-refused', 'Zeno: the exchange refused its sell order (3): not enough free balance.'),
    );
    // another type of the same bot, and the same type of another bot, each have their own hour
    await notifyBotEvent(event('stop', 'Zeno: sold 0.001 BTC at 60000 USDT (stop loss), loss 1.20 USDT.'));
    await notifyBotEvent(event('order-refused', 'Nero: the exchange refused its buy order (1).', nero));

    let mails = await botMails(member.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Trendex: Nero: Order refused',
      'Trendex: Zeno: Order refused',
      'Trendex: Zeno: Stop',
    ]);
    expect(mails.find((m) => m.subject === 'Trendex: Zeno: Order refused')?.text).toContain('order (1)');
    // every event is in the feed, mailed or not
    const feed = await call('listNotifications', {}, member.idToken);
    expect(feed.body.unread).toBe(6); // the welcome and five events

    // not yet an hour since the first e-mail: the digest waits
    setClock(new Date(start.getTime() + 59 * 60_000));
    await sendDueBotDigests();
    expect(await botMails(member.email)).toHaveLength(3);

    setClock(new Date(start.getTime() + 61 * 60_000));
    await sendDueBotDigests();
    await sendDueBotDigests(); // a second run finds nothing left to send
    mails = await botMails(member.email);
    expect(mails).toHaveLength(4);
    const digest = mails.find((m) => m.subject.includes('more in the last hour'));
    expect(digest?.subject).toBe('Trendex: Zeno: Order refused (2 more in the last hour)');
    expect(digest?.text).toContain('order (2)');
    expect(digest?.text).toContain('order (3)');
    expect(digest?.text).not.toContain('order (1)');

    // the digest was this hour's e-mail: an event right after it waits for the next digest
    setClock(new Date(start.getTime() + 70 * 60_000));
    await notifyBotEvent(event('order-refused', 'Zeno: the exchange refused its buy order (4).'));
    expect(await botMails(member.email)).toHaveLength(4);
    setClock(new Date(start.getTime() + 122 * 60_000));
    await sendDueBotDigests();
    expect((await botMails(member.email)).filter((m) => m.text.includes('order (4)'))).toHaveLength(1);
    // and after a quiet hour the next event is mailed at once again
    setClock(new Date(start.getTime() + 190 * 60_000));
    await notifyBotEvent(event('order-refused', 'Zeno: the exchange refused its buy order (5).'));
    expect((await botMails(member.email)).filter((m) => m.text.includes('order (5)'))).toHaveLength(1);
  });

  it('a type the member turned off on /profile is in the feed and never e-mailed', async () => {
    const { member, event } = await memberWithBot();
    const before = await call('getNotificationPreferences', {}, member.idToken);
    expect(before).toMatchObject({ status: 200, body: { botEmails: DEFAULT_BOT_EMAILS } });

    const choice = { ...DEFAULT_BOT_EMAILS, 'take-profit': false, fill: true };
    const saved = await call('setNotificationPreferences', { botEmails: choice }, member.idToken);
    expect(saved).toMatchObject({ status: 200, body: { botEmails: choice } });
    expect((await call('getNotificationPreferences', {}, member.idToken)).body.botEmails).toEqual(choice);

    await notifyBotEvent(
      event('take-profit', 'Zeno: sold 0.001 BTC at 70000 USDT (take profit), profit 3.10 USDT.'),
    );
    await notifyBotEvent(event('fill', 'Zeno: bought 0.001 BTC at 66000 USDT (EMA cross).'));
    const mails = await botMails(member.email);
    expect(mails.map((m) => m.subject)).toEqual(['Trendex: Zeno: Order filled']);
    const feed = (await call('listNotifications', {}, member.idToken)).body.items as { message: string }[];
    expect(feed.map((n) => n.message)).toContain(
      'Zeno: sold 0.001 BTC at 70000 USDT (take profit), profit 3.10 USDT.',
    );
  });

  it('refuses a preference that is not a yes or no for every event type, and keeps the old one', async () => {
    const { member } = await memberWithBot();
    const missing = { ...DEFAULT_BOT_EMAILS } as Record<string, boolean>;
    delete missing.stop;
    const bad = await call('setNotificationPreferences', { botEmails: missing }, member.idToken);
    expect(bad.status).toBe(400);
    const unknown = await call(
      'setNotificationPreferences',
      { botEmails: { ...DEFAULT_BOT_EMAILS, sms: true } },
      member.idToken,
    );
    expect(unknown.status).toBe(400);
    const text = await call(
      'setNotificationPreferences',
      { botEmails: { ...DEFAULT_BOT_EMAILS, stop: 'yes' } },
      member.idToken,
    );
    expect(text.status).toBe(400);
    expect((await call('getNotificationPreferences', {}, member.idToken)).body.botEmails).toEqual(
      DEFAULT_BOT_EMAILS,
    );
    expect((await call('getNotificationPreferences', {})).status).toBe(401);
  });
});

describe('bot events on open pages', () => {
  it("arrive live over the member's WebSocket, and only on their own", async () => {
    const { member, event } = await memberWithBot();
    const other = await newVerifiedMember();
    const open = (token: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${stack().webUrl.replace('http', 'ws')}/ws?token=${token}`);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    const [mine, theirs] = [await open(member.idToken), await open(other.idToken)];
    const received: Record<string, unknown>[] = [];
    theirs.on('message', (data: Buffer) =>
      received.push(JSON.parse(data.toString()) as Record<string, unknown>),
    );
    try {
      const pushed = new Promise<Record<string, unknown>>((resolve) =>
        mine.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString()) as Record<string, unknown>;
          if (message.type === 'notification') resolve(message);
        }),
      );
      const message = 'Zeno stopped: the kill switch halted it at a 25% drawdown';
      await notifyBotEvent(event('kill-switch', message));
      expect(await pushed).toEqual({ type: 'notification', message });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.filter((m) => m.type === 'notification')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
