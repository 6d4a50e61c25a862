/**
 * A paper exchange killed (SIGKILL, no chance to save anything) right after answering, and started
 * again on its file: every answered order is there, and its replay has not gone back.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { binanceClient } from '#functions/exchange/clients';
import { btc, findCandle } from './serve';

const BTC = 'BTC/USDT';
const dir = mkdtempSync(join(tmpdir(), 'paper-crash-'));
const file = join(dir, 'paper-exchange.json');
const c = btc();
const start = findCandle(() => true);
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the exchange in its own process; resolves with its base URL. */
const startExchange = () => {
  const child = fork(
    fileURLToPath(new URL('./serve-process.ts', import.meta.url)),
    [file, String(c.time[start])],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  children.push(child);
  return {
    child,
    base: new Promise<string>((resolve, reject) => {
      child.once('message', (base) => resolve(base as string));
      child.once('exit', (code) => reject(new Error(`the paper exchange exited (${code})`)));
    }),
  };
};

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const client = (base: string, key: { apiKey: string; secret: string }) => {
  process.env.EXCHANGE_BINANCE_URL = `${base}/binance`;
  return binanceClient(key, 'spot');
};

describe('the paper exchange killed', () => {
  it('keeps every order it answered, and its clock goes on', async () => {
    const first = startExchange();
    const base = await first.base;
    const key = (await (await fetch(`${base}/accounts`, { method: 'POST', body: '{}' })).json()) as {
      apiKey: string;
      secret: string;
    };
    const spot = client(base, key);
    const bought = await spot.createOrder(BTC, 'market', 'buy', 0.001);
    const price = bought.average!;
    const resting = await spot.createOrder(BTC, 'limit', 'buy', 0.001, Math.round(price * 0.5));
    const [candle] = await spot.fetchOHLCV(BTC, '15m', undefined, 1);
    await killed(first.child); // at once after the answer

    const again = client(await startExchange().base, key);
    expect((await again.fetchOpenOrders(BTC)).map((o) => o.id)).toEqual([resting.id]);
    expect((await again.fetchMyTrades(BTC)).map((t) => t.order)).toEqual([bought.id]);
    const [now] = await again.fetchOHLCV(BTC, '15m', undefined, 1);
    expect(now[0]).toBeGreaterThanOrEqual(candle[0]!);
    expect(now[0]).toBeLessThan(candle[0]! + 100 * 15 * 60_000);
  });
});
