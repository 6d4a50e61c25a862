/**
 * USD-M futures bookkeeping through ccxt over real HTTP, on a hand-moved clock: funding every
 * 8 hours in the income history, and isolated margin with its liquidation.
 */
import { MarginModeAlreadySet } from 'ccxt';
import { afterEach, describe, expect, it } from 'vitest';
import { CANDLE, MINUTE, btc, findCandle, handClock, servePaper } from './serve';

const c = btc();
const PERP = 'BTC/USDT:USDT';
let exchange: Awaited<ReturnType<typeof servePaper>>;
afterEach(() => exchange.close());

const usdt = (balance: object) => (balance as { total: Record<string, number> }).total.USDT;

describe('funding on the paper exchange', () => {
  it('at 08:00 UTC longs pay shorts 0.01 % of the notional, listed as FUNDING_FEE income', async () => {
    const k = c.length - 1000;
    const clock = handClock(Date.UTC(2026, 0, 5, 7, 45));
    exchange = await servePaper({ now: clock.now, speed: 1, startAt: c.time[k] });
    const long = exchange.client(await exchange.account({ futuresUsdt: 2_000 }), 'futures');
    const short = exchange.client(await exchange.account({ futuresUsdt: 2_000 }), 'futures');
    const flat = exchange.client(await exchange.account({ futuresUsdt: 2_000 }), 'futures');
    await long.createOrder(PERP, 'market', 'buy', 0.01);
    await short.createOrder(PERP, 'market', 'sell', 0.01);
    clock.advance(30 * MINUTE);

    // 08:00 is the open of the next candle
    const fee = 0.01 * c.open[k + 1] * 0.0001;
    const [paid] = await long.fetchFundingHistory(PERP);
    expect(paid).toMatchObject({ symbol: PERP, code: 'USDT', timestamp: Date.UTC(2026, 0, 5, 8) });
    expect(paid.amount).toBeCloseTo(-fee, 8);
    expect(await long.fetchFundingHistory(PERP)).toHaveLength(1);
    const [received] = await short.fetchFundingHistory(PERP);
    expect(received.amount).toBeCloseTo(fee, 8);
    expect(await flat.fetchFundingHistory(PERP)).toHaveLength(0);
    // the wallet paid it, after the opening fee
    const wallet = (await long.fetchBalance()).info as { totalWalletBalance: string };
    expect(Number(wallet.totalWalletBalance)).toBeCloseTo(2_000 - 0.01 * c.open[k] * 0.0004 - fee, 6);
  });
});

describe('isolated margin on the paper exchange', () => {
  it('holds the margin in the position and liquidates it at its liquidation price, the whole margin lost', async () => {
    // a candle from which the price falls 0.5 % within the hour: a 125x isolated long is liquidated
    const k = findCandle(
      (i) =>
        Math.min(c.low[i], c.low[i + 1], c.low[i + 2], c.low[i + 3]) < c.open[i] * 0.995 &&
        c.close[i - 1] === c.open[i],
    );
    const clock = handClock(Date.UTC(2026, 0, 5, 1, 0));
    exchange = await servePaper({ now: clock.now, speed: 1, startAt: c.time[k] });
    const futures = exchange.client(await exchange.account({ futuresUsdt: 1_000 }), 'futures');

    await futures.setMarginMode('isolated', PERP);
    // setting it again is what Binance answers -4046 to (ccxt: MarginModeAlreadySet)
    await expect(futures.setMarginMode('isolated', PERP)).rejects.toThrow(MarginModeAlreadySet);
    await futures.setLeverage(125, PERP);
    await futures.createOrder(PERP, 'market', 'buy', 0.01);
    const entry = c.open[k];
    const margin = (0.01 * entry) / 125;
    const liquidation = (0.01 * entry - margin) / (0.01 * (1 - 0.004));
    const [position] = await futures.fetchPositions([PERP]);
    expect(position).toMatchObject({ marginMode: 'isolated', contracts: 0.01, entryPrice: entry });
    expect(position.liquidationPrice).toBeCloseTo(liquidation, 4);
    expect(Number((position.info as { isolatedWallet: string }).isolatedWallet)).toBeCloseTo(margin, 6);
    await expect(futures.setMarginMode('cross', PERP)).rejects.toThrow(
      'Margin type cannot be changed if there exists position.',
    );

    clock.advance(4 * CANDLE);
    expect((await futures.fetchPositions([PERP])).every((p) => !p.contracts)).toBe(true);
    const [liquidated] = await futures.fetchMyLiquidations(PERP);
    expect(liquidated).toMatchObject({ side: 'sell', contracts: 0.01 });
    expect(liquidated.price).toBeCloseTo(liquidation, 4);
    const trades = await futures.fetchMyTrades(PERP);
    expect(trades).toHaveLength(2);
    expect(trades[1].price).toBeCloseTo(liquidation, 4);
    const openFee = 0.01 * entry * 0.0004;
    expect(usdt(await futures.fetchBalance())).toBeCloseTo(1_000 - openFee - margin, 6);
  });
});
