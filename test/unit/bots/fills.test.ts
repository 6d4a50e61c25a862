/** A bot's position from its real fills (functions/bots/fills.ts): money in equals money out plus profit. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFill, type Fill } from '#functions/bots/fills';

const fill = (f: Partial<Fill>): Fill => ({
  side: 'buy',
  qty: 1,
  price: 100,
  fee: 0,
  feeBase: 0,
  market: 'futures',
  orderId: '1',
  at: '2026-01-01T00:00:00.000Z',
  ...f,
});

describe('applyFill', () => {
  it('takes a spot buy fee from the coins received and measures the sale against what was paid', () => {
    const bought = applyFill(undefined, fill({ market: 'spot', qty: 1, price: 100, fee: 0.1, feeBase: 0.001 }));
    expect(bought.position?.size).toBeCloseTo(0.999, 12);
    const sold = applyFill(
      bought.position,
      fill({ market: 'spot', side: 'sell', qty: 0.999, price: 110, fee: 0.10989 }),
    );
    expect(sold.position).toBeUndefined();
    expect(sold.closed?.buyUsdt).toBeCloseTo(100, 9);
    expect(sold.closed?.sellUsdt).toBeCloseTo(109.89 - 0.10989, 9);
    expect(sold.closed?.profit).toBeCloseTo(109.89 - 0.10989 - 100, 9);
  });

  it('keeps all the coins of a spot buy whose fee was paid in USDT, and counts that fee in its cost', () => {
    const bought = applyFill(undefined, fill({ market: 'spot', qty: 1, price: 100, fee: 0.1, feeBase: 0 }));
    expect(bought.position?.size).toBe(1);
    expect(bought.position?.cost).toBeCloseTo(100.1, 12);
  });

  it('splits the fee of an order that closes one position and opens the next in proportion', () => {
    const long = applyFill(undefined, fill({ qty: 1, price: 100, fee: 0.04 }));
    const flipped = applyFill(long.position, fill({ side: 'sell', qty: 3, price: 100, fee: 0.12 }));
    expect(flipped.closed?.profit).toBeCloseTo(-0.04 - 0.04, 12);
    expect(flipped.position?.cost).toBeCloseTo(200 - 0.08, 12);
  });

  it('counts a short futures trade the other way round, fees on both sides', () => {
    const opened = applyFill(undefined, fill({ side: 'sell', qty: 2, price: 100, fee: 0.08 }));
    expect(opened.position?.size).toBe(-2);
    const closed = applyFill(opened.position, fill({ side: 'buy', qty: 2, price: 90, fee: 0.072 }));
    expect(closed.closed?.side).toBe('short');
    expect(closed.closed?.profit).toBeCloseTo(20 - 0.08 - 0.072, 9);
  });

  it('opens the rest the other way when one order closes and flips the position', () => {
    const long = applyFill(undefined, fill({ qty: 1, price: 100 }));
    const flipped = applyFill(long.position, fill({ side: 'sell', qty: 3, price: 105 }));
    expect(flipped.closed?.profit).toBeCloseTo(5, 9);
    expect(flipped.position?.size).toBeCloseTo(-2, 12);
    expect(flipped.position?.entry).toBe(105);
  });

  it('property: any futures round trip in pieces makes as much profit as its cash flows say', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            qty: fc.double({ min: 0.01, max: 5, noNaN: true }),
            price: fc.double({ min: 10, max: 1000, noNaN: true }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(fc.double({ min: 10, max: 1000, noNaN: true }), { minLength: 1, maxLength: 4 }),
        fc.double({ min: 0, max: 0.001, noNaN: true }),
        (buys, exitPrices, feeRate) => {
          let position: ReturnType<typeof applyFill>['position'];
          let cash = 0;
          let profit = 0;
          for (const b of buys) {
            const fee = b.qty * b.price * feeRate;
            position = applyFill(position, fill({ qty: b.qty, price: b.price, fee })).position;
            cash -= b.qty * b.price + fee;
          }
          const held = position!.size;
          exitPrices.forEach((price, k) => {
            const qty = k === exitPrices.length - 1 ? position!.size : held / exitPrices.length;
            const fee = qty * price * feeRate;
            const outcome = applyFill(position, fill({ side: 'sell', qty, price, fee }));
            position = outcome.position;
            profit += outcome.closed!.profit;
            cash += qty * price - fee;
          });
          expect(position).toBeUndefined();
          expect(Math.abs(profit - cash)).toBeLessThan(1e-6 * Math.max(1, Math.abs(cash)));
        },
      ),
    );
  });
});
