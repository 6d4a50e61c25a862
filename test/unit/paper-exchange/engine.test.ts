import { describe, expect, it } from 'vitest';
import { PaperBook, newAccount, unrealizedPnl } from '../../../local/paper-exchange/engine';

/** A book whose BTC price the test sets by hand; fees as Binance's defaults unless said. */
const setup = (fees = { spot: 0.001, futures: 0.0004 }) => {
  const prices: Record<string, number> = { BTCUSDT: 50_000, ETHUSDT: 3_000, XRPUSDT: 0.5, BNBUSDT: 300 };
  const book = new PaperBook((s) => prices[s], fees);
  const account = book.add(newAccount('k', 's', { spot: { USDT: 10_000 }, futuresUsdt: 1_000 }));
  return { book, account, prices };
};

describe('paper exchange: spot matching', () => {
  it('a market buy fills at the current price and takes the fee in the asset received', () => {
    const { book, account } = setup();
    const order = book.place(
      account,
      { venue: 'spot', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.1 },
      1,
    );
    expect(order.status).toBe('FILLED');
    expect(order.cumQuote).toBeCloseTo(5_000, 8);
    expect(account.spot.USDT.free).toBeCloseTo(5_000, 8);
    expect(account.spot.BTC.free).toBeCloseTo(0.0999, 10); // 0.1 - 0.1%
  });

  it('a market sell pays the quote minus the fee', () => {
    const { book, account } = setup();
    account.spot.BTC = { free: 1, locked: 0 };
    book.place(account, { venue: 'spot', symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: 0.5 }, 1);
    expect(account.spot.BTC.free).toBeCloseTo(0.5, 10);
    expect(account.spot.USDT.free).toBeCloseTo(10_000 + 25_000 * 0.999, 6);
  });

  it('a resting limit buy locks its cost, fills at its limit when the price reaches it, and cancel unlocks', () => {
    const { book, account } = setup({ spot: 0, futures: 0 });
    const order = book.place(
      account,
      { venue: 'spot', symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: 0.1, price: 48_000 },
      1,
    );
    expect(order.status).toBe('NEW');
    expect(account.spot.USDT).toEqual({ free: 5_200, locked: 4_800 });
    book.move('BTCUSDT', 50_100, 48_500, 2); // not reached
    expect(order.status).toBe('NEW');
    book.move('BTCUSDT', 50_000, 47_900, 3);
    expect(order.status).toBe('FILLED');
    expect(account.trades.at(-1)).toMatchObject({ price: 48_000, qty: 0.1, maker: true });
    expect(account.spot.USDT.free).toBeCloseTo(5_200, 8);
    expect(account.spot.USDT.locked).toBeCloseTo(0, 8);
    expect(account.spot.BTC.free).toBeCloseTo(0.1, 10);

    const other = book.place(
      account,
      { venue: 'spot', symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: 0.1, price: 40_000 },
      4,
    );
    book.cancel(account, 'spot', 'BTCUSDT', { orderId: other.orderId }, 5);
    expect(other.status).toBe('CANCELED');
    expect(account.spot.USDT).toEqual({ free: 5_200, locked: 0 });
  });

  it('a marketable limit order fills at once at the current price', () => {
    const { book, account } = setup({ spot: 0, futures: 0 });
    const order = book.place(
      account,
      { venue: 'spot', symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: 0.1, price: 51_000 },
      1,
    );
    expect(order).toMatchObject({ status: 'FILLED', cumQuote: 5_000 });
  });

  it('refuses an order the balance cannot pay, with Binance code -2010', () => {
    const { book, account } = setup();
    expect(() =>
      book.place(account, { venue: 'spot', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 1 }, 1),
    ).toThrow(expect.objectContaining({ code: -2010 }));
    expect(account.spot.USDT.free).toBe(10_000);
    expect(account.orders).toHaveLength(0);
  });
});

