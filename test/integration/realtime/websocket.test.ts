import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, newVerifiedMember, stack } from '../../support/api';

const wsUrl = (token?: string) =>
  `${stack().webUrl.replace('http', 'ws')}/ws${token ? `?token=${token}` : ''}`;

const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
  });

/** The next message other than the market ticker's own pushes (the ticker schedule runs in the stack). */
const nextMessage = (ws: WebSocket) =>
  new Promise<Record<string, unknown>>((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      if (message.type === 'ticker') return;
      ws.off('message', onMessage);
      resolve(message);
    };
    ws.on('message', onMessage);
  });

describe('WebSocket gateway', () => {
  it('refuses a connection without a valid ID token', async () => {
    await expect(open(wsUrl())).rejects.toThrow('refused 401');
    await expect(open(wsUrl('not.a.token'))).rejects.toThrow('refused 401');
  });

  it("pushes a member's new notification to their open page, through the Management API", async () => {
    const member = await newVerifiedMember();
    const ws = await open(wsUrl(member.idToken));
    ws.send(JSON.stringify({ action: 'subscribe', topic: 'ticker' }));
    expect(await nextMessage(ws)).toEqual({ message: 'subscribed to ticker' });

    const profile = await call('getProfile', {}, member.idToken);
    process.env.TABLE_NAME = stack().tableName;
    process.env.DYNAMODB_ENDPOINT = stack().dynamoEndpoint;
    process.env.WS_MANAGEMENT_ENDPOINT = `${stack().webUrl}/ws-management`;
    const { notify } = await import('#functions/notifications/service');
    const pushed = nextMessage(ws);
    await notify(String(profile.body.id), 'Your deposit of 50 USDT is credited.');
    expect(await pushed).toEqual({ type: 'notification', message: 'Your deposit of 50 USDT is credited.' });
    ws.close();
  });

  it('pushes to every page a member has open, one Management API post each', async () => {
    const member = await newVerifiedMember();
    const pages = [await open(wsUrl(member.idToken)), await open(wsUrl(member.idToken))];
    const profile = await call('getProfile', {}, member.idToken);
    process.env.TABLE_NAME = stack().tableName;
    process.env.DYNAMODB_ENDPOINT = stack().dynamoEndpoint;
    process.env.WS_MANAGEMENT_ENDPOINT = `${stack().webUrl}/ws-management`;
    try {
      const { pushToMember } = await import('#functions/realtime/service');
      const pushed = pages.map(nextMessage);
      const message = { type: 'notification' as const, message: 'Your withdrawal is on its way.' };
      expect(await pushToMember(String(profile.body.id), message)).toBe(2);
      expect(await Promise.all(pushed)).toEqual([message, message]);
    } finally {
      pages.forEach((ws) => ws.close());
    }
  });

  it('answers an unknown topic with a clear error', async () => {
    const member = await newVerifiedMember();
    const ws = await open(wsUrl(member.idToken));
    ws.send(JSON.stringify({ action: 'subscribe', topic: 'secrets' }));
    expect(await nextMessage(ws)).toEqual({ message: 'Unknown topic.' });
    ws.close();
  });
});
