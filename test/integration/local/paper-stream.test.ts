/**
 * The paper exchange's public market streams (issue 31 point 9): Binance's combined and raw
 * mini-ticker streams, field for field, on the URL the web app's config names (the page policy that
 * lets the app open it is checked where the app is built: test/e2e/experience/ticker.test.ts).
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { stack } from '../../support/api';

const config = async () =>
  (await (await fetch(`${stack().webUrl}/config.json`)).json()) as { marketStreamUrl: string };

/** The first `count` messages of a stream. */
const firstMessages = (url: string, count: number) =>
  new Promise<unknown[]>((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: unknown[] = [];
    const timer = setTimeout(() => reject(new Error(`only ${messages.length} messages in 5 s`)), 5_000);
    ws.on('message', (data: Buffer) => {
      messages.push(JSON.parse(data.toString()));
      if (messages.length < count) return;
      clearTimeout(timer);
      ws.close();
      resolve(messages);
    });
    ws.on('error', reject);
  });

const MINI_TICKER_FIELDS = ['E', 'c', 'e', 'h', 'l', 'o', 'q', 's', 'v'];
const decimal = expect.stringMatching(/^\d+\.\d+$/);

describe('paper exchange public streams', () => {
  it("pushes Binance's combined mini-ticker stream on the URL the web config names", async () => {
    const { marketStreamUrl } = await config();
    expect(marketStreamUrl).toMatch(/^ws:\/\/localhost:\d+\/stream$/);
    const messages = (await firstMessages(
      `${marketStreamUrl}?streams=btcusdt@miniTicker/ethusdt@miniTicker`,
      4,
    )) as {
      stream: string;
      data: Record<string, unknown>;
    }[];
    expect(new Set(messages.map((m) => m.stream))).toEqual(
      new Set(['btcusdt@miniTicker', 'ethusdt@miniTicker']),
    );
    for (const { stream, data } of messages) {
      expect(Object.keys(data).sort()).toEqual(MINI_TICKER_FIELDS);
      expect(data).toEqual({
        e: '24hrMiniTicker',
        E: expect.any(Number),
        s: stream.startsWith('btc') ? 'BTCUSDT' : 'ETHUSDT',
        c: decimal,
        o: decimal,
        h: decimal,
        l: decimal,
        v: decimal,
        q: decimal,
      });
      expect(Number(data.l)).toBeLessThanOrEqual(Number(data.c));
      expect(Number(data.h)).toBeGreaterThanOrEqual(Number(data.c));
    }
    // the same prices as the exchange's REST 24-hour ticker (the replay moves a little meanwhile)
    const btc = messages.find((m) => m.data.s === 'BTCUSDT')!.data;
    const rest = (await (
      await fetch(`${stack().webUrl}/paper/binance/api/v3/ticker/24hr?symbol=BTCUSDT`)
    ).json()) as { lastPrice: string; openPrice: string };
    expect(Math.abs(Number(btc.c) / Number(rest.lastPrice) - 1)).toBeLessThan(0.01);
    expect(Math.abs(Number(btc.o) / Number(rest.openPrice) - 1)).toBeLessThan(0.01);
  });

  it('serves a raw stream as the bare event, and nothing for a symbol it does not list', async () => {
    const { marketStreamUrl } = await config();
    const base = marketStreamUrl.replace(/\/stream$/, '');
    const [event] = (await firstMessages(`${base}/ws/xrpusdt@miniTicker`, 1)) as Record<string, unknown>[];
    expect(event).toMatchObject({ e: '24hrMiniTicker', s: 'XRPUSDT', c: decimal });
    await expect(firstMessages(`${marketStreamUrl}?streams=dogeusdt@miniTicker`, 1)).rejects.toThrow(
      'only 0 messages',
    );
  });
});