describe('paper exchange: USD-M futures PnL', () => {
  it('long 0.1 BTC at 50,000 closed at 52,000 realizes +200 less fees', () => {
    const { book, account, prices } = setup({ spot: 0, futures: 0.0004 });
    book.setLeverage(account, 'BTCUSDT', 10);
    book.place(
      account,
      { venue: 'futures', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.1 },
      1,
    );
    // fee 5,000 x 0.04% = 2
    expect(account.futures.wallet).toBeCloseTo(998, 8);
    prices.BTCUSDT = 52_000;
    expect(unrealizedPnl(account.futures.positions.BTCUSDT, 52_000)).toBeCloseTo(200, 8);
    expect(book.futuresMargin(account)).toMatchObject({ used: 520, unrealized: expect.closeTo(200, 6) });
    book.place(
      account,
      { venue: 'futures', symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: 0.1, reduceOnly: true },
      2,
    );
    // +200 realized, fee 5,200 x 0.04% = 2.08
    expect(account.futures.wallet).toBeCloseTo(998 + 200 - 2.08, 8);
    expect(account.futures.positions.BTCUSDT).toMatchObject({ amount: 0, entryPrice: 0 });
    expect(account.trades.at(-1)!.realizedPnl).toBeCloseTo(200, 8);
  });

  it('a short averages its entry, loses when the price rises, and flips on an oversized buy', () => {
    const { book, account, prices } = setup({ spot: 0, futures: 0 });
    account.futures.wallet = 10_000;
    book.place(
      account,
      { venue: 'futures', symbol: 'ETHUSDT', side: 'SELL', type: 'MARKET', quantity: 1 },
      1,
    );
    prices.ETHUSDT = 3_300;
    book.place(
      account,
      { venue: 'futures', symbol: 'ETHUSDT', side: 'SELL', type: 'MARKET', quantity: 1 },
      2,
    );
    const p = account.futures.positions.ETHUSDT;
    expect(p.amount).toBeCloseTo(-2, 10);
    expect(p.entryPrice).toBeCloseTo(3_150, 8);
    prices.ETHUSDT = 3_400;
    expect(unrealizedPnl(p, 3_400)).toBeCloseTo(-500, 8);
    // buy 3: closes 2 at a loss of 2 x 250 = 500, opens a long of 1 at 3,400
    book.place(account, { venue: 'futures', symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: 3 }, 3);
    expect(account.futures.wallet).toBeCloseTo(9_500, 8);
    expect(p).toMatchObject({ amount: 1, entryPrice: 3_400 });
  });

  it('leverage sets the margin: 1,000 USDT cannot open 0.1 BTC (5,000) at 1x, can at 5x, and nothing more', () => {
    const { book, account } = setup({ spot: 0, futures: 0 });
    book.setLeverage(account, 'BTCUSDT', 1);
    expect(() =>
      book.place(
        account,
        { venue: 'futures', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.1 },
        1,
      ),
    ).toThrow(expect.objectContaining({ code: -2019 }));
    book.setLeverage(account, 'BTCUSDT', 5);
    book.place(
      account,
      { venue: 'futures', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.1 },
      2,
    ); // margin 1,000
    expect(() =>
      book.place(
        account,
        { venue: 'futures', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.001 },
        3,
      ),
    ).toThrow(expect.objectContaining({ code: -2019 }));
  });

  it('a reduce-only order that would open or grow a position is rejected', () => {
    const { book, account } = setup();
    expect(() =>
      book.place(
        account,
        {
          venue: 'futures',
          symbol: 'BTCUSDT',
          side: 'SELL',
          type: 'MARKET',
          quantity: 0.01,
          reduceOnly: true,
        },
        1,
      ),
    ).toThrow(expect.objectContaining({ code: -2022 }));
  });

  it('a resting futures limit sell fills at its price and realizes PnL against the entry', () => {
    const { book, account } = setup({ spot: 0, futures: 0 });
    book.place(
      account,
      { venue: 'futures', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.02 },
      1,
    );
    const tp = book.place(
      account,
      {
        venue: 'futures',
        symbol: 'BTCUSDT',
        side: 'SELL',
        type: 'LIMIT',
        quantity: 0.02,
        price: 55_000,
        reduceOnly: true,
      },
      2,
    );
    book.move('BTCUSDT', 49_000, 54_999, 3);
    expect(tp.status).toBe('NEW');
    book.move('BTCUSDT', 54_999, 55_000, 4);
    expect(tp.status).toBe('FILLED');
    expect(account.futures.wallet).toBeCloseTo(1_000 + 0.02 * 5_000, 8);
  });
});

describe('paper exchange: stops and jumps', () => {
  it('a stop reached inside a segment fills at its stop price; one a jump passed fills at the price after the jump', () => {
    const { book, account, prices } = setup({ spot: 0, futures: 0 });
    book.place(
      account,
      { venue: 'futures', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: 0.02 },
      1,
    );
    const stop = (triggerPrice: number) =>
      book.placeAlgo(
        account,
        {
          symbol: 'BTCUSDT',
          side: 'SELL',
          orderType: 'STOP_MARKET',
          quantity: 0.01,
          triggerPrice,
          reduceOnly: true,
        },
        1,
      );
    const inside = stop(49_000);
    const jumped = stop(48_000);
    book.move('BTCUSDT', 50_000, 48_500, 2);
    expect(inside).toMatchObject({ status: 'FINISHED', actualPrice: 49_000 });
    expect(jumped.status).toBe('NEW');
    prices.BTCUSDT = 47_000;
    book.move('BTCUSDT', 48_500, 47_000, 3, true); // a gap from a close to the next open
    expect(jumped).toMatchObject({ status: 'FINISHED', actualPrice: 47_000 });
    expect(account.futures.positions.BTCUSDT.amount).toBeCloseTo(0, 10);
  });

  it('a reduce-only stop with nothing left to reduce expires', () => {
    const { book, account } = setup();
    const algo = book.placeAlgo(
      account,
      {
        symbol: 'BTCUSDT',
        side: 'SELL',
        orderType: 'STOP_MARKET',
        quantity: 0.01,
        triggerPrice: 49_000,
        reduceOnly: true,
      },
      1,
    );
    book.move('BTCUSDT', 50_000, 48_000, 2);
    expect(algo.status).toBe('EXPIRED');
    expect(account.trades).toHaveLength(0);
  });
});
