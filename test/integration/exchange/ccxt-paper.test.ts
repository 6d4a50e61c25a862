/**
 * ccxt, unchanged, against the paper exchange of the running local stack: only its URLs point
 * there (functions/exchange/clients.ts rewrites the host of every urls.api entry).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { stack } from '../../support/api';
import { paperAccount, type PaperKey } from '../../support/exchange';

let binanceClient: typeof import('#functions/exchange/clients').binanceClient;
let key: PaperKey;

const amounts = (b: object) => b as unknown as Record<string, number>;

beforeAll(async () => {
  process.env.EXCHANGE_BINANCE_URL = `${stack().webUrl}/paper/binance`;
  ({ binanceClient } = await import('#functions/exchange/clients'));
  key = await paperAccount({ spot: { USDT: 10_000 }, futuresUsdt: 2_000 });
});

describe('ccxt against the paper exchange', () => {
  it('reads markets, the 24-hour ticker and candles', async () => {
    const spot = binanceClient(key, 'spot');
    const ticker = await spot.fetchTicker('BTC/USDT');
    expect(ticker.last).toBeGreaterThan(1_000);
    expect(typeof ticker.percentage).toBe('number');
    const candles = await spot.fetchOHLCV('ETH/USDT', '1h', undefined, 5);
    expect(candles).toHaveLength(5);
    expect(candles[4][0]! - candles[3][0]!).toBe(3_600_000);
  });

  it('places, lists and cancels spot orders and reads the balance', async () => {
    const spot = binanceClient(key, 'spot');
    expect(amounts((await spot.fetchBalance()).total).USDT).toBe(10_000);
    const price = (await spot.fetchTicker('BTC/USDT')).last!;

    const limit = await spot.createOrder('BTC/USDT', 'limit', 'buy', 0.01, Math.round(price * 0.5));
    expect(limit.status).toBe('open');
    expect((await spot.fetchOpenOrders('BTC/USDT')).map((o) => o.id)).toContain(limit.id);
    const locked = await spot.fetchBalance();
    expect(amounts(locked.used).USDT).toBeCloseTo(0.01 * Math.round(price * 0.5), 6);
    expect((await spot.cancelOrder(limit.id!, 'BTC/USDT')).status).toBe('canceled');
    expect(await spot.fetchOpenOrders('BTC/USDT')).toHaveLength(0);

    const market = await spot.createOrder('BTC/USDT', 'market', 'buy', 0.01);
    expect(market.status).toBe('closed');
    expect(market.filled).toBe(0.01);
    const balance = await spot.fetchBalance();
    expect(amounts(balance.total).BTC).toBeCloseTo(0.01 * 0.999, 10); // fee in BTC
    expect(amounts(balance.total).USDT).toBeCloseTo(10_000 - market.cost!, 4);
    const trades = await spot.fetchMyTrades('BTC/USDT');
    expect(trades.map((t) => t.order)).toContain(market.id);
  });

  it('opens a leveraged futures position, reads it, and closes it with a reduce-only order', async () => {
    const futures = binanceClient(key, 'futures');
    expect(amounts((await futures.fetchBalance()).total).USDT).toBe(2_000);
    await futures.setLeverage(3, 'ETH/USDT:USDT');
    const open = await futures.createOrder('ETH/USDT:USDT', 'market', 'sell', 0.5);
    expect(open.status).toBe('closed');
    const [position] = await futures.fetchPositions(['ETH/USDT:USDT']);
    expect(position).toMatchObject({ symbol: 'ETH/USDT:USDT', side: 'short', contracts: 0.5, leverage: 3 });
    expect(position.entryPrice).toBeGreaterThan(0);

    const takeProfit = await futures.createOrder(
      'ETH/USDT:USDT',
      'limit',
      'buy',
      0.5,
      Math.round(position.entryPrice! * 0.5),
      {
        reduceOnly: true,
      },
    );
    expect((await futures.fetchOpenOrders('ETH/USDT:USDT')).map((o) => o.id)).toContain(takeProfit.id);
    expect((await futures.cancelOrder(takeProfit.id!, 'ETH/USDT:USDT')).status).toBe('canceled');

    await futures.createOrder('ETH/USDT:USDT', 'market', 'buy', 0.5, undefined, { reduceOnly: true });
    const after = await futures.fetchPositions(['ETH/USDT:USDT']);
    expect(after.every((p) => !p.contracts)).toBe(true);
    const trades = await futures.fetchMyTrades('ETH/USDT:USDT');
    expect(trades).toHaveLength(2);
    const realized = Number((trades[1].info as { realizedPnl: string }).realizedPnl);
    const fees = trades.reduce((s, t) => s + t.fee!.cost!, 0);
    expect(amounts((await futures.fetchBalance()).total).USDT).toBeCloseTo(2_000 + realized - fees, 6);
  });

  it('refuses a request signed with the wrong secret, as Binance does', async () => {
    const forged = binanceClient({ apiKey: key.apiKey, secret: 'not-the-secret' }, 'spot');
    await expect(forged.fetchBalance()).rejects.toThrow('Signature for this request is not valid.');
  });
});
